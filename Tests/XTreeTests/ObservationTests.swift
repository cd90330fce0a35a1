import Foundation
import Testing
import XTree

/// A thread-safe list of events for subscribers to append to.
final class EventLog: Sendable {
    private let events = NSLockedArray()
    func append(_ event: String) { events.append(event) }
    var all: [String] { events.all }
}

final class NSLockedArray: @unchecked Sendable {
    // Safe: `items` is only touched under `lock`.
    private let lock = NSLock()
    private var items: [String] = []
    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}

@MainActor protocol CounterModel: ViewModel {
    var count: Int { get set }
    var name: String { get set }
}

@MainActor final class DefaultCounterModel: CounterModel {
    let objectWillChange = ObservableObjectPublisher()
    @Published var count = 0
    @Published var name = "counter"
}

/// A view model protocol whose implementation forgot to be observable.
@MainActor protocol Unobservable: AnyObject {}
@MainActor final class PlainModel: Unobservable {}

@MainActor final class Screen1 {
    @Store var model: any CounterModel
    init(model: any CounterModel) { _model = Store(wrappedValue: model) }
}

@MainActor
@Suite struct ObservationTests {
    @Test func publisherCallsSubscribersInOrderUntilCancelled() {
        let publisher = ObservableObjectPublisher()
        let log = EventLog()
        let first = publisher.sink { log.append("first") }
        var second: AnyCancellable? = publisher.sink { log.append("second") }
        publisher.send()
        first.cancel()
        publisher.send()
        second = nil
        publisher.send()
        #expect(log.all == ["first", "second", "second"])
        _ = second
    }

    @Test func subscriptionsStoredInASetLiveAsLongAsTheSet() {
        let publisher = ObservableObjectPublisher()
        let log = EventLog()
        var subscriptions: Set<AnyCancellable> = []
        publisher.sink { log.append("a") }.store(in: &subscriptions)
        publisher.send()
        subscriptions.removeAll()
        publisher.send()
        #expect(log.all == ["a"])
    }

    @Test func subscriberMayCancelAndSendFromInsideItsClosure() {
        let publisher = ObservableObjectPublisher()
        let log = EventLog()
        let box = NSLockedBox<AnyCancellable>()
        box.value = publisher.sink {
            log.append("once")
            box.value?.cancel()
            publisher.send()
        }
        publisher.send()
        publisher.send()
        #expect(log.all == ["once"])
    }

    @Test func publisherIsSafeFromManyThreads() async {
        let publisher = ObservableObjectPublisher()
        let counter = NSLockedArray()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let token = publisher.sink { counter.append("\(task)") }
                        publisher.send()
                        if round % 2 == 0 { token.cancel() }
                    }
                }
            }
        }
        // Every send reached at least the subscription made just before it.
        #expect(counter.all.count >= 8 * 200)
    }

    @Test func subscriptionDoesNotKeepTheObjectAlive() {
        var model: DefaultCounterModel? = DefaultCounterModel()
        weak let weakModel = model
        let subscription = model?.objectWillChange.sink {}
        model = nil
        #expect(weakModel == nil)
        subscription?.cancel()
    }

    @Test func publishedFiresObjectWillChangeBeforeTheValueChanges() {
        let model = DefaultCounterModel()
        let log = EventLog()
        let subscription = model.objectWillChange.sink {
            log.append("will change from \(MainActor.assumeIsolated { model.count })")
        }
        model.count = 1
        model.count = 5
        #expect(log.all == ["will change from 0", "will change from 1"])
        subscription.cancel()
    }

    @Test func projectedPublisherSendsCurrentThenNewValues() {
        let model = DefaultCounterModel()
        let log = EventLog()
        let subscription = model.$count.sink { log.append("\($0)") }
        model.count = 2
        model.count = 3
        subscription.cancel()
        model.count = 4
        #expect(log.all == ["0", "2", "3"])
    }

    @Test func defaultAttributesListPublishedProperties() {
        let model = DefaultCounterModel()
        model.count = 7
        #expect(model.nodeAttributes.map { "\($0.key)=\($0.value)" } == ["count=7", "name=counter"])
        #expect(model.nodeLabel == "")
    }

    @Test func storeWrapsAProtocolTypedModelAndForwardsChanges() {
        let model = DefaultCounterModel()
        let screen = Screen1(model: model)
        let log = EventLog()
        let subscription = screen.$model.objectWillChange.sink { log.append("change") }
        screen.model.count = 1
        #expect(screen.model.count == 1)
        screen.model = DefaultCounterModel()
        model.count = 2  // the old model no longer reaches the store
        screen.model.count = 3
        #expect(log.all == ["change", "change", "change"])
        subscription.cancel()
    }

    @Test func storeProjectsTwoWayBindings() {
        let model = DefaultCounterModel()
        let screen = Screen1(model: model)
        let name = screen.$model.name
        name.wrappedValue = "steps"
        #expect(model.name == "steps")
        model.name = "laps"
        #expect(name.wrappedValue == "laps")
        var point = (x: 1, y: 2)
        let pointBinding = Binding(get: { point }, set: { point = $0 })
        pointBinding.y.wrappedValue = 5
        #expect(point.y == 5)
        #expect(Binding.constant(3).wrappedValue == 3)
    }

    @Test func droppingTheStoreReleasesTheModel() {
        var screen: Screen1? = Screen1(model: DefaultCounterModel())
        weak let weakModel = screen?.model
        let subscription = screen?.$model.objectWillChange.sink {}
        #expect(weakModel != nil)
        screen = nil
        #expect(weakModel == nil)
        subscription?.cancel()
    }

    @Test func storeOfANonObservableModelStopsDebugBuilds() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                _ = Store<any Unobservable>(wrappedValue: PlainModel())
            }
        }
    }
}

final class NSLockedBox<Value: Sendable>: @unchecked Sendable {
    // Safe: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

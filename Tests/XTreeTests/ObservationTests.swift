import Foundation
import Testing
import XTree
import XTreeSupport

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

/// The pattern of the README: `@Published` and no hand-written publisher.
@MainActor final class DefaultCounterModel: ObservableObject, CounterModel {
    @Published var count = 0
    @Published var name = "counter"
}

/// A class that declares its own publisher: `@Published` must not fire it, as with Combine.
final class HandDeclaredPublisher: ObservableObject {
    let objectWillChange = ObservableObjectPublisher()
    @Published var value = 0
}

class BaseModel: ObservableObject {
    @Published var base = "b"
}

final class DerivedModel: BaseModel {
    @Published var derived = 1
}

/// A view model protocol whose implementation forgot to be observable.
@MainActor protocol Unobservable: AnyObject {}
@MainActor final class PlainModel: Unobservable {}

@MainActor final class Screen1 {
    @Store var model: any CounterModel
    init(model: any CounterModel) { _model = Store(wrappedValue: model) }
}

/// The observation contract, the same with Combine and with XTree's stand-ins. Subscriber
/// order is not part of it (Combine documents none), so no test depends on one.
@MainActor
@Suite struct ObservationTests {
    @Test func publisherCallsSubscribersUntilCancelled() {
        let publisher = ObservableObjectPublisher()
        var log: [String] = []
        let first = publisher.sink { log.append("first") }
        var second: AnyCancellable? = publisher.sink { _ in log.append("second") }
        publisher.send()
        first.cancel()
        publisher.send()
        second = nil
        publisher.send()
        #expect(log.sorted() == ["first", "second", "second"])
        _ = second
    }

    @Test func subscriptionsStoredInASetLiveAsLongAsTheSet() {
        let publisher = ObservableObjectPublisher()
        var log: [String] = []
        var subscriptions: Set<AnyCancellable> = []
        publisher.sink { log.append("a") }.store(in: &subscriptions)
        publisher.send()
        subscriptions.removeAll()
        publisher.send()
        #expect(log == ["a"])
    }

    @Test func subscriptionDoesNotKeepTheObjectAlive() {
        var model: DefaultCounterModel? = DefaultCounterModel()
        weak let weakModel = model
        let subscription = model?.objectWillChange.sink {}
        model?.count = 1
        model = nil
        #expect(weakModel == nil)
        subscription?.cancel()
    }

    @Test func publishedFiresTheSynthesisedPublisherBeforeTheValueChanges() {
        let model = DefaultCounterModel()
        var log: [String] = []
        let subscription = model.objectWillChange.sink { log.append("will change from \(model.count)") }
        model.count = 1
        model.count = 5
        #expect(log == ["will change from 0", "will change from 1"])
        subscription.cancel()
    }

    /// A property set before anyone read the object's publisher (so there was none to fire)
    /// fires it once it exists, whatever other objects made publishers meanwhile; so does a
    /// property of the same object that was never set before.
    @Test func propertiesSetBeforeThePublisherWasFirstReadFireItOnceItExists() {
        let model = DefaultCounterModel()
        let other = DefaultCounterModel()
        model.count = 1
        model.count = 2
        var log: [String] = []
        let early = other.objectWillChange.sink { log.append("other") }
        model.count = 3
        let subscription = model.objectWillChange.sink { log.append("count \(model.count)") }
        model.count = 4
        model.name = "renamed"
        other.count = 1
        #expect(log == ["count 3", "count 4", "other"])
        subscription.cancel()
        early.cancel()
    }

    @Test func theSynthesisedPublisherIsOnePerObject() {
        let model = DefaultCounterModel()
        let other = DefaultCounterModel()
        #expect(model.objectWillChange === model.objectWillChange)
        #expect(model.objectWillChange !== other.objectWillChange)
        var fired = 0
        let subscription = model.objectWillChange.sink { fired += 1 }
        other.count = 1
        model.name = "n"
        #expect(fired == 1)
        subscription.cancel()
    }

    @Test func aNewObjectNeverInheritsAnEarlierObjectsSubscribers() {
        // Objects freed in a loop reuse addresses; each must get a publisher of its own.
        var subscriptions: [AnyCancellable] = []
        var fired = 0
        for round in 1...2_000 {
            let model = DefaultCounterModel()
            subscriptions.append(model.objectWillChange.sink { fired += 1 })
            model.count = round
            #expect(fired == round)
        }
        subscriptions.removeAll()
    }

    @Test func aHandDeclaredPublisherIsNotFiredByPublished() {
        let object = HandDeclaredPublisher()
        var fired = 0
        let subscription = object.objectWillChange.sink { fired += 1 }
        object.value = 1
        #expect(fired == 0)
        object.objectWillChange.send()
        #expect(fired == 1)
        subscription.cancel()
    }

    @Test func superclassAndSubclassPropertiesFireTheSamePublisher() {
        let object = DerivedModel()
        var fired = 0
        let subscription = object.objectWillChange.sink { fired += 1 }
        object.base = "c"
        object.derived = 2
        #expect(fired == 2)
        subscription.cancel()
    }

    @Test func projectedPublisherSendsCurrentThenNewValues() {
        let model = DefaultCounterModel()
        var log: [Int] = []
        let subscription = model.$count.sink { log.append($0) }
        model.count = 2
        model.count = 3
        subscription.cancel()
        model.count = 4
        #expect(log == [0, 2, 3])
    }

    @Test func aProjectedPublisherSubscribedLateSendsTheValueOfThatMoment() {
        let model = DefaultCounterModel()
        let publisher = model.$count
        model.count = 9
        var log: [Int] = []
        let subscription = publisher.sink { log.append($0) }
        #expect(log == [9])
        subscription.cancel()
    }

    @Test func defaultAttributesListPublishedPropertiesSuperclassFirst() {
        let model = DefaultCounterModel()
        model.count = 7
        #expect(model.nodeAttributes.map { "\($0.key)=\($0.value)" } == ["count=7", "name=counter"])
        #expect(model.nodeLabel == "")
        let derived = DescribedDerived()
        derived.derived = 3
        #expect(derived.nodeAttributes.map { "\($0.key)=\($0.value)" } == ["base=b", "derived=3"])
    }

    @Test func storeWrapsAProtocolTypedModelAndForwardsChanges() {
        let model = DefaultCounterModel()
        let screen = Screen1(model: model)
        var log: [String] = []
        let subscription = screen.$model.objectWillChange.sink { log.append("change") }
        screen.model.count = 1
        #expect(screen.model.count == 1)
        screen.model = DefaultCounterModel()
        model.count = 2  // the old model no longer reaches the store
        screen.model.count = 3
        #expect(log == ["change", "change", "change"])
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

    @Test func storeOfANonObservableModelStopsDebugBuildsNamingTheConcreteType() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            await MainActor.run {
                _ = Store<any Unobservable>(wrappedValue: PlainModel())
            }
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            message.contains("was given a PlainModel, which is neither an ObservableObject nor @Observable"),
            "\(message)")
    }
}

@MainActor final class DescribedDerived: DescribedBase {
    @Published var derived = 1
}

@MainActor class DescribedBase: ObservableObject, DeepLinkable {
    @Published var base = "b"
}

#if !canImport(Combine)
    /// Guarantees of XTree's own stand-ins, beyond Combine's documented contract: under
    /// Combine these would test Combine.
    @MainActor
    @Suite struct StandInObservationTests {
        final class Mirrored: ObservableObject, CustomReflectable {
            @Published var value = 0
            var customMirror: Mirror { Mirror(self, children: [:]) }
        }

        @Test func aClassWithACustomMirrorIsStillObserved() {
            let object = Mirrored()
            var fired = 0
            let subscription = object.objectWillChange.sink { fired += 1 }
            object.value = 1
            #expect(fired == 1)
            subscription.cancel()
        }

        @Test func subscribersAreCalledInSubscriptionOrder() {
            let publisher = ObservableObjectPublisher()
            var log: [Int] = []
            let tokens = (0..<5).map { index in publisher.sink { log.append(index) } }
            publisher.send()
            #expect(log == [0, 1, 2, 3, 4])
            _ = tokens
        }

        @Test func subscriberMayCancelAndSendFromInsideItsClosure() {
            let publisher = ObservableObjectPublisher()
            var log: [String] = []
            var token: AnyCancellable?
            token = publisher.sink {
                log.append("once")
                token?.cancel()
                publisher.send()
            }
            publisher.send()
            publisher.send()
            #expect(log == ["once"])
        }

        @Test func subscribersAddedFromTwoThreadsAtOnceAreAllKept() async {
            nonisolated(unsafe) let publisher = ObservableObjectPublisher()
            let calls = Locked(0)
            let tokens = Locked<[AnyCancellable]>([])
            let perThread = 2_000
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        await withCheckedContinuation { continuation in
                            // Threads of their own: both add at once, whatever the executor does.
                            Thread {
                                let added = (0..<perThread).map { _ in publisher.sink { calls.withLock { $0 += 1 } } }
                                tokens.withLock { $0 += added }
                                continuation.resume()
                            }.start()
                        }
                    }
                }
            }
            publisher.send()
            #expect(calls.withLock { $0 } == 2 * perThread)
            #expect(tokens.withLock { $0.count } == 2 * perThread)
        }

        @Test func bindingsReachMembersOfTheirValue() {
            final class Holder { var point = (x: 1, y: 2) }
            let holder = Holder()
            nonisolated(unsafe) let shared = holder
            let binding = Binding(get: { shared.point }, set: { shared.point = $0 })
            binding.y.wrappedValue = 5
            #expect(holder.point.y == 5)
            #expect(Binding.constant(3).wrappedValue == 3)
        }
    }
#endif

import Observation
import Testing
import XTree

/// A node that is a plain `ObservableObject`, not a ``ViewModel``: as a user writes one.
@MainActor final class PlainPublishedScreen: ObservableObject, DeepLinkable {
    @Published var count = 0
}

@MainActor protocol CartScreen: AnyObject {
    var items: Int { get set }
}

/// An `@Observable` model held by a store through its protocol.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable final class ObservableCart: CartScreen {
    var items = 0
    var note = ""
}

/// An `@Observable` node, watched through Observation.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable final class ObservedCounter: DeepLinkable {
    var count = 0
    var nodeAttributes: [(key: String, value: String)] { [("count", "\(count)")] }
}

@MainActor final class CheckoutScreen {
    @Store var cart: any CartScreen
    init(cart: any CartScreen) { _cart = Store(wrappedValue: cart) }
}

@MainActor
@Suite struct EveryObservableTests {
    @Test func aPlainObservableObjectNodeIsWatchedWhenItChanges() {
        let screen = PlainPublishedScreen()
        let root = TestNode("root", [screen])
        let monitor = TreeChangeMonitor(root: root)
        monitor.observe()
        screen.count = 1
        #expect(monitor.drain() == [1])
        screen.count = 2
        #expect(monitor.drain() == [1])
    }

    /// Observing again keeps the subscriptions of objects still in the tree, under their new
    /// numbers, and lets go of objects no longer in it.
    @Test func observingAgainRenumbersKeptObjectsAndLetsRemovedOnesGo() {
        let first = PlainPublishedScreen()
        let second = PlainPublishedScreen()
        let root = TestNode("root", [first, second])
        let monitor = TreeChangeMonitor(root: root)
        monitor.observe()
        monitor.observe()
        second.count = 1
        #expect(monitor.drain() == [2])
        root.kids = [second]
        monitor.observe()
        second.count = 2
        first.count = 1
        #expect(monitor.drain() == [1])
        root.kids = []
        monitor.observe()
        second.count = 3
        #expect(monitor.drain() == [])
    }

    /// An Observation registration fires once: observing again before it fired keeps it (no
    /// announcement counted twice), and after it fired makes a new one.
    @Test func anObservedNodeIsRegisteredOnceAndAgainAfterItFired() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let counter = ObservedCounter()
        let root = TestNode("root", [counter])
        let monitor = TreeChangeMonitor(root: root)
        monitor.observe()
        monitor.observe()
        counter.count = 1
        #expect(monitor.drain() == [1])
        counter.count = 2
        #expect(monitor.drain() == [])
        monitor.observe()
        counter.count = 3
        #expect(monitor.drain() == [1])
        root.kids = [PlainPublishedScreen(), counter]
        monitor.observe()
        counter.count = 4
        #expect(monitor.drain() == [2])
    }

    @Test func aStoreHoldsAnObservableModelAndAnnouncesWhatItsBindingsRead() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let cart = ObservableCart()
        let screen = CheckoutScreen(cart: cart)
        var log: [String] = []
        let subscription = screen.$cart.objectWillChange.sink { log.append("change") }
        let items = screen.$cart.items
        #expect(items.wrappedValue == 0)
        cart.items = 3
        #expect(log == ["change"])
        #expect(items.wrappedValue == 3)
        items.wrappedValue = 4
        #expect(cart.items == 4)
        #expect(log == ["change", "change"])
        // Replacing the model is announced as before.
        screen.cart = ObservableCart()
        #expect(log == ["change", "change", "change"])
        subscription.cancel()
    }
}

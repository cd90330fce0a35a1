import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot
import XTreeSupport

#if canImport(Observation)
    import Observation
#endif

/// Watches every object of a live tree and collects which of them announced a change.
///
/// Two kinds of objects are watched, each the way its framework announces changes: every
/// `ObservableObject` (a ``ViewModel``, or any class with `@Published` properties) through
/// `objectWillChange`, and any other
/// object, such as an `@Observable` class, through the Observation framework, by tracking
/// what a snapshot reads of it: its ``NodeDescribing/nodeLabel``,
/// ``NodeDescribing/nodeAttributes`` and ``DeepLinkable/children``. An `@Observable` node is
/// therefore seen to change exactly when its snapshot would, provided it describes itself
/// through its properties: the default attributes read `@Published` storage only, and
/// reflection on `@Observable` storage is not tracked.
///
/// ```swift
/// let monitor = TreeChangeMonitor(root: home)
/// monitor.observe()
/// try await home.open(link)
/// for order in monitor.drain() { print("node \(order) changed") }
/// monitor.observe()   // the tree may have new objects: watch them too
/// ```
///
/// Changes are coalesced by the caller: ``drain()`` returns everything since the last drain,
/// one entry per announcement. Observation tracking fires once per registration, so call
/// ``observe()`` again after draining. Where the Observation framework is not available
/// (before iOS 17 and macOS 14), only `ObservableObject`s are watched.
@MainActor
public final class TreeChangeMonitor {
    private let root: any DeepLinkable
    /// An object watched, kept from one ``observe()`` to the next while it stays in the tree,
    /// so that only objects new to it are subscribed: an `ObservableObject` with its
    /// subscription, any other object tracked through Observation.
    private struct Watched {
        weak var object: AnyObject?
        let subscription: AnyCancellable?
    }
    private var watched: [ObjectIdentifier: Watched] = [:]
    private struct State {
        var fired: [Int] = []
        /// The breadth-first number each watched object had at the last `observe()`.
        var orders: [ObjectIdentifier: Int] = [:]
        /// The Observation registration of each tracked object that has not fired yet: a
        /// registration fires once, and one made before the object was tracked again, from
        /// any thread, is not its current one.
        var registrations: [ObjectIdentifier: Int] = [:]
        var lastRegistration = 0
    }
    private let state = Locked(State())

    private let onChange: (@Sendable () -> Void)?

    /// Creates a monitor of the tree under `root`; it watches nothing until ``observe()``.
    ///
    /// - Parameters:
    ///   - root: The tree's root.
    ///   - onChange: Called after each announcement is recorded, on whatever thread made
    ///     it, before the change is made (`objectWillChange`) or after it (Observation): to
    ///     schedule a ``drain()``, not to read the tree.
    public init(root: any DeepLinkable, onChange: (@Sendable () -> Void)? = nil) {
        self.root = root
        self.onChange = onChange
    }

    /// Starts watching every object reachable now: an object already watched stays
    /// subscribed, a new one is subscribed, and one no longer reachable is let go.
    ///
    /// Announcements are recorded under the breadth-first number the object has now.
    ///
    /// - Complexity: O(*n* + *e*) for the *n* objects and *e* links reachable, plus reading
    ///   the descriptions of the objects that are not `ObservableObject`s.
    public func observe() {
        _ = observeReturningDepartures()
    }

    /// ``observe()``, returning the objects watched until now that are no longer reachable
    /// but still alive, each with the breadth-first number it had at the last observation.
    package func observeReturningDepartures() -> [(object: AnyObject, order: Int)] {
        let state = state
        let onChange = onChange
        let registered = state.withLock { $0.registrations }
        var kept: [ObjectIdentifier: Watched] = [:]
        var orders: [ObjectIdentifier: Int] = [:]
        var toTrack: [any DeepLinkable] = []
        for visit in root.breadthFirst() {
            let node = visit.node
            let key = ObjectIdentifier(node)
            orders[key] = visit.order
            // Still the same object: a dead one's address may have been given to another.
            if let known = watched[key], known.object === node {
                kept[key] = known
                // A tracked object whose registration fired is tracked again.
                if known.subscription == nil, registered[key] == nil { toTrack.append(node) }
                continue
            }
            let subscription = subscribeToObjectWillChange(of: node) {
                let recorded = state.withLock { state in
                    guard let order = state.orders[key] else { return false }
                    state.fired.append(order)
                    return true
                }
                if recorded { onChange?() }
            }
            kept[key] = Watched(object: node, subscription: subscription)
            if subscription == nil { toTrack.append(node) }
        }
        var departures: [(object: AnyObject, order: Int)] = []
        let previousOrders = state.withLock { state in
            defer { state.orders = orders }
            return state.orders
        }
        for (key, known) in watched where kept[key] == nil {
            if let object = known.object, let order = previousOrders[key] { departures.append((object, order)) }
        }
        state.withLock { state in
            state.registrations = state.registrations.filter { kept[$0.key] != nil }
        }
        for node in toTrack { track(node) }
        // Objects no longer in the tree are let go, their subscriptions cancelled.
        watched = kept
        return departures.sorted { $0.order < $1.order }
    }

    /// The breadth-first numbers of the objects that announced a change since the last call,
    /// one per announcement, in the order they came.
    public func drain() -> [Int] {
        state.withLock { state in
            defer { state.fired.removeAll() }
            return state.fired
        }
    }

    private func track(_ node: any DeepLinkable) {
        #if canImport(Observation)
            guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
            let state = state
            let onChange = onChange
            let key = ObjectIdentifier(node)
            let registration = state.withLock { state in
                state.lastRegistration += 1
                state.registrations[key] = state.lastRegistration
                return state.lastRegistration
            }
            withObservationTracking {
                _ = node.nodeLabelText
                _ = node.nodeAttributePairs
                _ = node.children
            } onChange: {
                let current = state.withLock { state in
                    guard state.registrations[key] == registration, let order = state.orders[key] else { return false }
                    state.registrations[key] = nil
                    state.fired.append(order)
                    return true
                }
                if current { onChange?() }
            }
        #endif
    }
}

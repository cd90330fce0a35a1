#if canImport(Combine)
    import Combine

    /// Combine's publisher, where Combine exists, so that SwiftUI observes XTree view models.
    public typealias ObservableObjectPublisher = Combine.ObservableObjectPublisher

    /// Combine's cancellable, where Combine exists.
    public typealias AnyCancellable = Combine.AnyCancellable
#else
    import Foundation

    /// Announces that an object is about to change, on platforms without Combine.
    ///
    /// Mirrors the part of Combine's `ObservableObjectPublisher` that view models use, so the
    /// same code compiles with either:
    ///
    /// ```swift
    /// let subscription = model.objectWillChange.sink { print("will change") }
    /// model.objectWillChange.send()   // prints "will change"
    /// subscription.cancel()
    /// ```
    ///
    /// Subscribers are called synchronously, in subscription order, on the thread that calls
    /// `send()`; for main-actor view models that is the main actor. The publisher retains its
    /// subscribers' closures, never the object it belongs to, and a subscription holds the
    /// publisher weakly, so observing never keeps an object alive.
    public final class ObservableObjectPublisher: Sendable {
        private let subscribers = SubscriberList<Void>()

        /// Creates a publisher with no subscribers.
        public init() {}

        /// Calls every current subscriber.
        public func send() {
            subscribers.send(())
        }

        /// Subscribes `receiveValue` to every later `send()`.
        ///
        /// - Parameter receiveValue: Called on each `send()`, on the sending thread.
        /// - Returns: A token that unsubscribes when cancelled or deinitialized.
        public func sink(receiveValue: @escaping @Sendable () -> Void) -> AnyCancellable {
            subscribers.add { _ in receiveValue() }
        }
    }

    /// A subscription that ends when cancelled or when the token is deinitialized.
    ///
    /// Keep it for as long as you want to be notified, as with Combine:
    ///
    /// ```swift
    /// var subscriptions: Set<AnyCancellable> = []
    /// model.objectWillChange.sink { … }.store(in: &subscriptions)
    /// ```
    public final class AnyCancellable: Hashable, Sendable {
        private let cancellation: Locked<(@Sendable () -> Void)?>

        /// Creates a token that calls `cancel` once, on the first `cancel()` or at deinit.
        public init(_ cancel: @escaping @Sendable () -> Void) {
            cancellation = Locked(cancel)
        }

        deinit { cancel() }

        /// Ends the subscription; later calls do nothing.
        public func cancel() {
            let cancel = cancellation.withLock { cancel in
                defer { cancel = nil }
                return cancel
            }
            cancel?()
        }

        /// Adds the token to `set`, which keeps the subscription alive as long as it holds it.
        public func store(in set: inout Set<AnyCancellable>) {
            set.insert(self)
        }

        /// Tokens are equal when they are the same token.
        public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }

        /// Hashes the token's identity.
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
#endif

#if !canImport(Combine)
    /// Announces that an object is about to change, on platforms without Combine.
    ///
    /// The part of Combine's `ObservableObjectPublisher` that view models use, with the same
    /// signatures, so that one source compiles with either:
    ///
    /// ```swift
    /// let publisher = ObservableObjectPublisher()
    /// let subscription = publisher.sink { print("will change") }
    /// publisher.send()   // prints "will change"
    /// subscription.cancel()
    /// ```
    ///
    /// Subscribers are called synchronously on the thread that calls `send()`. Their order is
    /// not part of the contract (Combine does not document one either). The publisher
    /// retains its subscribers' closures, never the object it belongs to, and a subscription
    /// holds the publisher weakly, so observing never keeps an object alive.
    ///
    /// Like Combine's, the class is not `Sendable`, so code that compiles here compiles where
    /// Combine exists; its methods are nevertheless safe to call from any thread.
    public final class ObservableObjectPublisher {
        /// What the publisher sends: nothing but the fact of a change.
        public typealias Output = Void

        let subscribers = SubscriberList<Void>()

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
        public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            subscribers.add(receiveValue)
        }
    }
#endif

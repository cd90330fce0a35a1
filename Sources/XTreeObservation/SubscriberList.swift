#if !canImport(Combine)
    import XTreeSupport

    /// The thread-safe list of closures behind `ObservableObjectPublisher` and `@Published`'s
    /// projected publisher.
    ///
    /// Closures are called outside the lock, so a subscriber may send, subscribe or cancel from
    /// inside its closure without deadlocking. The lock is `Locked`'s pthread mutex, which
    /// ThreadSanitizer sees: the standard library's `Mutex` locks with atomics and futexes
    /// that it does not, and it reported races inside `withLock` now and then.
    final class SubscriberList<Value>: Sendable {
        /// A subscriber's closure, which is not `Sendable`: it is only stored and copied under
        /// the lock, and called on the thread that sends, as Combine calls it.
        private struct Subscriber: @unchecked Sendable {
            var id = 0
            let receive: (Value) -> Void
        }

        private struct State {
            var nextID = 0
            var subscribers: [Subscriber] = []
        }

        private let state = Locked(State())

        func send(_ value: Value) {
            let subscribers = state.withLock { $0.subscribers }
            for subscriber in subscribers { subscriber.receive(value) }
        }

        func add(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
            var subscriber = Subscriber(receive: receive)
            let id = state.withLock { state in
                defer { state.nextID += 1 }
                subscriber.id = state.nextID
                state.subscribers.append(subscriber)
                return state.nextID
            }
            return AnyCancellable { [weak self] in
                self?.state.withLock { state in state.subscribers.removeAll { $0.id == id } }
            }
        }
    }
#endif

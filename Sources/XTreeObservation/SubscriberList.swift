#if !canImport(Combine)
    import Synchronization

    /// The thread-safe list of closures behind `ObservableObjectPublisher` and `@Published`'s
    /// projected publisher.
    ///
    /// Closures are called outside the lock, so a subscriber may send, subscribe or cancel from
    /// inside its closure without deadlocking. The lock is the standard library's `Mutex`
    /// (this code is built only where Combine is missing, where `Mutex` always exists): a
    /// send to one subscriber is on the path of every `@Published` set.
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

        private let state = Mutex(State())

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

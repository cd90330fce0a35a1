import XTreeSupport

#if !canImport(Combine)
    /// The thread-safe list of closures behind `ObservableObjectPublisher` and `@Published`'s
    /// projected publisher.
    ///
    /// Closures are called outside the lock, so a subscriber may send, subscribe or cancel from
    /// inside its closure without deadlocking.
    final class SubscriberList<Value> {
        private struct State {
            var nextID = 0
            var subscribers: [(id: Int, receive: (Value) -> Void)] = []
        }

        private let state = Locked(State())

        func send(_ value: Value) {
            let subscribers = state.withLock { $0.subscribers }
            for subscriber in subscribers { subscriber.receive(value) }
        }

        func add(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
            let id = state.withLock { state in
                defer { state.nextID += 1 }
                state.subscribers.append((state.nextID, receive))
                return state.nextID
            }
            return AnyCancellable { [weak self] in
                self?.state.withLock { state in state.subscribers.removeAll { $0.id == id } }
            }
        }
    }
#endif

import XTreeSupport

/// A watcher's pending events, filled on the main actor and emptied by its thread. Bounded:
/// a watcher that does not keep up is dropped rather than letting events pile up.
final class Outbox: Sendable {
    static let limit = 256

    enum Taken {
        case events([InspectorReply])
        case overflowed
    }

    private let state = Locked<(events: [InspectorReply], overflowed: Bool)>(([], false))

    func push(_ event: InspectorReply) {
        state.withLock { state in
            if state.events.count >= Self.limit {
                state.overflowed = true
                state.events.removeAll()
            } else if !state.overflowed {
                state.events.append(event)
            }
        }
    }

    func take() -> Taken {
        state.withLock { state in
            if state.overflowed { return .overflowed }
            defer { state.events.removeAll() }
            return .events(state.events)
        }
    }
}

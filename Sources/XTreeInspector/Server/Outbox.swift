import XTreeJournal
import XTreeSupport

/// A follower's events not yet handed to its connection, filled by the journal's queue and
/// emptied on the loop's thread. Bounded: a client that does not keep up is dropped rather
/// than letting events pile up.
final class Outbox: JournalSubscriber {
    static let limit = 256

    enum Taken {
        case events([JournalEvent])
        case overflowed
    }

    private let state = Locked<(events: [JournalEvent], overflowed: Bool)>(([], false))
    /// Told when events arrive in an empty outbox; `nil` in tests of the outbox alone.
    private let connection: InspectorCore.Connection?

    init(_ connection: InspectorCore.Connection? = nil) {
        self.connection = connection
    }

    func receive(_ event: JournalEvent) {
        let first = state.withLock { state in
            if state.events.count >= Self.limit {
                state.overflowed = true
                state.events.removeAll()
            } else if !state.overflowed {
                state.events.append(event)
            }
            return state.events.count == 1 || state.overflowed
        }
        if first, let connection { connection.core.eventsArrived(for: connection.id) }
    }

    func take() -> Taken {
        state.withLock { state in
            if state.overflowed { return .overflowed }
            defer { state.events.removeAll() }
            return .events(state.events)
        }
    }
}

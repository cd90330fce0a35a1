import XTree
import XTreeJournal
import XTreeSnapshot
import XTreeSupport

/// A follower's pending events, filled by the journal and emptied by its connection's
/// thread. Bounded: a client that does not keep up is dropped rather than letting events
/// pile up.
final class Outbox: JournalSubscriber {
    static let limit = 256

    enum Taken {
        case events([JournalEvent])
        case overflowed
    }

    private let state = Locked<(events: [JournalEvent], overflowed: Bool)>(([], false))

    func receive(_ event: JournalEvent) {
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

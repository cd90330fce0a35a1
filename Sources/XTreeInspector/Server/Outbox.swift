import XTree
import XTreeJournal
import XTreeSnapshot
import XTreeSupport

/// A watcher's or a follower's pending messages, filled by the journal and emptied by its
/// connection's thread. Bounded: a client that does not keep up is dropped rather than
/// letting messages pile up.
final class Outbox: JournalSubscriber {
    static let limit = 256

    /// What the connection asked for.
    enum Interest: Sendable, Equatable {
        /// `watch`: each change to the tree, as a ``ChangeRecord``.
        case changes
        /// `follow`: each journal event.
        case journal
    }

    /// A message.
    struct Message: Sendable {
        var reply: InspectorReply
    }

    enum Taken {
        case messages([Message])
        case overflowed
    }

    let interest: Interest
    private let state = Locked<(messages: [Message], overflowed: Bool)>(([], false))

    init(_ interest: Interest) {
        self.interest = interest
    }

    func push(_ message: Message) {
        state.withLock { state in
            if state.messages.count >= Self.limit {
                state.overflowed = true
                state.messages.removeAll()
            } else if !state.overflowed {
                state.messages.append(message)
            }
        }
    }

    func take() -> Taken {
        state.withLock { state in
            if state.overflowed { return .overflowed }
            defer { state.messages.removeAll() }
            return .messages(state.messages)
        }
    }

    /// Turns an event into the message this outbox's client asked for. A watcher is sent
    /// every event that changed the tree or reports outlived objects.
    func receive(_ record: JournalRecord) {
        var reply = InspectorReply(id: nil)
        switch interest {
        case .changes:
            guard record.notifications > 0 || record.outlived != nil || !record.edit.isEmpty else { return }
            reply.change = ChangeRecord(
                notifications: record.notifications, objects: record.objects, edit: record.edit,
                outlived: record.outlived)
        case .journal:
            reply.event = record
        }
        push(.init(reply: reply))
    }
}

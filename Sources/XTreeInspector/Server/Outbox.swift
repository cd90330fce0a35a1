import XTree
import XTreeJournal
import XTreeSupport

/// A watcher's or a follower's pending messages, filled by the journal and emptied by its
/// connection's thread. Bounded: a client that does not keep up is dropped rather than
/// letting messages pile up.
final class Outbox: JournalSubscriber {
    static let limit = 256

    /// What the connection asked for.
    enum Interest: Sendable, Equatable {
        /// `watch`: each change to the tree, as a ``ChangeEvent``.
        case changes
        /// `follow`: each journal event, with the tree after it if `snapshots`.
        case journal(snapshots: Bool)
    }

    /// A message, and the snapshot that follows it, if any.
    struct Message: Sendable {
        var reply: InspectorReply
        var snapshot: TreeSnapshot?
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

    /// Turns a completed event into the message this outbox's client asked for.
    func receive(_ event: JournalEvent, after tree: TreeSnapshot) {
        var reply = InspectorReply(id: nil)
        switch interest {
        case .changes:
            guard event.notifications > 0 || event.outlived != nil else { return }
            reply.change = ChangeEvent(
                notifications: event.notifications, objects: event.objects, diff: event.diff, outlived: event.outlived)
            push(.init(reply: reply))
        case .journal(let snapshots):
            reply.event = event
            push(.init(reply: reply, snapshot: snapshots ? tree : nil))
        }
    }
}

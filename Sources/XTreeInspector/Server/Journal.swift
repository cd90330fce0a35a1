import Dispatch
import XTree
import XTreeSupport

/// The inspector's journal: the last events that happened to the tree, in a ring of
/// ``capacity`` events, and the clients that watch or follow them.
///
/// The main actor hands each event over with the snapshots before and after it; the diff is
/// computed here, on the journal's own queue, which also keeps events in the order of their
/// sequence numbers. With no client, events wait in a short batch, so that applying a link
/// wakes no thread. A client that starts following is registered on the same queue, so it
/// misses no event and sees none twice.
final class Journal: Sendable {
    /// What the main actor hands over: everything an event needs but its diff.
    struct Entry: Sendable {
        var sequence: Int
        var time: Double
        /// The link, its path not yet filled in.
        var link: JournalEvent.Link?
        var restore: JournalEvent.Restore?
        var outlived: [JournalEvent.Outlived]?
        /// Breadth-first numbers of the path the link reached, in `after`.
        var reached: [Int]
        var notifications: Int
        var objects: Int
        var before: TreeSnapshot
        var after: TreeSnapshot
    }

    /// How many events are kept; 0 keeps none (watchers are still served).
    let capacity: Int
    private let queue = DispatchQueue(label: "XTree inspector journal")

    private struct State {
        /// Events handed over and not yet completed, oldest first, and the nodes of the trees
        /// after them.
        var pending: [Entry] = []
        var pendingNodes = 0
        /// The events kept, oldest at `oldest` once the ring is full.
        var ring: [JournalEvent] = []
        var oldest = 0
        var outboxes: [ObjectIdentifier: Outbox] = [:]

        func events(after sequence: Int) -> [JournalEvent] {
            (ring[oldest...] + ring[..<oldest]).filter { $0.sequence > sequence }
        }
    }

    private let state = Locked(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes an event over from the main actor. It is completed off the main actor: at once
    /// when a client watches or follows; otherwise when 32 are waiting, when their trees hold
    /// 65,536 nodes, or when someone reads the journal, so that a link pays for no thread's
    /// wake-up.
    func record(_ entry: Entry) {
        let now = state.withLock { state in
            state.pending.append(entry)
            state.pendingNodes += entry.after.nodes.count
            return state.pending.count == 1 && !state.outboxes.isEmpty || state.pending.count >= Self.batch
                || state.pendingNodes >= Self.batchNodes
        }
        if now { queue.async { [self] in completePending() } }
    }

    /// How many events may wait to be completed when no client is served.
    static let batch = 32
    /// How many nodes the trees of the events waiting may hold in all: with a large tree,
    /// each event is completed at once rather than holding many trees.
    static let batchNodes = 1 << 16

    /// Completes the events waiting, in order: diffs, the ring, the clients. On the queue.
    private func completePending() {
        let (entries, outboxes) = state.withLock { state in
            defer {
                state.pending.removeAll()
                state.pendingNodes = 0
            }
            return (state.pending, Array(state.outboxes.values))
        }
        for entry in entries {
            var link = entry.link
            if !entry.reached.isEmpty {
                let columns = entry.after.nodes
                link?.reached = entry.reached.map {
                    JournalEvent.Step(order: $0, type: columns[$0].type, id: columns[$0].id)
                }
            }
            let event = JournalEvent(
                sequence: entry.sequence, time: entry.time, link: link, restore: entry.restore,
                outlived: entry.outlived, notifications: entry.notifications,
                objects: entry.objects, diff: TreeDiff(from: entry.before, to: entry.after))
            if capacity > 0 {
                state.withLock { state in
                    if state.ring.count < capacity {
                        state.ring.append(event)
                    } else {
                        state.ring[state.oldest] = event
                        state.oldest = (state.oldest + 1) % capacity
                    }
                }
            }
            for outbox in outboxes { deliver(event, snapshot: entry.after, to: outbox) }
        }
    }

    private func deliver(_ event: JournalEvent, snapshot: TreeSnapshot, to outbox: Outbox) {
        var reply = InspectorReply(id: nil)
        switch outbox.interest {
        case .changes:
            guard event.notifications > 0 || event.outlived != nil else { return }
            reply.change = ChangeEvent(
                notifications: event.notifications, objects: event.objects, diff: event.diff, outlived: event.outlived)
            outbox.push(.init(reply: reply))
        case .journal(let snapshots):
            reply.event = event
            outbox.push(.init(reply: reply, snapshot: snapshots ? snapshot : nil))
        }
    }

    /// The events kept whose sequence is after `sequence`, once every event handed over
    /// before the call is complete.
    func events(after sequence: Int) -> [JournalEvent] {
        queue.sync {
            completePending()
            return state.withLock { $0.events(after: sequence) }
        }
    }

    /// Starts handing events to `outbox`; the events kept after `sequence`, if given, are
    /// returned, and every later one goes to the outbox.
    func add(_ outbox: Outbox, backlogAfter sequence: Int?) -> [JournalEvent] {
        queue.sync {
            completePending()
            return state.withLock { state in
                state.outboxes[ObjectIdentifier(outbox)] = outbox
                return sequence.map { state.events(after: $0) } ?? []
            }
        }
    }

    /// Stops handing events to `outbox`; whether it was the last client.
    func remove(_ outbox: Outbox) -> Bool {
        state.withLock { state in
            state.outboxes[ObjectIdentifier(outbox)] = nil
            return state.outboxes.isEmpty
        }
    }

    /// How many events wait to be completed.
    var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Whether any client watches or follows.
    var hasClients: Bool { state.withLock { !$0.outboxes.isEmpty } }

    /// Waits until every event handed over before the call is complete and delivered.
    func settle() {
        queue.sync { completePending() }
    }
}

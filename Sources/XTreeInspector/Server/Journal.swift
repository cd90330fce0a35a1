import Dispatch
import XTree
import XTreeSupport

/// The inspector's journal: the last events that happened to the tree, in a ring of
/// ``capacity`` events, and the clients that watch or follow them.
///
/// The main actor hands each event over with the snapshots before and after it; the diff is
/// computed here, on the journal's own queue, which also keeps events in the order of their
/// sequence numbers. A client that starts following is registered on the same queue, so it
/// misses no event and sees none twice.
final class Journal: Sendable {
    /// What the main actor hands over: everything an event needs but its diff.
    struct Entry: Sendable {
        var sequence: Int
        var time: Double
        /// The link, its path not yet filled in.
        var link: JournalEvent.Link?
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

    /// Completes an event off the main actor, keeps it, and hands it to every client.
    func record(_ entry: Entry) {
        queue.async { [self] in
            var link = entry.link
            if !entry.reached.isEmpty {
                let columns = entry.after.nodes
                link?.reached = entry.reached.map {
                    JournalEvent.Step(order: $0, type: columns[$0].type, id: columns[$0].id)
                }
            }
            let event = JournalEvent(
                sequence: entry.sequence, time: entry.time, link: link, notifications: entry.notifications,
                objects: entry.objects, diff: TreeDiff(from: entry.before, to: entry.after))
            let outboxes = state.withLock { state in
                if capacity > 0 {
                    if state.ring.count < capacity {
                        state.ring.append(event)
                    } else {
                        state.ring[state.oldest] = event
                        state.oldest = (state.oldest + 1) % capacity
                    }
                }
                return Array(state.outboxes.values)
            }
            for outbox in outboxes { deliver(event, snapshot: entry.after, to: outbox) }
        }
    }

    private func deliver(_ event: JournalEvent, snapshot: TreeSnapshot, to outbox: Outbox) {
        var reply = InspectorReply(id: nil)
        switch outbox.interest {
        case .changes:
            guard event.notifications > 0 else { return }
            reply.change = ChangeEvent(notifications: event.notifications, objects: event.objects, diff: event.diff)
            outbox.push(.init(reply: reply))
        case .journal(let snapshots):
            reply.event = event
            outbox.push(.init(reply: reply, snapshot: snapshots ? snapshot : nil))
        }
    }

    /// The events kept whose sequence is after `sequence`, once every event handed over
    /// before the call is complete.
    func events(after sequence: Int) -> [JournalEvent] {
        queue.sync { state.withLock { $0.events(after: sequence) } }
    }

    /// Starts handing events to `outbox`; the events kept after `sequence`, if given, are
    /// returned, and every later one goes to the outbox.
    func add(_ outbox: Outbox, backlogAfter sequence: Int?) -> [JournalEvent] {
        queue.sync {
            state.withLock { state in
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

    /// Whether any client watches or follows.
    var hasClients: Bool { state.withLock { !$0.outboxes.isEmpty } }

    /// Waits until every event handed over before the call is complete and delivered.
    func settle() {
        queue.sync {}
    }
}

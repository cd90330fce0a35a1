import Dispatch
import XTree
import XTreeSupport

/// The inspector's journal: the last events that happened to the tree, in a ring of
/// ``capacity`` events, and the clients that watch or follow them.
///
/// The main actor hands each event over with the snapshots before and after it; the diff is
/// computed here, on the journal's own queue, which also keeps events in the order of their
/// sequence numbers. With no subscriber, events wait in a short batch, so that applying a link
/// wakes no thread. A subscriber that starts following is registered on the same queue, so it
/// misses no event and sees none twice.
package final class Journal: Sendable {
    /// What the main actor hands over: everything an event needs but its diff.
    package struct Entry: Sendable {
        package var sequence: Int
        package var time: Double
        /// The link, its path not yet filled in.
        package var link: JournalEvent.Link?
        package var restore: JournalEvent.Restore?
        package var outlived: [JournalEvent.Outlived]?
        /// Breadth-first numbers of the path the link reached, in `after`.
        package var reached: [Int]
        package var notifications: Int
        package var objects: Int
        package var before: TreeSnapshot
        package var after: TreeSnapshot

        package init(
            sequence: Int, time: Double, link: JournalEvent.Link?, restore: JournalEvent.Restore? = nil,
            outlived: [JournalEvent.Outlived]? = nil, reached: [Int], notifications: Int, objects: Int,
            before: TreeSnapshot, after: TreeSnapshot
        ) {
            self.sequence = sequence
            self.time = time
            self.link = link
            self.restore = restore
            self.outlived = outlived
            self.reached = reached
            self.notifications = notifications
            self.objects = objects
            self.before = before
            self.after = after
        }
    }

    /// How many events are kept; 0 keeps none (watchers are still served).
    package let capacity: Int
    private let queue = DispatchQueue(label: "XTree inspector journal")

    private struct State {
        /// Events handed over and not yet completed, oldest first, and the nodes of the trees
        /// after them.
        var pending: [Entry] = []
        var pendingNodes = 0
        /// The events kept, oldest at `oldest` once the ring is full.
        var ring: [JournalEvent] = []
        var oldest = 0
        var subscribers: [ObjectIdentifier: any JournalSubscriber] = [:]

        func events(after sequence: Int) -> [JournalEvent] {
            (ring[oldest...] + ring[..<oldest]).filter { $0.sequence > sequence }
        }
    }

    private let state = Locked(State())

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes an event over from the main actor. It is completed off the main actor: at once
    /// when a client watches or follows; otherwise when 32 are waiting, when their trees hold
    /// 65,536 nodes, or when someone reads the journal, so that a link pays for no thread's
    /// wake-up.
    package func record(_ entry: Entry) {
        let now = state.withLock { state in
            state.pending.append(entry)
            state.pendingNodes += entry.after.nodes.count
            return state.pending.count == 1 && !state.subscribers.isEmpty || state.pending.count >= Self.batch
                || state.pendingNodes >= Self.batchNodes
        }
        if now { queue.async { [self] in completePending() } }
    }

    /// How many events may wait to be completed when no client is served.
    package static let batch = 32
    /// How many nodes the trees of the events waiting may hold in all: with a large tree,
    /// each event is completed at once rather than holding many trees.
    package static let batchNodes = 1 << 16

    /// Completes the events waiting, in order: diffs, the ring, the clients. On the queue.
    private func completePending() {
        let (entries, subscribers) = state.withLock { state in
            defer {
                state.pending.removeAll()
                state.pendingNodes = 0
            }
            return (state.pending, Array(state.subscribers.values))
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
            for subscriber in subscribers { subscriber.receive(event, after: entry.after) }
        }
    }

    /// The events kept whose sequence is after `sequence`, once every event handed over
    /// before the call is complete.
    package func events(after sequence: Int) -> [JournalEvent] {
        queue.sync {
            completePending()
            return state.withLock { $0.events(after: sequence) }
        }
    }

    /// Starts handing events to `subscriber`; the events kept after `sequence`, if given, are
    /// returned, and every later one goes to the subscriber.
    package func add(_ subscriber: any JournalSubscriber, backlogAfter sequence: Int?) -> [JournalEvent] {
        queue.sync {
            completePending()
            return state.withLock { state in
                state.subscribers[ObjectIdentifier(subscriber)] = subscriber
                return sequence.map { state.events(after: $0) } ?? []
            }
        }
    }

    /// Stops handing events to `subscriber`; whether it was the last one.
    package func remove(_ subscriber: any JournalSubscriber) -> Bool {
        state.withLock { state in
            state.subscribers[ObjectIdentifier(subscriber)] = nil
            return state.subscribers.isEmpty
        }
    }

    /// How many events wait to be completed.
    package var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Whether anyone watches or follows.
    package var hasSubscribers: Bool { state.withLock { !$0.subscribers.isEmpty } }

    /// Waits until every event handed over before the call is complete and delivered.
    package func settle() {
        queue.sync { completePending() }
    }
}

/// Who is handed each event as it is completed: a watcher's or a follower's outbox. Called
/// on the journal's queue, in the order of sequence numbers.
package protocol JournalSubscriber: AnyObject, Sendable {
    /// Takes a completed event and the tree after it.
    func receive(_ event: JournalEvent, after tree: TreeSnapshot)
}

import Dispatch
import XTree
import XTreeSupport

/// The inspector's journal: the last events that happened to the tree, in a ring of
/// ``capacity`` events, and the clients that follow them.
///
/// The main actor hands each ``JournalEvent`` over, its change already an edit by
/// ids; this queue keeps events in the order of their sequence numbers and hands them to
/// subscribers. With no subscriber, events wait in a short batch, so that applying a link
/// wakes no thread. A subscriber that starts following is registered on the same queue, so it
/// misses no event and sees none twice.
package final class Journal: Sendable {
    /// How many events are kept; 0 keeps none (followers are still served).
    package let capacity: Int
    private let queue = DispatchQueue(label: "XTree inspector journal")

    private struct State {
        /// Events handed over and not yet taken into the ring, oldest first, and the entries
        /// of their edits.
        var pending: [JournalEvent] = []
        var pendingEntries = 0
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

    /// Takes an event over from the main actor. It is delivered off the main actor: at once
    /// when a client follows; otherwise when 32 are waiting, when their edits hold
    /// 65,536 entries, or when someone reads the journal, so that a link pays for no thread's
    /// wake-up.
    package func record(_ event: JournalEvent) {
        let entries = event.edit.added.count + event.edit.removed.count + event.edit.changed.count
        let now = state.withLock { state in
            state.pending.append(event)
            state.pendingEntries += entries
            return state.pending.count == 1 && !state.subscribers.isEmpty || state.pending.count >= Self.batch
                || state.pendingEntries >= Self.batchEntries
        }
        if now { queue.async { [self] in completePending() } }
    }

    /// How many events may wait when no client is served.
    package static let batch = 32
    /// How many entries the edits of the events waiting may hold in all.
    package static let batchEntries = 1 << 16

    /// Takes the events waiting into the ring and hands them to the clients, in order. On
    /// the queue.
    private func completePending() {
        let (events, subscribers) = state.withLock { state in
            defer {
                state.pending.removeAll()
                state.pendingEntries = 0
            }
            return (state.pending, Array(state.subscribers.values))
        }
        for event in events {
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
            for subscriber in subscribers { subscriber.receive(event) }
        }
    }

    /// The events kept whose sequence is after `sequence`, once every event handed over
    /// before the call is taken in.
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

    /// The last `count` events handed over, oldest first, if the journal's lock is free now;
    /// `nil` without waiting if it is held (a debugger's call, with the holder stopped).
    package func lastEvents(_ count: Int) -> [JournalEvent]? {
        state.tryWithLock { state in
            Array((state.ring[state.oldest...] + state.ring[..<state.oldest] + state.pending).suffix(count))
        }
    }

    /// How many events wait to be taken in.
    package var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Whether anyone follows.
    package var hasSubscribers: Bool { state.withLock { !$0.subscribers.isEmpty } }

    /// Returns once every event handed over before the call is taken in and delivered,
    /// waiting on nothing.
    package func settled() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async { [self] in
                completePending()
                done.resume()
            }
        }
    }

    /// Waits until every event handed over before the call is taken in and delivered.
    package func settle() {
        queue.sync { completePending() }
    }
}

/// Who is handed each event as it is taken in: a follower's outbox. Called on
/// the journal's queue, in the order of sequence numbers.
package protocol JournalSubscriber: AnyObject, Sendable {
    /// Takes an event.
    func receive(_ event: JournalEvent)
}

import Foundation
import XTree
import XTreeEscaping
import XTreeJournal
import XTreePlatform
import XTreeSnapshot
import XTreeSupport

/// Requests after the hello: each answered on the client's thread, touching the tree on the
/// main actor only for as long as a snapshot or the app's link handler takes.
extension InspectorCore {
    /// Answers one request; `false` if the connection failed.
    func respond(to request: InspectorRequest, on connection: Connection, outbox: inout Outbox?) -> Bool {
        switch request.method {
        case .hello:
            return send(reject(request.id, "already said hello"), to: connection)
        case .snapshot:
            guard let snapshot = onMain({ [hub] in TreeSnapshot(of: hub.root) }) else { return false }
            return sendSnapshot(snapshot, reply: InspectorReply(id: request.id), on: connection)
        case .find:
            guard let name = request.name else { return send(reject(request.id, "find needs a name"), to: connection) }
            let conditions = request.conditions ?? []
            guard let snapshot = onMain({ [hub] in TreeSnapshot(of: hub.root) }) else { return false }
            var reply = InspectorReply(id: request.id)
            reply.trace = snapshot.search(forName: name, all: request.all ?? false) { node in
                conditions.allSatisfy { $0.matches(node) }
            }
            return sendSnapshot(snapshot, reply: reply, on: connection)
        case .open:
            guard let open else { return send(reject(request.id, "this app takes no links"), to: connection) }
            guard let text = request.url, let url = URL(string: text) else {
                return send(reject(request.id, "open needs a URL"), to: connection)
            }
            // A follower holds the tree: it is sent the link's event, its edit, before the
            // reply, and no tree; anyone else the tree after the link.
            let following = outbox != nil
            let outcome = onMain { [hub] in
                await hub.apply(text, source: .inspector, tracing: true, needsSnapshot: !following) {
                    try await open(url)
                }
                .applied
            }
            guard let outcome else { return false }
            var reply = InspectorReply(id: request.id)
            reply.opened = OpenResult(traces: outcome.traces, error: outcome.error, path: outcome.path)
            if let outbox {
                hub.journal.settle()
                reply.opened?.event = outcome.sequence
                return sendPending(outbox, to: connection) && send(reply, to: connection)
            }
            guard let snapshot = outcome.snapshot else { return false }
            return sendSnapshot(snapshot, reply: reply, on: connection)
        case .journal where request.tree == false:
            guard
                let (sequence, events) = onMain({ [hub] in
                    (hub.currentSequence(), hub.journal.events(after: request.after ?? 0))
                })
            else { return false }
            var reply = InspectorReply(id: request.id)
            reply.journal = .init(events: events.count, capacity: hub.journal.capacity, sequence: sequence)
            guard send(reply, to: connection) else { return false }
            return sendEvents(events, to: connection)
        case .journal:
            // The events, and the tree after the last of them, from which the client finds
            // the tree before each.
            guard
                let (sequence, snapshot, events) = onMain({ [hub] in
                    let (sequence, snapshot) = hub.current()
                    return (sequence, snapshot, hub.journal.events(after: request.after ?? 0))
                })
            else { return false }
            var reply = InspectorReply(id: request.id)
            reply.journal = .init(events: events.count, capacity: hub.journal.capacity, sequence: sequence)
            guard sendSnapshot(snapshot, reply: reply, on: connection) else { return false }
            return sendEvents(events, to: connection)
        case .follow:
            guard outbox == nil else {
                return send(reject(request.id, "already following"), to: connection)
            }
            let box = Outbox()
            // Registered on the main actor, with the tree now: no event falls between them.
            let started = onMain { [hub] in
                let (sequence, snapshot) = hub.current()
                return (sequence, snapshot, hub.add(box, backlogAfter: request.after))
            }
            guard let (sequence, snapshot, backlog) = started else {
                hub.remove(box)
                return false
            }
            outbox = box
            var reply = InspectorReply(id: request.id)
            reply.journal = .init(events: backlog.count, capacity: hub.journal.capacity, sequence: sequence)
            guard sendSnapshot(snapshot, reply: reply, on: connection) else { return false }
            return sendEvents(backlog, to: connection)
        case .restore:
            guard let target = request.to, target >= 0 else {
                return send(reject(request.id, "restore needs the event to return to, 0 or more"), to: connection)
            }
            guard let outcome = onMain({ [hub] in await hub.restore(to: target) }) else { return false }
            switch outcome {
            case .refused(let reason):
                return send(reject(request.id, reason), to: connection)
            case .restored(let restored):
                var reply = InspectorReply(id: request.id)
                reply.restored = RestoreResult(
                    to: target, event: restored.event, duration: restored.duration, error: restored.error,
                    difference: TreeDiff(from: restored.recorded, to: restored.after))
                return sendSnapshot(restored.after, reply: reply, on: connection)
            }
        }
    }

    /// Journal events, one line each.
    private func sendEvents(_ events: [JournalEvent], to connection: Connection) -> Bool {
        for event in events {
            var line = InspectorReply(id: nil)
            line.event = event
            guard send(line, to: connection) else { return false }
        }
        return true
    }

    /// The events waiting for a follower; `false` if the connection failed or the follower
    /// fell too far behind (it is told so).
    func sendPending(_ outbox: Outbox, to connection: Connection) -> Bool {
        switch outbox.take() {
        case .overflowed:
            send(InspectorReply(id: nil, ok: false, error: "the follower fell too far behind"), to: connection)
            return false
        case .events(let events):
            return sendEvents(events, to: connection)
        }
    }

    func reject(_ id: Int?, _ message: String) -> InspectorReply {
        InspectorReply(id: id, ok: false, error: message)
    }

    @discardableResult
    func send(_ reply: InspectorReply, to connection: Connection) -> Bool {
        connection.write(encodedLine(reply), timeout: Self.writeTimeout)
    }

    /// The reply announcing the snapshot, then the snapshot's lines as the codec writes them,
    /// in blocks as they are written.
    func sendSnapshot(_ snapshot: TreeSnapshot, reply: InspectorReply, on connection: Connection) -> Bool {
        var reply = reply
        reply.snapshot = .init(lines: SnapshotCodec.lineCount(of: snapshot))
        guard send(reply, to: connection) else { return false }
        var failed = false
        SnapshotCodec.write(snapshot) { block in
            guard !failed else { return }
            failed = !block.withBytes { connection.write($0, timeout: Self.writeTimeout) }
        }
        return !failed
    }

    /// Runs `body` on the main actor and waits for it; `nil` if the inspector stopped first.
    func onMain<Value: Sendable>(_ body: @escaping @MainActor @Sendable () async -> Value) -> Value? {
        let result = Locked<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task { @MainActor in
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        while done.wait(timeout: .now() + 0.2) == .timedOut {
            if isStopped { return nil }
        }
        return result.withLock { $0 }
    }
}

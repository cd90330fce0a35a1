import Foundation
import XTree
import XTreeEscaping
import XTreeSnapshot
import XTreeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Requests after the hello: each answered on the client's thread, touching the tree on the
/// main actor only for as long as a snapshot or the app's link handler takes.
extension InspectorCore {
    /// Answers one request; `false` if the connection failed.
    func respond(to request: InspectorRequest, on connection: Connection, outbox: Outbox?) -> Bool {
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
            let outcome = onMain { [hub] () async -> (OpenResult, TreeSnapshot) in
                let (result, traces) = await withSearchRecording { () async -> Result<(any DeepLinkable)?, any Error> in
                    do { return .success(try await open(url)) } catch { return .failure(error) }
                }
                switch result {
                case .success(let reached):
                    let (snapshot, path) =
                        reached.map { TreeSnapshot.locating($0, from: hub.root) } ?? (TreeSnapshot(of: hub.root), [])
                    return (OpenResult(traces: traces, error: nil, path: path), snapshot)
                case .failure(let error):
                    return (OpenResult(traces: traces, error: "\(error)", path: []), TreeSnapshot(of: hub.root))
                }
            }
            guard let (opened, snapshot) = outcome else { return false }
            var reply = InspectorReply(id: request.id)
            reply.opened = opened
            return sendSnapshot(snapshot, reply: reply, on: connection)
        case .watch:
            // Watching from before the reply: every change after it is reported.
            guard onMain({ [hub] in hub.start() }) != nil else { return false }
            return send(InspectorReply(id: request.id), to: connection)
        case .flush:
            guard let outbox else { return send(reject(request.id, "flush is for watchers"), to: connection) }
            // Every change made before the flush reaches this watcher before its reply.
            guard onMain({ [hub] in hub.flush() }) != nil else { return false }
            if case .events(let events) = outbox.take() {
                for event in events where !send(event, to: connection) { return false }
            }
            return send(InspectorReply(id: request.id), to: connection)
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

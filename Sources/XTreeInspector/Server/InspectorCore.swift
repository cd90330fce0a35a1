import Foundation
import XTree
import XTreeEscaping
import XTreePlatform
import XTreeSnapshot
import XTreeSupport

/// The inspector's threads: one accepting connections, one per client.
final class InspectorCore: Sendable {
    /// Connections served at once after their hello; more are told so and closed.
    static let maximumClients = 32
    /// Connections that have not presented the token yet: a budget of their own, so that
    /// connections that never say hello cannot keep real clients out. When one more arrives,
    /// the oldest that has sent nothing is dropped (the oldest, if all have).
    static let maximumUnauthenticated = 8
    /// How long a new connection has to present its token.
    static let handshakeTimeout = 1.0
    /// How long a connection may be silent between requests (a watcher may be silent).
    static let idleTimeout = 600.0
    /// How long a client may take to read what it is sent.
    static let writeTimeout = 10.0

    let name: String
    private let token: [UInt8]
    let hub: WatchHub
    let open: (@MainActor @Sendable (URL) async throws -> (any DeepLinkable)?)?
    /// The app's ``DeepLinkableApp`` type, if it named one.
    let definition: AppDefinition?

    private struct State {
        var stopped = false
        /// Connections waiting for their hello, oldest first.
        var unauthenticated: [Int32] = []
        /// Those whose hello has been read and is being checked: not silent, though nothing
        /// is left to read on their sockets.
        var heard: Set<Int32> = []
        var clients: Set<Int32> = []
    }

    private let state = Locked(State())

    init(
        name: String,
        token: String,
        hub: WatchHub,
        open: (@MainActor @Sendable (URL) async throws -> (any DeepLinkable)?)?,
        definition: AppDefinition?
    ) {
        self.name = name
        self.token = Array(token.utf8)
        self.hub = hub
        self.open = open
        self.definition = definition
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Marks the inspector stopped and wakes every connection; `false` if it already was.
    func stop() -> Bool {
        state.withLock { state in
            guard !state.stopped else { return false }
            state.stopped = true
            for client in state.clients.union(state.unauthenticated) { Sockets.shutdown(client) }
            return true
        }
    }

    func acceptLoop(_ listeners: [Int32]) {
        var entries = listeners.map { PollEntry($0, wanted: .readable) }
        while !isStopped {
            guard (try? Sockets.poll(&entries, milliseconds: 200)) ?? 0 > 0 else { continue }
            for entry in entries where entry.happened.contains(.readable) {
                guard let client = try? Sockets.accept(entry.descriptor) else { continue }
                let admitted = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    if state.unauthenticated.count >= Self.maximumUnauthenticated {
                        // Its thread sees the connection closed, and closes it: numbers in the
                        // lists are never closed yet, as threads forget theirs before closing.
                        let dropped = state.unauthenticated.remove(
                            at: Self.oldestSilent(state.unauthenticated, heard: state.heard))
                        state.heard.remove(dropped)
                        Sockets.shutdown(dropped)
                    }
                    state.unauthenticated.append(client)
                    return true
                }
                guard admitted else {
                    Files.close(client)
                    continue
                }
                let thread = Thread { [self] in
                    let connection = Connection(descriptor: client)
                    serve(connection)
                    // Forgotten before it is closed, so `stop()` never shuts down a reused number.
                    state.withLock { state in
                        state.clients.remove(client)
                        state.unauthenticated.removeAll { $0 == client }
                        state.heard.remove(client)
                    }
                    connection.close()
                }
                thread.name = "XTree inspector client"
                thread.start()
            }
        }
        for listener in listeners { Files.close(listener) }
    }

    /// The connection to drop: one its peer already closed, else the oldest that has sent
    /// nothing yet, else the oldest. A client whose hello waits to be read (its thread slow to
    /// start on a busy machine) or is being checked is not dropped for a silent or a dead one.
    private static func oldestSilent(_ connections: [Int32], heard: Set<Int32>) -> Int {
        var entries = connections.map { PollEntry($0, wanted: .readable) }
        _ = try? Sockets.poll(&entries, milliseconds: 0)
        return entries.firstIndex { !$0.happened.isDisjoint(with: [.hangUp, .failed]) }
            ?? entries.firstIndex { $0.happened.isEmpty && !heard.contains($0.descriptor) } ?? 0
    }

    /// Notes that a connection's hello has been read; `false` if it was dropped meanwhile.
    private func heard(_ client: Int32) -> Bool {
        state.withLock { state in
            guard state.unauthenticated.contains(client) else { return false }
            state.heard.insert(client)
            return true
        }
    }

    /// Moves a connection that presented the token among the clients, if it was not dropped
    /// meanwhile and there is room.
    private func admit(_ client: Int32) -> Admission {
        state.withLock { state in
            guard let index = state.unauthenticated.firstIndex(of: client) else { return .dropped }
            state.unauthenticated.remove(at: index)
            state.heard.remove(client)
            guard state.clients.count < Self.maximumClients else { return .full }
            state.clients.insert(client)
            return .admitted
        }
    }

    private enum Admission { case admitted, full, dropped }

    // MARK: - One client

    private func serve(_ connection: Connection) {
        guard handshake(connection) else { return }
        var outbox: Outbox?
        defer { if let outbox { hub.remove(outbox) } }
        while !isStopped {
            if let outbox, !sendPending(outbox, to: connection) { return }
            let line = connection.readLine(
                limit: InspectorProtocol.maximumRequestBytes, timeout: outbox == nil ? Self.idleTimeout : 0.05)
            switch line {
            case .timedOut where outbox != nil: continue
            case .timedOut, .closed: return
            case .tooLong:
                send(reject(nil, "a request is at most \(InspectorProtocol.maximumRequestBytes) bytes"), to: connection)
                return
            case .line(let bytes):
                guard let request = InspectorRequest(line: bytes) else {
                    send(reject(nil, "not a request: one JSON object per line"), to: connection)
                    return
                }
                guard respond(to: request, on: connection, outbox: &outbox) else { return }
            }
        }
    }

    /// Reads the hello, checks version and token, admits the client if there is room, and
    /// answers; `false` closes the connection.
    private func handshake(_ connection: Connection) -> Bool {
        let line = connection.readLine(limit: InspectorProtocol.maximumHelloBytes, timeout: Self.handshakeTimeout)
        if case .line = line, !heard(connection.descriptor) { return false }
        guard case .line(let bytes) = line, let request = InspectorRequest(line: bytes), request.method == .hello
        else {
            let problem =
                if case .tooLong = line {
                    "a hello is at most \(InspectorProtocol.maximumHelloBytes) bytes"
                } else {
                    "the first request must be hello with the token"
                }
            send(reject(nil, problem), to: connection)
            return false
        }
        guard request.version == InspectorProtocol.version else {
            let given = request.version.map(String.init) ?? "none"
            send(
                reject(
                    request.id, "protocol version \(given) is not spoken; this app speaks \(InspectorProtocol.version)"),
                to: connection)
            return false
        }
        guard let presented = request.token, matches(Array(presented.utf8)) else {
            send(reject(request.id, "wrong token"), to: connection)
            return false
        }
        switch admit(connection.descriptor) {
        case .dropped: return false
        case .full:
            send(reject(request.id, "too many clients"), to: connection)
            return false
        case .admitted:
            var reply = InspectorReply(id: request.id)
            reply.version = InspectorProtocol.version
            reply.name = name
            reply.pid = Terminal.processID
            reply.app = definition?.typeName
            if let definition {
                let fits = { (text: String) in text.utf8.count <= InspectorProtocol.maximumExampleBytes }
                reply.examples = Array(
                    definition.linkExamples.filter { fits($0.form) && fits($0.link) }
                        .prefix(InspectorProtocol.maximumExamples))
                reply.samples = Array(definition.sampleValues.filter(fits).prefix(InspectorProtocol.maximumExamples))
            }
            return send(reply, to: connection)
        }
    }

    /// Compares in time independent of where the first difference is.
    private func matches(_ presented: [UInt8]) -> Bool {
        guard presented.count == token.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(presented, token) { difference |= a ^ b }
        return difference == 0
    }
}

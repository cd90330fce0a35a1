import Dispatch
import Foundation
import XTreeInspector
import XTreeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local web server for one page and its API, as `xtree-cli web` serves the tree: on
/// 127.0.0.1 only, behind a random token.
///
/// Every request must carry the token, in the query of the first address (`/?token=…`, which
/// is answered with an `HttpOnly`, `SameSite=Strict` cookie and a redirect to `/`) or in that
/// cookie; and its `Host` must be `127.0.0.1:PORT` or `localhost:PORT`, so that a page of
/// another site cannot reach it through a name that resolves here (DNS rebinding). A request
/// with an `Origin` of another site is refused. There is no CORS. Every answer carries a
/// `Content-Security-Policy` (the page's nonce, nothing from elsewhere, no framing),
/// `Referrer-Policy: no-referrer`, `X-Content-Type-Options: nosniff` and `Cache-Control:
/// no-store`. Each connection carries one request; requests are read strictly
/// (``HTTPRequest``), within the inspector's limits: 32 connections at once, a head within
/// 10 seconds, answers taken within 10 seconds.
///
/// `/api/events` is a stream of server-sent events: what ``broadcast(_:data:)`` sends. Every
/// other request goes to the handler.
package final class WebServer: Sendable {
    /// An answer.
    package struct Response: Sendable {
        package var status: Int
        package var contentType: String
        package var body: [UInt8]
        /// The nonce the page's script and style carry, for the policy; `nil` for data.
        package var nonce: String?

        package init(status: Int = 200, contentType: String, body: [UInt8], nonce: String? = nil) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.nonce = nonce
        }

        /// `{"error": message}` with `status`.
        package static func error(_ status: Int, _ message: String) -> Response {
            let encoded = (try? JSONEncoder().encode(["error": message])) ?? Data("{}".utf8)
            return Response(status: status, contentType: "application/json", body: Array(encoded))
        }
    }

    package typealias Handler = @Sendable (HTTPRequest) async -> Response

    /// Connections open at once; more are answered 503 and closed.
    package static let maximumConnections = 32
    /// How long a connection has to send its whole request.
    package static let requestTimeout = 10.0
    /// How long a client may take to read what it is sent.
    package static let writeTimeout = 10.0
    /// The cookie that carries the token.
    package static let cookieName = "xtree-token"

    /// The port it listens on.
    package let port: UInt16
    /// What every request must carry.
    package let token: String
    private let handler: Handler
    private let listener: Int32
    private let state = Locked(State())

    private struct State {
        var stopped = false
        var connections: Set<Int32> = []
        var streams: [ObjectIdentifier: EventStream] = [:]
    }

    /// The address to open: the page, with the token.
    package var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// Listens on 127.0.0.1:`port` (0: a free port) and serves until ``stop()``.
    package init(port: UInt16, token: String = Inspector.makeToken(), handler: @escaping Handler)
        throws(InspectorError)
    {
        let (listener, bound) = try Inspector.listen(loopbackPort: port)
        self.listener = listener
        self.port = bound
        self.token = token
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "XTree web server"
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting, ends every stream and closes every connection.
    package func stop() {
        let streams = state.withLock { state -> [EventStream] in
            guard !state.stopped else { return [] }
            state.stopped = true
            for connection in state.connections { _ = shutdown(connection, Int32(SHUT_RDWR)) }
            return Array(state.streams.values)
        }
        for stream in streams { stream.end() }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    /// Sends the event `event` with `data` (one line) to every open event stream.
    package func broadcast(_ event: String, data: String) {
        let message = Array(
            "event: \(event)\ndata: \(data.split(whereSeparator: \.isNewline).joined(separator: " "))\n\n".utf8)
        for stream in state.withLock({ Array($0.streams.values) }) { stream.send(message) }
    }

    // MARK: - Connections

    private func acceptLoop() {
        var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        while !isStopped {
            guard poll(&entry, 1, 200) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped, state.connections.count < Self.maximumConnections else { return false }
                state.connections.insert(client)
                return true
            }
            guard admitted else {
                let connection = Connection(descriptor: client)
                _ = connection.write(Self.head(Response.error(503, "too many connections"), extra: []), timeout: 0.1)
                connection.close()
                continue
            }
            let thread = Thread { [self] in
                let connection = Connection(descriptor: client)
                serve(connection)
                // Forgotten before it is closed, so `stop()` never shuts down a reused number.
                state.withLock { _ = $0.connections.remove(client) }
                connection.close()
            }
            thread.name = "XTree web connection"
            thread.start()
        }
        _ = close(listener)
    }

    private func serve(_ connection: Connection) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.requestTimeout * 1e9)
        var bytes: [UInt8] = []
        var request: HTTPRequest?
        while request == nil {
            switch HTTPRequest.parse(bytes) {
            case .request(let complete, _):
                request = complete
            case .refused(let status, let reason):
                send(Response.error(status, reason), on: connection)
                return
            case .incomplete:
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline, let more = connection.receive(timeout: Double(deadline - now) / 1e9) else {
                    if !bytes.isEmpty {
                        send(Response.error(408, "the request did not arrive in time"), on: connection)
                    }
                    return
                }
                bytes += more
            }
        }
        guard let request else { return }
        if let refusal = refusal(of: request) {
            send(refusal, on: connection)
            return
        }
        if request.parameter("token") != nil, request.method == "GET", request.path == "/" {
            // The token leaves the address bar for a cookie scripts cannot read.
            send(
                Response(status: 303, contentType: "text/plain; charset=utf-8", body: Array("see /\n".utf8)),
                on: connection,
                extra: [
                    ("Location", "/"),
                    ("Set-Cookie", "\(Self.cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"),
                ])
            return
        }
        if request.path == "/api/events" {
            guard request.method == "GET" else {
                send(Response.error(405, "the event stream is read with GET"), on: connection)
                return
            }
            stream(on: connection)
            return
        }
        let box = Locked<Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        let handler = handler
        Task {
            let response = await handler(request)
            box.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        send(box.withLock { $0 } ?? Response.error(500, "no answer"), on: connection)
    }

    /// Why `request` is refused before anything looks at it, or `nil`.
    private func refusal(of request: HTTPRequest) -> Response? {
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.header("host"), hosts.contains(host.lowercased()) else {
            return .error(421, "this server answers only to \(hosts.joined(separator: " and "))")
        }
        if let origin = request.header("origin"), !hosts.contains(where: { origin.lowercased() == "http://\($0)" }) {
            return .error(403, "requests from other sites are refused")
        }
        let presented = request.parameter("token") ?? request.cookie(Self.cookieName)
        guard let presented, Self.equalInConstantTime(Array(presented.utf8), Array(token.utf8)) else {
            return .error(403, "open the address with the token that 'xtree-cli web' printed")
        }
        return nil
    }

    private static func equalInConstantTime(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }

    // MARK: - Answers

    private static let reasons = [
        200: "OK", 303: "See Other", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 413: "Content Too Large",
        421: "Misdirected Request", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
    ]

    /// The status line and header fields of `response`, with the security fields every answer
    /// carries.
    private static func head(_ response: Response, extra: [(String, String)], streaming: Bool = false) -> [UInt8] {
        let policy =
            response.nonce.map {
                "default-src 'none'; script-src 'nonce-\($0)'; style-src 'nonce-\($0)'; "
                    + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
            } ?? "default-src 'none'; frame-ancestors 'none'"
        var fields: [(String, String)] = [
            ("Content-Type", response.contentType),
            ("Content-Security-Policy", policy),
            ("Referrer-Policy", "no-referrer"),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
            ("Cache-Control", "no-store"),
            ("Connection", "close"),
        ]
        if !streaming { fields.append(("Content-Length", String(response.body.count))) }
        fields += extra
        var text = "HTTP/1.1 \(response.status) \(reasons[response.status] ?? "Status")\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    private func send(_ response: Response, on connection: Connection, extra: [(String, String)] = []) {
        _ = connection.write(Self.head(response, extra: extra) + response.body, timeout: Self.writeTimeout)
    }

    // MARK: - Event streams

    private func stream(on connection: Connection) {
        let stream = EventStream()
        let admitted = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.streams[ObjectIdentifier(stream)] = stream
            return true
        }
        guard admitted else { return }
        defer { _ = state.withLock { $0.streams.removeValue(forKey: ObjectIdentifier(stream)) } }
        let head = Self.head(
            Response(contentType: "text/event-stream", body: []), extra: [], streaming: true)
        guard connection.write(head + Array(": xtree\n\n".utf8), timeout: Self.writeTimeout) else { return }
        while !isStopped {
            switch stream.next(timeout: 15) {
            case .ended: return
            case .messages(let messages):
                // Nothing for a while: a comment, which finds a peer that went away.
                let bytes = messages.isEmpty ? Array(": keep-alive\n\n".utf8) : messages.flatMap { $0 }
                guard connection.write(bytes, timeout: Self.writeTimeout) else { return }
            }
        }
    }
}

/// The messages waiting for one event stream's connection.
private final class EventStream: Sendable {
    enum Next {
        case messages([[UInt8]])
        case ended
    }

    private let pending = Locked<(messages: [[UInt8]], ended: Bool)>(([], false))
    private let arrived = DispatchSemaphore(value: 0)

    /// A client that takes nothing for this many messages is ended.
    static let limit = 256

    func send(_ message: [UInt8]) {
        pending.withLock { pending in
            if pending.messages.count >= Self.limit { pending.ended = true } else { pending.messages.append(message) }
        }
        arrived.signal()
    }

    func end() {
        pending.withLock { $0.ended = true }
        arrived.signal()
    }

    /// What has arrived, waiting at most `timeout` seconds for something.
    func next(timeout: Double) -> Next {
        _ = arrived.wait(timeout: .now() + timeout)
        return pending.withLock { pending in
            if pending.ended { return .ended }
            defer { pending.messages.removeAll() }
            return .messages(pending.messages)
        }
    }
}

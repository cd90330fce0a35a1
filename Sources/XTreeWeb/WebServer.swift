import Dispatch
import Foundation
import XTreeEventLoop
import XTreePlatform
import XTreeSupport

/// A local web server for one page and its API, as `xtree-cli web` serves the tree: on
/// 127.0.0.1 only, behind a random token (``WebDoor``).
///
/// Every request must carry the token, in the query of the first address (`/?token=…`, which
/// is answered with an `HttpOnly`, `SameSite=Strict` cookie and a redirect to `/`) or in that
/// cookie. There is no CORS. Every answer carries a `Content-Security-Policy` (the page's
/// nonce, nothing from elsewhere, no framing), `Referrer-Policy: no-referrer`,
/// `X-Content-Type-Options: nosniff` and `Cache-Control: no-store`. Each connection carries
/// one request, read strictly (``HTTPRequest``).
///
/// ## Admission: the user first
/// Every connection is a stranger until its head has shown the token. Strangers have a budget
/// of their own (``Limits/strangers``), apart from the user's requests and event streams: each
/// has ``Limits/headTimeout`` for its whole head, and when one more arrives, the oldest that
/// has sent nothing is dropped, else the oldest. So connections that hold a place and trickle
/// bytes (or none) cannot keep the user out: the user's browser sends its head at once, which
/// is read before any more strangers are let in, and carries the token out of their budget.
///
/// ## One concurrency model
/// One thread runs an event loop over every socket with `poll`: it accepts, reads, admits,
/// writes answers and feeds event streams, never blocking on one client. A request that shows
/// the token is given to the handler in a task of its own on the main actor, where the tree
/// it answers about lives, so that no request waits for a free thread of the concurrency
/// pool; its answer comes back to the loop, which a pipe wakes. No thread waits for a task.
package final class WebServer: Sendable {
    /// An answer.
    package struct Response: Sendable {
        package var status: Int
        package var contentType: String
        package var body: [UInt8]
        /// The nonce the page's script and style carry, for the policy; `nil` for data.
        package var nonce: String?
        /// Header fields besides the ones every answer carries.
        package var fields: [HTTPRequest.Field]

        package init(
            status: Int = 200, contentType: String, body: [UInt8], nonce: String? = nil,
            fields: [HTTPRequest.Field] = []
        ) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.nonce = nonce
            self.fields = fields
        }

        /// `{"error": message}` with `status`.
        package static func error(_ status: Int, _ message: String) -> Response {
            let encoded = (try? JSONOutput.encoder().encode(["error": message])) ?? Data("{}".utf8)
            return Response(status: status, contentType: "application/json", body: Array(encoded))
        }
    }

    /// What answers an admitted request, on the main actor.
    package typealias Handler = @MainActor @Sendable (HTTPRequest) async -> Response

    /// How admitted requests are answered.
    enum Answerer: Sendable {
        /// By a task on the main actor: the `web` command's, whose answers read the tree.
        case mainActor(Handler)
        /// On the loop's thread, at once: for answers that need nothing but the request (the
        /// server's own tests, which must not wait for actors other tests keep busy).
        case immediately(@Sendable (HTTPRequest) -> Response)
    }

    /// How much the server takes from whom. Tests shorten the times.
    package struct Limits: Sendable {
        /// Connections open at once, whatever they are doing: what the server's descriptors are
        /// spent on. A new one past it is refused, unless a stranger can be dropped for it.
        package var connections = 64
        /// Connections that have not shown the token yet: a budget inside `connections`, so that
        /// strangers never take the places of the user's requests.
        package var strangers = 16
        /// How long a stranger has to send its whole head, from when it connected.
        package var headTimeout = 2.0
        /// Requests that showed the token and are being answered (their body arriving, the
        /// handler running or the answer being written); more are answered 503.
        package var requests = 64
        /// Event streams open at once; more are answered 503.
        package var streams = 8
        /// How long a request that showed the token has for its body.
        package var bodyTimeout = 10.0
        /// How long a client may take to read what it is sent.
        package var writeTimeout = 10.0
        /// Bytes waiting for an event stream's client, past which it is ended.
        package var streamBacklog = 1 << 20
        /// How long an event stream may be silent before a comment finds a peer that went away.
        package var keepAlive = 15.0

        package init() {}
    }

    /// The port it listens on.
    package let port: UInt16
    /// What every request must carry.
    package let token: String
    /// The limits it keeps.
    package let limits: Limits
    private let loop: EventLoop
    private let service: WebService

    /// The address to open: the page, with the token.
    package var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// Listens on 127.0.0.1:`port` (0: a free port) and serves until ``stop()``.
    ///
    /// - Throws: ``SystemError`` if it cannot listen there.
    package convenience init(
        port: UInt16, token: String = WebServer.makeToken(), limits: Limits = Limits(),
        handler: @escaping Handler
    ) throws(SystemError) {
        try self.init(port: port, token: token, limits: limits, answerer: .mainActor(handler))
    }

    /// Listens on 127.0.0.1:`port` (0: a free port) and serves until ``stop()``, answering
    /// each admitted request on the loop's thread with `answer`, which must not block.
    ///
    /// - Throws: ``SystemError`` if it cannot listen there.
    package convenience init(
        port: UInt16, token: String = WebServer.makeToken(), limits: Limits = Limits(),
        answeringImmediately answer: @escaping @Sendable (HTTPRequest) -> Response
    ) throws(SystemError) {
        try self.init(port: port, token: token, limits: limits, answerer: .immediately(answer))
    }

    private init(port: UInt16, token: String, limits: Limits, answerer: Answerer) throws(SystemError) {
        let listener = try Sockets.makeStreamSocket(for: .loopback(port: port))
        do {
            try Sockets.reuseAddress(listener)
            try Sockets.bind(listener, to: .loopback(port: port))
            // Deep enough that connections a stranger holds open do not fill it: the system
            // would drop the user's next one, which waits a second or more to try again. 128:
            // Darwin makes any backlog over its `somaxconn` (128) 128 (xnu's `solisten`), so a
            // deeper one would be a number that holds on Linux alone.
            try Sockets.listen(listener, backlog: 128)
            try Sockets.setNonBlocking(listener)
            self.port = try Sockets.boundPort(of: listener)
            loop = try EventLoop(
                listeners: [listener], writeTimeout: limits.writeTimeout,
                inputLimit: HTTPRequest.maximumHeadBytes + HTTPRequest.maximumBodyBytes + 8)
        } catch {
            Files.close(listener)
            throw error
        }
        self.token = token
        self.limits = limits
        service = WebService(door: WebDoor(port: self.port, token: token), limits: limits, answerer: answerer)
        loop.start(service, name: "XTree web server")
    }

    deinit { stop() }

    /// Stops accepting, ends every stream and closes every connection.
    package func stop() {
        loop.stop()
    }

    /// Sends the event `event` with `data` (one line) to every open event stream.
    package func broadcast(_ event: String, data: String) {
        let message = Array(
            "event: \(event)\ndata: \(data.split(whereSeparator: \.isNewline).joined(separator: " "))\n\n".utf8)
        loop.post { [service] loop in service.broadcast(message, loop) }
    }

    /// 256 random bits in hexadecimal.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}

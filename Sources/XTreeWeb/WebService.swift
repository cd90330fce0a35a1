import Dispatch
import XTreeEventLoop
import XTreePlatform

/// The web server as a service of the ``EventLoop``: strangers admitted by their own budget,
/// each request read, checked at the door, answered, and event streams fed.
///
/// Made before the loop runs and used only on its thread.
final class WebService: EventLoopService, @unchecked Sendable {
    // Unchecked: handed to the loop's thread when it starts, and touched by that thread alone.

    /// What a connection is doing.
    enum Phase {
        /// Its head has not shown the token yet.
        case stranger
        /// It showed the token; its body is arriving.
        case body
        /// The handler is answering it.
        case handling
        /// Its answer is being written; then it is closed.
        case writing
        /// An event stream: it is written what is broadcast.
        case stream
    }

    private let door: WebDoor
    private let limits: WebServer.Limits
    private let answerer: WebServer.Answerer
    /// Each open connection's phase.
    private var phases: [EventLoop.ID: Phase] = [:]

    init(door: WebDoor, limits: WebServer.Limits, answerer: WebServer.Answerer) {
        self.door = door
        self.limits = limits
        self.answerer = answerer
    }

    func accepted(_ id: EventLoop.ID, _ loop: EventLoop) {
        let strangers = loop.ids.filter { phases[$0] == .stranger }
        if strangers.count >= limits.strangers || phases.count >= limits.connections {
            // The oldest that has sent nothing, else the oldest: ids increase with age.
            guard let dropped = strangers.first(where: { !loop.hasHeard($0) }) ?? strangers.first else {
                // Every place is the user's: this one waits for none.
                return loop.refuse(id, Answers.bytes(of: .error(503, "too many connections")))
            }
            loop.close(dropped)
        }
        phases[id] = .stranger
        loop.setDeadline(id, in: limits.headTimeout)
    }

    func received(_ id: EventLoop.ID, _ loop: EventLoop) {
        switch phases[id] {
        case .stranger, .body: advance(id, loop)
        case .stream:
            // A stream's client sends nothing: what it sends is dropped, and its end closes it.
            loop.consume(loop.input(of: id).count, of: id)
        case .handling, .writing, nil: break
        }
    }

    func closed(_ id: EventLoop.ID) {
        phases[id] = nil
    }

    func expired(_ id: EventLoop.ID, _ loop: EventLoop) {
        switch phases[id] {
        case .stranger:
            // A head that never came whole; a silent one is not worth an answer.
            if loop.hasHeard(id) {
                loop.refuse(id, Answers.bytes(of: .error(408, "the request did not arrive in time")))
            } else {
                loop.close(id)
            }
        case .body:
            loop.refuse(id, Answers.bytes(of: .error(408, "the request did not arrive in time")))
        case .stream:
            // Nothing for a while: a comment, which finds a peer that went away.
            loop.send(Array(": keep-alive\n\n".utf8), to: id)
            loop.setDeadline(id, in: limits.keepAlive)
        case .handling, .writing, nil:
            break
        }
    }

    /// What other threads hand the loop: a handler's answer, and broadcasts.
    func answer(_ id: EventLoop.ID, _ response: WebServer.Response, _ loop: EventLoop) {
        guard phases[id] == .handling else { return }
        write(Answers.bytes(of: response), to: id, loop)
    }

    func broadcast(_ message: [UInt8], _ loop: EventLoop) {
        for id in loop.ids where phases[id] == .stream {
            loop.send(message, to: id)
            if loop.pending(id) > limits.streamBacklog { loop.close(id) }
        }
    }

    // MARK: - Requests

    /// Reads the request as far as it has arrived, and admits, refuses or answers it.
    private func advance(_ id: EventLoop.ID, _ loop: EventLoop) {
        switch HTTPRequest.parse(loop.input(of: id)) {
        case .incomplete:
            return
        case .refused(let status, let reason):
            loop.refuse(id, Answers.bytes(of: .error(status, reason)))
        case .incompleteBody(let head, _):
            guard phases[id] == .stranger else { return }
            if admit(id, head, loop) { loop.setDeadline(id, in: limits.bodyTimeout) }
        case .request(let request, _):
            if phases[id] == .stranger, !admit(id, request, loop) { return }
            dispatch(id, request, loop)
        }
    }

    /// Checks the door; `false` if the request is refused (and answered so).
    private func admit(_ id: EventLoop.ID, _ request: HTTPRequest, _ loop: EventLoop) -> Bool {
        if let refusal = door.refusal(of: request) {
            loop.refuse(id, Answers.bytes(of: refusal))
            return false
        }
        let busy = phases.values.count { [.body, .handling, .writing].contains($0) }
        guard busy < limits.requests else {
            loop.refuse(id, Answers.bytes(of: .error(503, "too many requests at once")))
            return false
        }
        phases[id] = .body
        return true
    }

    private func dispatch(_ id: EventLoop.ID, _ request: HTTPRequest, _ loop: EventLoop) {
        loop.consume(loop.input(of: id).count, of: id)
        loop.setDeadline(id, in: nil)
        if request.parameter("token") != nil, request.method == "GET", request.path == "/" {
            // The token leaves the address bar for a cookie scripts cannot read.
            let redirect = WebServer.Response(
                status: 303, contentType: "text/plain; charset=utf-8", body: Array("see /\n".utf8),
                fields: [
                    .init("Location", "/"),
                    .init("Set-Cookie", "\(WebDoor.cookieName)=\(door.token); HttpOnly; SameSite=Strict; Path=/"),
                ])
            return write(Answers.bytes(of: redirect), to: id, loop)
        }
        if request.path == "/api/events" {
            guard request.method == "GET" else {
                return write(Answers.bytes(of: .error(405, "the event stream is read with GET")), to: id, loop)
            }
            guard phases.values.count(where: { $0 == .stream }) < limits.streams else {
                return write(Answers.bytes(of: .error(503, "too many event streams")), to: id, loop)
            }
            phases[id] = .stream
            loop.setDeadline(id, in: limits.keepAlive)
            return loop.send(Answers.streamHead() + Array(": xtree\n\n".utf8), to: id)
        }
        switch answerer {
        case .immediately(let answer):
            write(Answers.bytes(of: answer(request)), to: id, loop)
        case .mainActor(let handler):
            phases[id] = .handling
            loop.setReading(false, id)
            Task { @MainActor [self] in
                let response = await handler(request)
                loop.post { loop in self.answer(id, response, loop) }
            }
        }
    }

    /// Writes an answer; then the connection is closed.
    private func write(_ bytes: [UInt8], to id: EventLoop.ID, _ loop: EventLoop) {
        phases[id] = .writing
        loop.setReading(false, id)
        loop.send(bytes, to: id, thenClose: true)
    }
}

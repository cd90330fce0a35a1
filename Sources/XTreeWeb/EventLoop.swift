import Dispatch
import XTreePlatform

/// The web server's one thread: every socket, polled; strangers admitted by their own budget;
/// answers written and event streams fed without waiting on any one client.
///
/// Made on the server's thread and used only there: nothing in it is shared but the mailbox.
final class EventLoop: @unchecked Sendable {
    // Unchecked: handed to the loop's thread when it is made, and touched by that thread alone.

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

    struct Client {
        let id: UInt64
        let descriptor: Int32
        var phase: Phase
        /// What arrived, while the request is read.
        var received: [UInt8] = []
        /// Whether it has sent anything: of strangers, the silent ones are dropped first.
        var heard = false
        /// When its current phase must end, in uptime nanoseconds.
        var deadline: UInt64
        /// What is to be written, and how much of it has been.
        var outgoing: [UInt8] = []
        var written = 0
        /// When an event stream last had something written.
        var lastWrite: UInt64 = 0
    }

    private let listener: Int32
    private let wake: Int32
    private let door: WebDoor
    private let limits: WebServer.Limits
    private let mailbox: Mailbox
    private let answerer: WebServer.Answerer
    /// Clients by id, which increases with each connection: the oldest first.
    private var clients: [UInt64: Client] = [:]
    private var nextID: UInt64 = 1
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// Connections accepted in one round at most, after the reads. Each is read as it is
    /// accepted, and a new one only ever pushes out the oldest stranger, so a round may drain
    /// the backlog: what waits there longest is what a flood keeps the user waiting for.
    private static let acceptsPerRound = 256

    init(
        listener: Int32, wake: Int32, door: WebDoor, limits: WebServer.Limits, mailbox: Mailbox,
        answerer: WebServer.Answerer
    ) {
        self.listener = listener
        self.wake = wake
        self.door = door
        self.limits = limits
        self.mailbox = mailbox
        self.answerer = answerer
    }

    func run() {
        while true {
            var entries = [PollEntry(listener, wanted: .readable), PollEntry(wake, wanted: .readable)]
            let ids = clients.keys.sorted()
            for id in ids { entries.append(PollEntry(clients[id]!.descriptor, wanted: wanted(clients[id]!))) }
            _ = try? Sockets.poll(&entries, milliseconds: timeout())
            if entries[1].happened.contains(.readable) { drainWake() }
            let mail = mailbox.take()
            if mail.stopped { break }
            deliver(mail)
            for (offset, id) in ids.enumerated() where !entries[offset + 2].happened.isEmpty {
                serve(id, entries[offset + 2].happened)
            }
            expire()
            if entries[0].happened.contains(.readable) { acceptNew() }
        }
        for id in Array(clients.keys) { close(id) }
        Files.close(listener)
        Files.close(wake)
        mailbox.end()
    }

    // MARK: - Waiting

    private func wanted(_ client: Client) -> PollEvents {
        switch client.phase {
        case .stranger, .body: .readable
        case .handling: []
        case .writing: .writable
        case .stream: client.written < client.outgoing.count ? [.readable, .writable] : .readable
        }
    }

    /// Until the nearest deadline, and at most a second.
    private func timeout() -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        let nearest = clients.values.map(\.deadline).min() ?? (now + 1_000_000_000)
        return Int32(min(1_000, max(0, (Int64(bitPattern: nearest &- now) + 999_999) / 1_000_000)))
    }

    private func drainWake() {
        while (buffer.withUnsafeMutableBytes { try? Files.read(wake, into: $0) } ?? 0) > 0 {}
    }

    private static func after(_ seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
    }

    // MARK: - What other threads sent

    private func deliver(_ mail: Mailbox.Contents) {
        for (id, response) in mail.answers where clients[id]?.phase == .handling {
            write(Answers.bytes(of: response), to: id)
        }
        guard !mail.broadcasts.isEmpty else { return }
        let message = mail.broadcasts.flatMap { $0 }
        for id in Array(clients.keys) where clients[id]?.phase == .stream {
            clients[id]!.outgoing += message
            if clients[id]!.outgoing.count - clients[id]!.written > limits.streamBacklog { close(id) }
        }
    }

    // MARK: - Connections

    private func acceptNew() {
        for _ in 0..<Self.acceptsPerRound {
            guard let descriptor = try? Sockets.accept(listener) else { return }
            guard (try? Sockets.setNonBlocking(descriptor)) != nil else {
                Files.close(descriptor)
                continue
            }
            let strangers = clients.values.filter { $0.phase == .stranger }
            if strangers.count >= limits.strangers || clients.count >= limits.connections {
                // The oldest that has sent nothing, else the oldest: ids increase with age.
                guard
                    let dropped = strangers.filter({ !$0.heard }).min(by: { $0.id < $1.id })
                        ?? strangers.min(by: { $0.id < $1.id })
                else {
                    // Every place is the user's: this one waits for none.
                    _ = Answers.bytes(of: .error(503, "too many connections")).withUnsafeBytes {
                        try? Sockets.send(descriptor, $0)
                    }
                    Files.close(descriptor)
                    continue
                }
                close(dropped.id)
            }
            let id = nextID
            nextID += 1
            clients[id] = Client(
                id: id, descriptor: descriptor, phase: .stranger, deadline: Self.after(limits.headTimeout))
            // A browser's head is often there already: read it before the next stranger comes.
            serve(id, .readable)
        }
    }

    private func serve(_ id: UInt64, _ happened: PollEvents) {
        guard let client = clients[id] else { return }
        switch client.phase {
        case .stranger, .body:
            guard receive(id) else { return close(id) }
            advance(id)
        case .handling:
            break
        case .writing, .stream:
            if client.phase == .stream, happened.contains(.readable) || happened.contains(.hangUp) {
                // A stream's client sends nothing: something readable is its end.
                guard receive(id), clients[id] != nil else { return close(id) }
                clients[id]?.received.removeAll()
            }
            // A peer that reset the connection mid-answer: Darwin's `poll`, built on kqueue,
            // says only `POLLHUP` and drops `POLLOUT` (xnu's `bsd/kern/sys_generic.c`,
            // `poll_callback`), which the write then finds out. Left alone, the loop would be
            // woken by it again and again until the write's deadline.
            if !happened.isDisjoint(with: [.writable, .failed, .hangUp]) { flush(id) }
        }
    }

    /// Reads what arrived; `false` when the peer closed or the connection failed.
    private func receive(_ id: UInt64) -> Bool {
        guard let descriptor = clients[id]?.descriptor else { return false }
        let room = HTTPRequest.maximumHeadBytes + HTTPRequest.maximumBodyBytes + 8
        while (clients[id]?.received.count ?? room) < room {
            let read = buffer.withUnsafeMutableBytes { bytes in
                Result { () throws(SystemError) in try Sockets.receive(descriptor, into: bytes) }
            }
            switch read {
            case .success(0): return false
            case .success(let count):
                clients[id]!.received += buffer[..<count]
                clients[id]!.heard = true
            case .failure(let error) where error.is(.wouldBlock): return true
            case .failure: return false
            }
        }
        return true
    }

    /// Reads the request as far as it has arrived, and admits, refuses or answers it.
    private func advance(_ id: UInt64) {
        guard let client = clients[id] else { return }
        switch HTTPRequest.parse(client.received) {
        case .incomplete:
            return
        case .refused(let status, let reason):
            refuse(id, .error(status, reason))
        case .incompleteBody(let head, _):
            guard client.phase == .stranger else { return }
            if admit(id, head) {
                clients[id]?.phase = .body
                clients[id]?.deadline = Self.after(limits.bodyTimeout)
            }
        case .request(let request, _):
            if client.phase == .stranger, !admit(id, request) { return }
            dispatch(id, request)
        }
    }

    /// Checks the door; `false` if the request is refused (and answered so).
    private func admit(_ id: UInt64, _ request: HTTPRequest) -> Bool {
        if let refusal = door.refusal(of: request) {
            refuse(id, refusal)
            return false
        }
        let busy = clients.values.count { [.body, .handling, .writing].contains($0.phase) }
        guard busy < limits.requests else {
            refuse(id, .error(503, "too many requests at once"))
            return false
        }
        clients[id]?.phase = .body
        return true
    }

    private func dispatch(_ id: UInt64, _ request: HTTPRequest) {
        clients[id]?.received = []
        if request.parameter("token") != nil, request.method == "GET", request.path == "/" {
            // The token leaves the address bar for a cookie scripts cannot read.
            let redirect = WebServer.Response(
                status: 303, contentType: "text/plain; charset=utf-8", body: Array("see /\n".utf8),
                fields: [
                    .init("Location", "/"),
                    .init("Set-Cookie", "\(WebDoor.cookieName)=\(door.token); HttpOnly; SameSite=Strict; Path=/"),
                ])
            return write(Answers.bytes(of: redirect), to: id)
        }
        if request.path == "/api/events" {
            guard request.method == "GET" else {
                return write(answer: .error(405, "the event stream is read with GET"), to: id)
            }
            guard clients.values.count(where: { $0.phase == .stream }) < limits.streams else {
                return write(answer: .error(503, "too many event streams"), to: id)
            }
            clients[id]?.phase = .stream
            clients[id]?.deadline = Self.after(limits.keepAlive)
            clients[id]?.outgoing = Answers.streamHead() + Array(": xtree\n\n".utf8)
            return flush(id)
        }
        switch answerer {
        case .immediately(let answer):
            write(answer: answer(request), to: id)
        case .mainActor(let handler):
            clients[id]?.phase = .handling
            clients[id]?.deadline = .max
            let mailbox = mailbox
            Task { @MainActor in
                let response = await handler(request)
                mailbox.post { $0.answers.append((id, response)) }
            }
        }
    }

    // MARK: - Writing

    /// Answers a request that is not served: one try to send, then the connection is closed,
    /// so that a refused stranger holds nothing.
    private func refuse(_ id: UInt64, _ response: WebServer.Response) {
        guard let descriptor = clients[id]?.descriptor else { return }
        let bytes = Answers.bytes(of: response)
        _ = bytes.withUnsafeBytes { try? Sockets.send(descriptor, $0) }
        close(id)
    }

    private func write(answer response: WebServer.Response, to id: UInt64) {
        write(Answers.bytes(of: response), to: id)
    }

    private func write(_ bytes: [UInt8], to id: UInt64) {
        clients[id]?.phase = .writing
        clients[id]?.outgoing = bytes
        clients[id]?.written = 0
        clients[id]?.deadline = Self.after(limits.writeTimeout)
        flush(id)
    }

    /// Writes what it can; an answer written whole ends its connection.
    private func flush(_ id: UInt64) {
        guard var client = clients[id] else { return }
        while client.written < client.outgoing.count {
            let sent = client.outgoing.withUnsafeBytes { bytes in
                Result { () throws(SystemError) in
                    try Sockets.send(client.descriptor, UnsafeRawBufferPointer(rebasing: bytes[client.written...]))
                }
            }
            switch sent {
            case .success(let count) where count > 0: client.written += count
            case .failure(let error) where error.is(.wouldBlock):
                clients[id] = client
                return
            default:
                return close(id)
            }
        }
        if client.phase == .stream {
            client.outgoing.removeAll(keepingCapacity: true)
            client.written = 0
            client.lastWrite = DispatchTime.now().uptimeNanoseconds
            client.deadline = Self.after(limits.keepAlive)
            clients[id] = client
        } else {
            clients[id] = client
            close(id)
        }
    }

    // MARK: - Time

    private func expire() {
        let now = DispatchTime.now().uptimeNanoseconds
        for (id, client) in clients where client.deadline <= now {
            switch client.phase {
            case .stranger:
                // A head that never came whole; a silent one is not worth an answer.
                if client.heard { refuse(id, .error(408, "the request did not arrive in time")) } else { close(id) }
            case .body:
                refuse(id, .error(408, "the request did not arrive in time"))
            case .handling:
                break
            case .writing:
                close(id)
            case .stream:
                // Nothing for a while: a comment, which finds a peer that went away.
                clients[id]?.outgoing += Array(": keep-alive\n\n".utf8)
                flush(id)
            }
        }
    }

    private func close(_ id: UInt64) {
        guard let client = clients.removeValue(forKey: id) else { return }
        // What the peer sent and nobody read would make closing reset the connection, which
        // can lose the answer just written: read it off first.
        for _ in 0..<16
        where (buffer.withUnsafeMutableBytes { try? Sockets.receive(client.descriptor, into: $0) } ?? 0) > 0 {}
        Sockets.shutdown(client.descriptor)
        Files.close(client.descriptor)
    }
}

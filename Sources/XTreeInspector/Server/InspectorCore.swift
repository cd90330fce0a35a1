import Foundation
import XTree
import XTreeEventLoop
import XTreeJournal
import XTreePlatform
import XTreeSnapshot
import XTreeSupport

/// The inspector as a service of the ``EventLoop``: connections admitted by their budgets,
/// each hello checked, each request read as a line and answered by a task (on the main actor
/// only for as long as a snapshot or the app's link handler takes), and each follower fed the
/// journal's events. No thread is parked per connection, and nothing waits for the main actor.
final class InspectorCore: EventLoopService, @unchecked Sendable {
    // Unchecked: its connections are touched on the loop's thread alone; other threads reach
    // it through the loop's `post`.

    /// Connections served at once after their hello; more are told so and closed.
    static let maximumClients = 32
    /// Connections that have not presented the token yet: a budget of their own, so that
    /// connections that never say hello cannot keep real clients out. When one more arrives,
    /// the oldest that has sent nothing is dropped (the oldest, if all have).
    static let maximumUnauthenticated = 8
    /// How long a new connection has to present its token.
    static let handshakeTimeout = 1.0
    /// How long a connection may be silent between requests (a follower may be silent).
    static let idleTimeout = 600.0
    /// How long a client may take to read what it is sent.
    static let writeTimeout = 10.0
    /// Bytes waiting for a follower past which its events wait in its outbox instead, where
    /// too many end it.
    static let followerBacklog = 1 << 20

    let name: String
    private let token: [UInt8]
    let hub: WatchHub
    let open: (@MainActor @Sendable (URL) async throws -> (any DeepLinkable)?)?
    /// The app's ``DeepLinkableApp`` type, if it named one.
    let definition: AppDefinition?
    let loop: EventLoop
    /// Each connection's run of the app's own reachability check.
    let checkRuns = Locked<[EventLoop.ID: CheckRun]>([:])
    /// Where each listener listens, to listen there again.
    private let places: [Place]

    /// Where a listener listens.
    enum Place: Sendable {
        case unix(String)
        case loopback(UInt16)
    }

    /// What a connection is doing.
    enum Phase {
        /// It has not said hello.
        case stranger
        /// It said hello and waits for its next request to arrive.
        case ready
        /// Its request is being answered.
        case answering
    }

    private struct Client {
        var phase = Phase.stranger
        /// A follower's events not yet handed to the loop.
        var outbox: Outbox?
    }

    /// On the loop's thread.
    private var clients: [EventLoop.ID: Client] = [:]

    init(
        name: String,
        token: String,
        hub: WatchHub,
        open: (@MainActor @Sendable (URL) async throws -> (any DeepLinkable)?)?,
        definition: AppDefinition?,
        listeners: [(descriptor: Int32, place: Place)]
    ) throws(SystemError) {
        self.name = name
        self.token = Array(token.utf8)
        self.hub = hub
        self.open = open
        self.definition = definition
        places = listeners.map(\.place)
        loop = try EventLoop(
            listeners: listeners.map(\.descriptor), writeTimeout: Self.writeTimeout,
            inputLimit: InspectorProtocol.maximumRequestBytes + 1
        )
    }

    // MARK: - The loop's calls

    func accepted(_ id: EventLoop.ID, _ loop: EventLoop) {
        clients[id] = Client()
        loop.setDeadline(id, in: Self.handshakeTimeout)
        var others: [EventLoop.ID] { loop.ids.filter { $0 != id && clients[$0]?.phase == .stranger } }
        guard others.count >= Self.maximumUnauthenticated else { return }
        // One whose peer closed it, else the oldest that has sent nothing, else the oldest.
        loop.closeHungUp()
        let left = others
        if left.count >= Self.maximumUnauthenticated { loop.close(left.first { !loop.hasHeard($0) } ?? left[0]) }
    }

    func received(_ id: EventLoop.ID, _ loop: EventLoop) {
        while let phase = clients[id]?.phase, phase != .answering {
            let limit = phase == .stranger ? InspectorProtocol.maximumHelloBytes : InspectorProtocol.maximumRequestBytes
            let input = loop.input(of: id)
            guard let end = input.prefix(limit).firstIndex(of: UInt8(ascii: "\n")) else {
                if input.count >= limit {
                    let problem =
                        phase == .stranger
                        ? "a hello is at most \(InspectorProtocol.maximumHelloBytes) bytes"
                        : "a request is at most \(InspectorProtocol.maximumRequestBytes) bytes"
                    reject(nil, problem, closing: id)
                }
                return
            }
            let line = Array(input[..<end])
            loop.consume(end + 1, of: id)
            if phase == .stranger {
                handshake(id, line)
            } else {
                guard let request = InspectorRequest(line: line) else {
                    return reject(nil, "not a request: one JSON object per line", closing: id)
                }
                answer(request, on: id)
            }
        }
    }

    func expired(_ id: EventLoop.ID, _ loop: EventLoop) {
        if clients[id]?.phase == .stranger {
            reject(nil, "the first request must be hello with the token", closing: id)
        } else {
            loop.close(id)
        }
    }

    func closed(_ id: EventLoop.ID) {
        if let outbox = clients.removeValue(forKey: id)?.outbox { hub.remove(outbox) }
        stopCheck(of: id)
    }

    func drained(_ id: EventLoop.ID, _ loop: EventLoop) {
        if clients[id]?.phase == .ready { deliverEvents(to: id) }
    }

    func listenerFailed(_ index: Int, _ loop: EventLoop) {
        listenAgain(index)
    }

    /// Listens again where listener `index` listened: the same socket path, or the same
    /// port, so that the discovery file still holds. Left dead if that fails (another
    /// process took the port).
    func listenAgain(_ index: Int) {
        // The old one closed first: its port is taken while it is open.
        loop.replaceListener(index, with: nil)
        let descriptor: Int32? =
            switch places[index] {
            case .unix(let path): try? Inspector.listen(unixPath: path)
            case .loopback(let port): try? Inspector.listen(loopbackPort: port).0
            }
        loop.replaceListener(index, with: descriptor)
    }

    // MARK: - Hello

    /// Checks version and token, admits the client if there is room, and answers; or says why
    /// not and closes the connection.
    private func handshake(_ id: EventLoop.ID, _ line: [UInt8]) {
        guard let request = InspectorRequest(line: line), case .hello(let version, let token) = request.call else {
            return reject(nil, "the first request must be hello with the token", closing: id)
        }
        guard version == InspectorProtocol.version else {
            let given = version.map(String.init) ?? "none"
            return reject(
                request.id, "protocol version \(given) is not spoken; this app speaks \(InspectorProtocol.version)",
                closing: id)
        }
        guard let presented = token, matches(Array(presented.utf8)) else {
            return reject(request.id, "wrong token", closing: id)
        }
        var admitted: Int { clients.values.count { $0.phase != .stranger } }
        // Clients that closed since the last round are not counted.
        if admitted >= Self.maximumClients { loop.closeHungUp() }
        guard clients[id] != nil, admitted < Self.maximumClients else {
            return reject(request.id, "too many clients", closing: id)
        }
        var reply = InspectorReply(id: request.id)
        reply.version = InspectorProtocol.version
        reply.name = name
        reply.pid = Terminal.processID
        reply.app = definition?.typeName
        reply.grace = hub.gracePeriod
        if let definition {
            let fits = { (text: String) in text.utf8.count <= InspectorProtocol.maximumExampleBytes }
            let examplesFit = { (example: LinkExample) in
                fits(example.form) && fits(example.link) && fits(example.reaches ?? "")
            }
            reply.examples = Array(
                definition.linkExamples.filter(examplesFit).prefix(InspectorProtocol.maximumExamples))
            reply.samples = Array(definition.sampleValues.filter(fits).prefix(InspectorProtocol.maximumExamples))
            reply.sampleLinks = Array(
                definition.sampleLinks.filter(examplesFit).prefix(InspectorProtocol.maximumExamples))
            if definition.check != nil { reply.checks = true }
            let actions = definition.actions.map(\.description).filter(\.isOffered)
            if !actions.isEmpty { reply.actions = Array(actions.prefix(InspectorProtocol.maximumExamples)) }
        }
        clients[id]?.phase = .ready
        loop.setDeadline(id, in: Self.idleTimeout)
        loop.send(encodedLine(reply), to: id)
    }

    /// Compares in time independent of where the first difference is.
    private func matches(_ presented: [UInt8]) -> Bool {
        guard presented.count == token.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(presented, token) { difference |= a ^ b }
        return difference == 0
    }

    // MARK: - Requests

    /// What answering a request came to: the reply, then a snapshot a block at a time, then
    /// the events of a journal; and what the connection becomes.
    struct Answer: Sendable {
        var reply: InspectorReply
        var snapshot: TreeSnapshot?
        var events: [JournalEvent] = []
        /// A follower's events are written before the reply: those of the link it opened.
        var eventsFirst = false
        /// The outbox the connection now follows with.
        var follows: Outbox?
    }

    /// Answers `request` in a task of its own; the connection reads nothing more until the
    /// answer is handed back to the loop.
    private func answer(_ request: InspectorRequest, on id: EventLoop.ID) {
        clients[id]?.phase = .answering
        loop.setReading(false, id)
        loop.setDeadline(id, in: nil)
        let outbox = clients[id]?.outbox
        let connection = Connection(core: self, id: id)
        Task { [self] in
            let answer = await respond(to: request, outbox: outbox, connection: connection)
            loop.post { _ in self.finish(answer, on: id) }
        }
    }

    /// Writes an answer, and reads the connection's next request.
    private func finish(_ answer: Answer, on id: EventLoop.ID) {
        guard clients[id] != nil else {
            if let outbox = answer.follows { hub.remove(outbox) }
            return
        }
        if let outbox = answer.follows { clients[id]?.outbox = outbox }
        if answer.eventsFirst { deliverEvents(to: id, whateverTheBacklog: true) }
        var head = encodedLine(answer.reply)
        if answer.snapshot == nil { head += answer.events.flatMap(eventLine) }
        var blocks = answer.snapshot.map(SnapshotBlocks.init)
        var events = answer.snapshot == nil ? [] : answer.events[...]
        loop.send(
            head, to: id,
            blocks: blocks == nil
                ? nil
                : {
                    // The snapshot, then the journal's events after it.
                    if let block = blocks?.next() { return block }
                    blocks = nil
                    guard let event = events.popFirst() else { return nil }
                    return self.eventLine(event)
                })
        clients[id]?.phase = .ready
        loop.setReading(true, id)
        loop.setDeadline(id, in: clients[id]?.outbox == nil ? Self.idleTimeout : nil)
        if !answer.eventsFirst { deliverEvents(to: id) }
        received(id, loop)
    }

    /// Hands a follower's waiting events to the loop, unless much of what it was sent is
    /// still unread (then they wait in its outbox, which ends the follower when it fills).
    private func deliverEvents(to id: EventLoop.ID, whateverTheBacklog: Bool = false) {
        guard let outbox = clients[id]?.outbox else { return }
        guard whateverTheBacklog || loop.pending(id) < Self.followerBacklog else { return }
        switch outbox.take() {
        case .overflowed:
            reject(nil, "the follower fell too far behind", closing: id)
        case .events(let events) where !events.isEmpty:
            loop.send(events.flatMap(eventLine), to: id)
        case .events:
            break
        }
    }

    /// Posted by a follower's outbox when an event arrives in it.
    func eventsArrived(for id: EventLoop.ID) {
        loop.post { _ in if self.clients[id]?.phase == .ready { self.deliverEvents(to: id) } }
    }

    private func eventLine(_ event: JournalEvent) -> [UInt8] {
        var line = InspectorReply(id: nil)
        line.event = event
        return encodedLine(line)
    }

    func reject(_ id: Int?, _ message: String) -> InspectorReply {
        InspectorReply(id: id, ok: false, error: message)
    }

    /// Says why, then closes the connection once that is written.
    private func reject(_ request: Int?, _ message: String, closing id: EventLoop.ID) {
        clients[id]?.phase = .answering
        loop.setReading(false, id)
        loop.send(encodedLine(reject(request, message)), to: id, thenClose: true)
    }

    /// A connection as the tasks answering its requests know it: where a follower's outbox
    /// posts.
    struct Connection: Sendable {
        let core: InspectorCore
        let id: EventLoop.ID
    }
}

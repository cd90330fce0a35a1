import Foundation
import XTree
import XTreeInspector
import XTreeJournal
import XTreePlatform
import XTreeSnapshot
import XTreeSupport

/// A connection to a running app's ``Inspector``: what `xtree-cli --attach` uses.
///
/// ```swift
/// let app = try InspectorClient.resolve("Recipes")
/// let client = try InspectorClient(app)
/// print(TextRenderer().rendered(try client.snapshot()))
/// ```
///
/// Calls block until the app answers (at most ``replyTimeout`` seconds per line): make them
/// from a command-line tool's main thread or a `Thread` of your own, not from the app being
/// inspected's main actor (which must answer) nor from Swift concurrency's shared pool
/// (which has one thread per core). Every reply is read within the protocol's limits and
/// checked before it is believed.
public final class InspectorClient {
    /// The app connected to.
    public let app: InspectableApp
    /// The app's ``DeepLinkableApp`` type, if its inspector was given one: what a recorded
    /// session names, for a test to rebuild the app.
    public private(set) var appType: AppTypeName?
    /// The link examples of the app's ``DeepLinkableApp`` type, if it named one: what
    /// `xtree-cli links --attach` holds a website's file against.
    public private(set) var linkExamples: [LinkExample] = []
    /// The sample values of the app's ``DeepLinkableApp`` type, if it named one.
    public private(set) var sampleValues: [String] = []
    /// The sample links of the app's ``DeepLinkableApp`` type, if it named one: each form with
    /// its own samples.
    public private(set) var sampleLinks: [LinkExample] = []
    /// What a person can do to the app besides links, as its type lists them
    /// (``DeepLinkableApp/actions``): each a word, and help from the app.
    package private(set) var actions: [InspectorReply.ActionDescription] = []
    /// Whether the app runs its own reachability check (``CheckedApp``) for ``runCheck(stopped:progress:)``.
    package private(set) var checks = false
    /// How long, in seconds, an object that left the app's tree may stay alive before an
    /// `outlived` event names it; `nil` if the app did not say (or said something unreadable).
    public private(set) var releaseGracePeriod: Double?
    /// How long to wait for a reply, however many events the app sends meanwhile, and for
    /// each line of a snapshot or journal that follows it.
    public var replyTimeout = 30.0
    /// How long the app waits for a link it holds (``LinkHolder``) to be delivered before
    /// answering `open` that it is still held, in seconds; `nil`: the app's default, 5.
    public var holdTimeout: Double?
    /// The links the app held at the last ``snapshot()``, by holder: app text, to escape.
    public internal(set) var held: [HeldLink] = []
    /// The most events, and bytes of their lines, a follower keeps while one reply is awaited:
    /// ``InspectorProtocol/maximumBufferedEvents`` and ``InspectorProtocol/maximumBufferedEventBytes``.
    package var eventBound = (
        count: InspectorProtocol.maximumBufferedEvents, bytes: InspectorProtocol.maximumBufferedEventBytes
    )
    /// The most bytes of one snapshot the client accepts from the app: 1 GiB, or what
    /// `XTREE_MAX_INPUT_BYTES` says (in bytes, or with a `K`, `M` or `G` suffix).
    public var maximumSnapshotBytes = (try? InputLimit.fromEnvironment().get()) ?? InputLimit.defaultBytes
    var connection: Connection
    /// How many connections a handshake may take before the client gives up.
    static let helloAttempts = 3
    /// Why a connection ended when the app closed it.
    static let closed = "the connection closed"
    private var nextID = 1
    /// Events read with a reply, waiting to be taken; the ones before `nextBuffered` are taken.
    var buffered: [FollowedEvent] = []
    var nextBuffered = 0
    /// The tree a follower holds: each event's edit applies to it.
    var followed: EventTree?
    /// Whether each followed event's diff is made; `false` for a reader that only forwards
    /// edits (the web page), which then gets empty diffs and costs no layout of the tree but
    /// for a link's path.
    package var makesDiffs = true
    /// The last journal event read: the next must come after it.
    var lastEvent = 0

    /// The running app that `target` names: a process id, an address (`unix:PATH`, a socket
    /// path, or `tcp:127.0.0.1:PORT`, which the app is then reached at) or a name.
    ///
    /// - Parameters:
    ///   - target: What names the app.
    ///   - directory: Where to look instead of the default ``InspectorDirectory``.
    /// - Throws: ``InspectorError/noSuchApp(_:)``, or ``InspectorError/ambiguous(_:pids:)``
    ///   when several apps have the name.
    public static func resolve(_ target: String, in directory: String? = nil) throws(InspectorError)
        -> InspectableApp
    {
        let apps = try InspectorDirectory.runningApps(in: directory)
        if let pid = Int32(target) {
            guard let app = apps.first(where: { $0.pid == pid }) else { throw .noSuchApp(target) }
            return app
        }
        if let app = apps.first(where: { $0.address == target || $0.address == "unix:" + target }) {
            return app
        }
        if var app = apps.first(where: { $0.loopback == target }) {
            app.address = target
            return app
        }
        let named = apps.filter { $0.name == target }
        guard named.count <= 1 else { throw .ambiguous(target, pids: named.map(\.pid)) }
        guard let app = named.first else { throw .noSuchApp(target) }
        return app
    }

    /// Connects to `app` and presents its token.
    ///
    /// - Throws: ``InspectorError/disconnected(_:)`` if the app cannot be reached,
    ///   ``InspectorError/refused(_:)`` if it refuses the handshake.
    public init(_ app: InspectableApp) throws(InspectorError) {
        self.app = app
        guard app.version == InspectorProtocol.version else { throw Self.otherVersion(app, app.version) }
        connection = Connection(descriptor: try Self.connect(to: app.address))
        let hello = request(.hello(version: InspectorProtocol.version, token: app.token))
        var reply: InspectorReply
        var attempts = 1
        while true {
            do {
                reply = try exchange(hello)
                break
            } catch .disconnected(Self.closed) where attempts < Self.helloAttempts {
                // Closed before any answer: while connections that never say hello flood the
                // app, it drops the oldest silent one, which can be this one on a busy machine.
                attempts += 1
                connection.close()
                connection = Connection(descriptor: try Self.connect(to: app.address))
            }
        }
        guard reply.version == InspectorProtocol.version else { throw Self.otherVersion(app, reply.version) }
        appType = reply.app
        // From the app, so held to the limits it keeps when it sends them.
        let fits = { (text: String) in text.utf8.count <= InspectorProtocol.maximumExampleBytes }
        let examplesFit = { (example: LinkExample) in
            fits(example.form) && fits(example.link) && fits(example.reaches ?? "")
        }
        linkExamples = (reply.examples ?? []).prefix(InspectorProtocol.maximumExamples).filter(examplesFit)
        sampleValues = (reply.samples ?? []).prefix(InspectorProtocol.maximumExamples).filter(fits)
        sampleLinks = (reply.sampleLinks ?? []).prefix(InspectorProtocol.maximumExamples).filter(examplesFit)
        actions = (reply.actions ?? []).prefix(InspectorProtocol.maximumExamples).filter(\.isOffered)
        checks = reply.checks ?? false
        releaseGracePeriod = reply.grace.flatMap { $0.isFinite && (0...3_600).contains($0) ? $0 : nil }
    }

    /// A client on `connection`, before any hello.
    init(app: InspectableApp, connection: Connection) {
        self.app = app
        self.connection = connection
    }

    deinit { connection.close() }

    /// Refuses an app that speaks another version of the protocol, by its name.
    private static func otherVersion(_ app: InspectableApp, _ version: Int?) -> InspectorError {
        .refused(
            "\(TerminalText.quoted(app.name)) (pid \(app.pid)) speaks inspector protocol version "
                + "\(version.map(String.init) ?? "none"), and this client speaks \(InspectorProtocol.version); "
                + "build both with the same XTree")
    }

    /// A snapshot of the app's tree now; ``held`` then says the links the app holds.
    public func snapshot() throws(InspectorError) -> TreeSnapshot {
        let reply = try exchange(request(.snapshot))
        held = Array((reply.held ?? []).prefix(InspectorProtocol.maximumExamples))
        return try readSnapshot(announced: reply)
    }

    /// Searches the app's tree by name, as `TreeSnapshot.search(forName:all:where:)` does.
    ///
    /// - Returns: The trace, and the snapshot it searched.
    public func find(_ name: String, conditions: [NodeCondition] = [], all: Bool = false) throws(InspectorError) -> (
        trace: SearchTrace, snapshot: TreeSnapshot
    ) {
        let reply = try exchange(
            request(.find(name: name, conditions: conditions, all: all, answerOnly: false, shown: nil)))
        guard let trace = reply.trace else { throw .refused("a find reply without its trace") }
        return (trace, try readSnapshot(announced: reply))
    }

    /// Searches the app's tree by name in the app, which answers with the matches, their
    /// paths and at most `shown` visited nodes, never the tree (an app of an earlier build
    /// sends its tree, from which the answer is made here).
    package func findAnswer(
        _ name: String, conditions: [NodeCondition] = [], all: Bool = false, shown: Int
    ) throws(InspectorError) -> FoundAnswer {
        let reply = try exchange(
            request(.find(name: name, conditions: conditions, all: all, answerOnly: true, shown: shown)))
        if let found = reply.found { return found }
        // An app of an earlier build sends its trace and tree: the answer is made from them.
        guard let trace = reply.trace else { throw .refused("a find reply without its answer") }
        return FoundAnswer(
            trace: trace, in: try readSnapshot(announced: reply), forName: name, conditions: conditions, shown: shown,
            knownNames: [])
    }

    /// Has the app do one of its ``actions``.
    ///
    /// - Returns: What the app said of it (that there was nothing to do), if anything: app
    ///   text, to escape where it is printed.
    package func act(_ name: String) throws(InspectorError) -> String? {
        let reply = try exchange(request(.action(name: name)))
        guard (reply.said?.utf8.count ?? 0) <= InspectorProtocol.maximumExampleBytes + 3 else {
            throw .refused("an action reply longer than an app sends")
        }
        return reply.said
    }

    /// The children audit's problems on the app's tree now (``ChildrenAudit``): objects a node
    /// holds but lists nowhere. Empty when the tree keeps its children right.
    ///
    /// - Throws: ``InspectorError/refused(_:)`` if the reply holds more than the app may send.
    public func audit() throws(InspectorError) -> [String] {
        let reply = try exchange(request(.audit))
        guard let problems = reply.audit, problems.count <= InspectorProtocol.maximumExamples,
            problems.allSatisfy({ $0.utf8.count <= InspectorProtocol.maximumExampleBytes + 3 })
        else { throw .refused("an audit reply without its problems, or with more than an app sends") }
        return problems
    }

    /// Has the app apply a link with its handler, recording its searches.
    ///
    /// - Parameter traces: `false` for a result without ``OpenResult/traces``: the app then
    ///   counts its searches for its journal and sends none of the nodes they visited, which
    ///   in a large tree is most of the reply.
    /// - Returns: What the handler did, and the snapshot after it.
    public func open(
        _ url: String, traces: Bool = true
    ) throws(InspectorError) -> (result: OpenResult, snapshot: TreeSnapshot) {
        let (reply, opened) = try exchangeOpen(.open(link: url, traces: traces, hold: holdTimeout))
        let snapshot: TreeSnapshot
        if let sequence = opened.event, let followed {
            // A follower was sent the link's event before the reply: its tree is the tree after.
            guard let event = buffered[nextBuffered...].last(where: { $0.event.sequence == sequence }) else {
                throw .refused("an open reply naming event \(sequence), which did not come before it")
            }
            snapshot = followed.snapshot()
            return (OpenResult(traces: opened.traces, error: opened.error, path: event.path, event: sequence), snapshot)
        }
        snapshot = try readSnapshot(announced: reply)
        guard opened.path.allSatisfy({ snapshot.nodes.indices.contains($0) }) else {
            throw .refused("an open reply whose path is not in its snapshot")
        }
        return (opened, snapshot)
    }

    /// Sends an `open` request and reads its reply, waiting past the hold's end, and keeps the
    /// links the app says it holds.
    func exchangeOpen(_ call: InspectorRequest.Call) throws(InspectorError) -> (InspectorReply, OpenResult) {
        // The reply comes after the hold: wait for it past the hold's end.
        let wait = replyTimeout
        if let holdTimeout { replyTimeout = max(replyTimeout, holdTimeout + 5) }
        defer { replyTimeout = wait }
        let reply = try exchange(request(call))
        guard let opened = reply.opened else { throw .refused("an open reply without its result") }
        guard (opened.appeared?.count ?? 0) <= OpenResult.maximumAppeared else {
            throw .refused("an open reply naming more than \(OpenResult.maximumAppeared) nodes that appeared")
        }
        held = Array((reply.held ?? []).prefix(InspectorProtocol.maximumExamples))
        return (reply, opened)
    }

    /// Has the app return to its state after journal event `sequence` (0: its state at the
    /// start), through the ``Inspector/Restoration`` it was given.
    ///
    /// - Returns: What restoring did, with the tree now against the one recorded after the
    ///   event, and the snapshot now.
    /// - Throws: ``InspectorError/refused(_:)`` if the app has no restoration, no journal, or
    ///   no longer keeps that state.
    public func restore(to sequence: Int) throws(InspectorError) -> (result: RestoreResult, snapshot: TreeSnapshot) {
        let reply = try exchange(request(.restore(to: sequence)))
        guard let restored = reply.restored, restored.to == sequence, restored.event > sequence,
            restored.duration.isFinite, restored.duration >= 0
        else { throw .refused("a restore reply without its result") }
        return (restored, try readSnapshot(announced: reply))
    }

    /// The socket, to wait on with `poll` beside other input; check ``hasBufferedEvent``
    /// first, as events read with a reply wait in memory.
    public var descriptor: Int32 { connection.descriptor }

    /// Whether an event is already read and waiting.
    public var hasBufferedEvent: Bool { nextBuffered < buffered.count || connection.hasBufferedLine }

    // MARK: - Exchanges

    func request(_ call: InspectorRequest.Call) -> InspectorRequest {
        defer { nextID += 1 }
        return InspectorRequest(id: nextID, call)
    }

    /// Sends a request and reads lines until its reply; a follower's events read meanwhile are
    /// applied and kept.
    func exchange(_ request: InspectorRequest) throws(InspectorError) -> InspectorReply {
        let line = request.line
        // The app closes the connection on a longer request, which would look like a crash
        // (and be blamed on the next request): refused here, with the reason.
        guard line.count <= InspectorProtocol.maximumRequestBytes + 1 else {
            throw .refused(
                "the request is \(line.count) bytes, over the inspector's limit of "
                    + "\(InspectorProtocol.maximumRequestBytes): a link of at most about 1 MiB is sent")
        }
        guard connection.write(line, timeout: replyTimeout) else {
            // An app that turned the connection away said why before it closed.
            if case .line(let line) = connection.readLine(
                limit: InspectorProtocol.maximumReplyLineBytes, timeout: min(replyTimeout, 1)),
                let reply = try? InspectorReply(line: line), !reply.ok
            {
                throw .refused(reply.error ?? "no reason given")
            }
            throw .disconnected(Self.closed)
        }
        // One deadline for the reply, whatever arrives before it; and a bound on what is kept.
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(replyTimeout, 1e6)) * 1e9)
        var eventBytes = 0
        let kept = buffered.count
        while true {
            let line = try readLine(before: deadline)
            let reply = try InspectorReply(line: line)
            if let event = reply.event, reply.id == nil {
                eventBytes += line.count
                guard buffered.count - kept < eventBound.count, eventBytes <= eventBound.bytes else {
                    throw .refused(
                        "the app sent more than \(eventBound.count) events or \(eventBound.bytes >> 20) MiB of "
                            + "them without answering")
                }
                buffered.append(try apply(event))
                continue
            }
            guard reply.ok else { throw .refused(reply.error ?? "no reason given") }
            guard reply.id == request.id else { throw .refused("a reply to another request") }
            return reply
        }
    }

    /// The next line; one longer than `limit` bytes, its line end included, is refused as
    /// `tooLong` (by default, a line longer than the protocol allows).
    func readLine(
        limit: Int = InspectorProtocol.maximumReplyLineBytes, tooLong: InspectorError? = nil,
        before deadline: UInt64? = nil
    ) throws(InspectorError) -> [UInt8] {
        var timeout = replyTimeout
        if let deadline {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { throw .noAnswer(seconds: replyTimeout) }
            timeout = min(timeout, Double(deadline - now) / 1e9)
        }
        switch connection.readLine(limit: limit, timeout: timeout) {
        case .line(let line): return line
        case .timedOut: throw .noAnswer(seconds: replyTimeout)
        case .tooLong:
            throw tooLong ?? .refused("a line longer than \(InspectorProtocol.maximumReplyLineBytes) bytes")
        case .closed: throw .disconnected(Self.closed)
        }
    }

    /// How long to wait before each new try of a refused connect, in milliseconds: Darwin
    /// refuses a Unix-socket connect once the listener's queue holds its backlog (the
    /// inspector's 16; xnu's `unp_connect` and `sonewconn_internal`), where Linux waits; a
    /// burst of clients, or an app busy a moment, is then let in on a later try. About 0.6 s
    /// in all.
    static let connectRetries: [UInt32] = [10, 20, 40, 80, 160, 320]

    static func connect(to address: String) throws(InspectorError) -> Int32 {
        guard let socketAddress = InspectableApp.socketAddress(address) else { throw .noSuchApp(address) }
        var retries = connectRetries[...]
        do throws(SystemError) {
            while true {
                let descriptor = try Sockets.makeStreamSocket(for: socketAddress)
                do {
                    try Sockets.connect(descriptor, to: socketAddress)
                    return descriptor
                } catch {
                    Files.close(descriptor)
                    guard error.is(.connectionRefused), let pause = retries.popFirst() else { throw error }
                    Thread.sleep(forTimeInterval: Double(pause) / 1000)
                }
            }
        } catch {
            if error.is(.nameTooLong) { throw .io("the socket path of \(address) is too long") }
            throw .disconnected("cannot connect to \(address): \(error)")
        }
    }
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspectorClient
import XTreeJournal
import XTreePage
import XTreeSupport
import XTreeTargets
import XTreeWeb

struct WebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "web",
        summary: "Serve the tree as a page to open in a browser, live, until interrupted.",
        discussion: """
            Serves the page 'tree --format html' writes, for the example app, the running app
            --attach names, or the snapshot --snapshot names, on 127.0.0.1 only, and prints the
            address to open: it holds a random token, which the page keeps in a cookie. The page
            follows the tree as it changes (coalesced, as 'watch' shows changes), applies the
            links typed into it and highlights the path each reached and the nodes its searches
            visited, and shows the app's journal if it keeps one. A snapshot takes no links.
            Serves until SIGINT or SIGTERM; if an attached app exits, ends with status 1.
            """,
        roles: [.starting, .applyingLinks]
    )

    @Option(
        name: "port", value: "N", help: "Listen on 127.0.0.1:N (default 0: any free port).", minimum: 0,
        maximum: (Int(UInt16.max), what: "a port"))
    var port: Int?
    @OptionGroup var target: TargetOptions

    func run(_ context: Context) async throws(CLIError) {
        let target = try context.target(target)
        let takesLinks = !(target is SnapshotTarget)
        // The page is sent each event's edit: a diff would be made for nobody.
        (target as? AttachedTarget)?.client.makesDiffs = false
        if takesLinks { try target.startWatching() }
        let site = WebSite(target: target, takesLinks: takesLinks)
        // Woken when the app's stream has something, a request left changes read with its
        // reply, or a signal came: never by a timer.
        var wake: AsyncStream<Wake>.Continuation?
        let wakes = AsyncStream<Wake> { wake = $0 }
        let server: WebServer
        do {
            server = try WebServer(port: UInt16(port ?? 0)) { [wake] request in
                let response = await site.answer(request)
                if target.hasArrivedChange { wake?.yield(.readReply) }
                return response
            }
        } catch {
            throw .failure("cannot serve: \(error.description)")
        }
        site.server = server
        let interrupts = Interrupts { [wake] in wake?.yield(.interrupted) }
        // Readable: suspended as it fires, until the changes are taken, so that it fires once
        // for them; resumed before it is cancelled, as a suspended source may not be released.
        let suspended = Locked(false)
        let stream = target.changeDescriptor.map { descriptor in
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .global())
            source.setEventHandler { [wake, source] in
                source.suspend()
                suspended.withLock { $0 = true }
                wake?.yield(.readable)
            }
            source.resume()
            return source
        }
        func resume() {
            let wasSuspended = suspended.withLock { was in
                defer { was = false }
                return was
            }
            if wasSuspended { stream?.resume() }
        }
        defer {
            resume()
            stream?.cancel()
            interrupts.restore()
            server.stop()
        }
        let console = context.console
        console.out("serving \(target.title) at \(server.address)\nopen it in a browser; Ctrl-C stops\n")
        console.flush()
        for await reason in wakes {
            if reason == .interrupted || interrupts.arrived { break }
            let changes = try target.arrivedChanges()
            if !changes.isEmpty { site.changed(by: changes) }
            if reason == .readable { resume() }
        }
        console.out("stopped\n")
    }

    /// What woke the server's loop.
    private enum Wake: Sendable {
        case readable, readReply, interrupted
    }
}

/// What the web page asks of a target: the page, the tree, links, the journal.
@MainActor
final class WebSite {
    let target: any Target
    let takesLinks: Bool
    /// Where changes are announced; set once the server runs.
    var server: WebServer?
    /// Counts changes of the tree: each edit the page is sent takes it one step on.
    private(set) var version = 1
    /// The snapshot's JSON at `version`, made when first asked for.
    private var cached: [UInt8]?
    private var linking = false
    /// The journal's events the page was last given.
    private var journalEntries: [JournalEntry] = []

    init(target: any Target, takesLinks: Bool) {
        self.target = target
        self.takesLinks = takesLinks
    }

    /// The largest edit sent to the page; past it, the page fetches the whole tree instead.
    static let largestEdit = 256 * 1024

    /// The tree changed: each event's edit goes to the page, which patches its rows with it
    /// (`edit`, with the version it makes) and reads the journal again; none, or an edit past
    /// ``largestEdit``, makes the page fetch the tree (`tree`).
    func changed(by changes: [FollowedEvent] = []) {
        cached = nil
        let encoder = JSONOutput.encoder()
        let edits = changes.map { try? encoder.encode($0.event.edit) }
        guard !edits.isEmpty, edits.allSatisfy({ ($0?.count ?? .max) <= Self.largestEdit }) else {
            version += 1
            server?.broadcast("tree", data: "{\"version\":\(version)}")
            return
        }
        for edit in edits {
            version += 1
            // JSON from the encoder is one line, as an event's data must be.
            server?.broadcast(
                "edit", data: "{\"version\":\(version),\"edit\":\(String(decoding: edit ?? Data(), as: UTF8.self))}")
        }
    }

    func answer(_ request: HTTPRequest) async -> WebServer.Response {
        switch (request.method, request.path) {
        case ("GET", "/"): page()
        case ("GET", "/api/tree"): tree()
        case ("GET", "/api/journal"): journal()
        case ("POST", "/api/open"): await open(request.body)
        case (_, "/"), (_, "/api/tree"), (_, "/api/journal"), (_, "/api/open"):
            .error(405, "\(request.path) does not take \(request.method)")
        default: .error(404, "no such page")
        }
    }

    private func page() -> WebServer.Response {
        let nonce = HTMLPage.makeNonce()
        let keepsJournal = takesLinks && ((try? target.journal(after: Int.max)) ?? nil) != nil
        let settings = HTMLPage.Settings(
            mode: .live, title: target.title,
            linksUnavailable: takesLinks ? nil : "Links need an app: this page shows a snapshot file",
            journal: keepsJournal, linkForms: target.linkForms)
        return WebServer.Response(
            contentType: "text/html; charset=utf-8", body: Array(HTMLPage.live(settings: settings, nonce: nonce).utf8),
            nonce: nonce)
    }

    /// The tree at ``version``: a followed app's is the tree the server holds, to which each edit
    /// sent so far was applied (never asked of the app, whose tree may already hold changes the
    /// page has not been sent, and would be sent again).
    private func tree() -> WebServer.Response {
        if cached == nil {
            do {
                var snapshot = (target as? AttachedTarget)?.client.followedTree
                if snapshot == nil { snapshot = try target.snapshot() }
                guard let snapshot else { preconditionFailure("a tree was read") }
                var bytes = Array("{\"version\":\(version),\"snapshot\":".utf8)
                JSONRenderer().render(snapshot) { block in block.withBytes { bytes += $0 } }
                cached = bytes + Array("}".utf8)
            } catch {
                return .error(500, error.message)
            }
        }
        return WebServer.Response(contentType: "application/json", body: cached ?? [])
    }

    /// The journal's last 200 events: fetched after the last one the page was given.
    private func journal() -> WebServer.Response {
        struct Answer: Encodable {
            let capacity: Int
            let events: [JournalEntry]
        }
        do {
            let kept = try target.journal(after: journalEntries.last?.sequence ?? 0)
            journalEntries = Array((journalEntries + (kept?.entries ?? [])).suffix(200))
            return Self.json(Answer(capacity: kept?.capacity ?? 0, events: journalEntries))
        } catch {
            return .error(500, error.message)
        }
    }

    private static func json(_ value: some Encodable) -> WebServer.Response {
        let encoder = JSONOutput.encoder()
        guard let data = try? encoder.encode(value) else { return .error(500, "cannot encode the answer") }
        return WebServer.Response(contentType: "application/json", body: Array(data))
    }

    private func open(_ body: [UInt8]) async -> WebServer.Response {
        struct Request: Decodable {
            let link: String
        }
        struct Answer: Encodable {
            let link: String
            var applier: String?
            var reached: [Int] = []
            var traces: [SearchTrace] = []
            var error: String?
            let version: Int
        }
        guard takesLinks else { return .error(409, "links need an app: this page shows a snapshot file") }
        guard let request = try? JSONDecoder().decode(Request.self, from: Data(body)) else {
            return .error(400, "the body must be {\"link\": \"…\"}")
        }
        guard request.link.utf8.count <= WatchLoop.maximumLineLength, !request.link.isEmpty else {
            return .error(400, "a link is 1 to \(WatchLoop.maximumLineLength) bytes")
        }
        guard !linking else { return .error(409, "another link is being applied") }
        linking = true
        defer { linking = false }
        var answer: Answer
        do {
            switch try await target.open(request.link, recording: true) {
            case .reached(let opened):
                changed(by: try target.changesSinceLastLine())
                answer = Answer(link: opened.link, applier: opened.applier, version: version)
                answer.reached = opened.locate().path
                answer.traces = opened.traces
            case .failed(let reason):
                answer = Answer(link: request.link, error: reason, version: version)
            }
            return Self.json(answer)
        } catch {
            return .error(502, error.message)
        }
    }
}

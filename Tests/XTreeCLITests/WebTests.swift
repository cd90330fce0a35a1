import Foundation
import Testing
import XTreePlatform
import XTreeWeb

@testable import XTreeInspector

/// `xtree-cli web` as a child process: the address it prints, and its port and token.
final class WebProcess {
    let folder: ScratchFolder
    let process: Process
    private(set) var port: UInt16 = 0
    private(set) var token = ""

    init(_ arguments: [String], environment: [String: String] = [:]) async throws {
        folder = try ScratchFolder()
        let started = try await startCLI(
            ["web"] + arguments, environment: environment, output: folder.path("web.out"), tries: 200
        ) { $0.contains("\n") }
        process = started.process
        if let text = started.printed {
            // serving the recipes app at http://127.0.0.1:PORT/?token=TOKEN
            let address = text.split(separator: "\n")[0].components(separatedBy: " at ").last ?? ""
            let parts = address.components(separatedBy: ":")
            port = UInt16(parts.last?.components(separatedBy: "/").first ?? "") ?? 0
            token = address.components(separatedBy: "token=").last ?? ""
            return
        }
        throw CocoaError(.fileReadNoSuchFile)
    }

    var output: String { (try? String(contentsOfFile: folder.path("web.out"), encoding: .utf8)) ?? "" }

    /// Sends a request with the token's cookie (or none) and the right Host.
    func request(_ method: String, _ path: String, body: String? = nil, cookie: Bool = true) async -> (
        status: Int, body: String
    ) {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        if cookie { text += "Cookie: xtree-token=\(token)\r\n" }
        if let body { text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        text += "\r\n" + (body ?? "")
        let (port, request) = (port, text)
        return await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: Self.exchange(port, request)) }.start()
        }
    }

    private static func exchange(_ port: UInt16, _ text: String) -> (status: Int, body: String) {
        let answer = WebServer.exchange(port: port, Array(text.utf8))
        return (answer.status, answer.body)
    }

    /// Interrupts it as Ctrl-C would, and waits for it to end.
    func interrupt() async -> Int32 {
        _ = Terminal.send(.interrupt, to: process.processIdentifier)
        await process.exit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            _ = Terminal.send(.kill, to: process.processIdentifier)
            process.waitUntilExit()
        }
    }
}

@Suite struct WebTests {
    struct Tree: Decodable {
        struct Snapshot: Decodable { let nodes: [Node] }
        struct Node: Decodable { let type: String }
        let version: Int
        let snapshot: Snapshot
    }

    struct Opened: Decodable {
        struct Trace: Decodable { let receiverType: String }
        let reached: [Int]
        let traces: [Trace]
        let error: String?
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(text.utf8))
    }

    @Test func theEmbeddedAppIsServedAndTakesLinks() async throws {
        let web = try await WebProcess([])
        #expect(web.output.hasPrefix("serving the recipes app at http://127.0.0.1:\(web.port)/?token="))
        #expect(web.token.count == 64)
        #expect(await web.request("GET", "/api/tree", cookie: false).status == 403)

        let before = try Self.decode(Tree.self, await web.request("GET", "/api/tree").body)
        #expect(before.snapshot.nodes.count == 6)
        let answer = await web.request(
            "POST", "/api/open", body: #"{"link":"recipes://recipes/orange-marmalade/ratings"}"#)
        #expect(answer.status == 200)
        let opened = try Self.decode(Opened.self, answer.body)
        #expect(opened.reached == [0, 1, 6])
        #expect(opened.traces.map(\.receiverType) == ["RecipeListCoordinator", "RecipeViewModel"])
        let after = try Self.decode(Tree.self, await web.request("GET", "/api/tree").body)
        #expect(after.version > before.version)
        #expect(after.snapshot.nodes.count == 8)
        #expect(after.snapshot.nodes[6].type == "DefaultRatingViewModel")

        let failing = await web.request("POST", "/api/open", body: #"{"link":"recipes://x"}"#)
        let failed = try Self.decode(Opened.self, failing.body)
        #expect(failed.error?.isEmpty == false)
        #expect(await web.request("POST", "/api/open", body: #"{"url":1}"#).status == 400)
        #expect(await web.request("GET", "/api/open").status == 405)
        #expect(await web.request("GET", "/nothing").status == 404)

        let page = await web.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.body.contains(#"{"mode":"live","title":"the recipes app""#))
        #expect(await web.interrupt() == 0)
        #expect(web.output.hasSuffix("stopped\n"))
    }

    @Test func aSnapshotIsServedWithoutLinks() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("tree.json", try await cliProcess("tree", "--format", "json").stdout)
        let web = try await WebProcess(["--snapshot", file])
        #expect(web.output.hasPrefix("serving a snapshot at "))
        let tree = try Self.decode(Tree.self, await web.request("GET", "/api/tree").body)
        #expect(tree.snapshot.nodes.count == 6)
        let refused = await web.request("POST", "/api/open", body: #"{"link":"recipes://recipes/duck/ratings"}"#)
        #expect(refused.status == 409)
        #expect(await web.request("GET", "/").body.contains(#""linksUnavailable":"Links need an app"#))
        #expect(await web.interrupt() == 0)
    }

    @Test func anAttachedAppsJournalIsShown() async throws {
        let app = try await ServedApp(name: "WebJournal")
        let web = try await WebProcess(["--attach", "WebJournal"], environment: app.environment)
        #expect(web.output.contains("serving \"WebJournal\" (pid \(app.pid)) at "))
        #expect(await web.request("GET", "/").body.contains(#""journal":true"#))
        let answer = await web.request(
            "POST", "/api/open", body: #"{"link":"recipes://recipes/orange-marmalade/ratings"}"#)
        #expect(try Self.decode(Opened.self, answer.body).reached == [0, 1, 6])
        let journal = await web.request("GET", "/api/journal").body
        #expect(journal.contains(##""summary":"#1 "##))
        #expect(journal.contains("link recipes://recipes/orange-marmalade/ratings (inspector"))
        #expect(await web.interrupt() == 0)
    }

    /// The page's journal says what `log` says of the same events, word for word, and flags
    /// as unchanged only a link that changed nothing.
    @Test func thePagesJournalReadsAsLogDoes() async throws {
        struct Journal: Decodable {
            struct Entry: Decodable {
                let summary: String
                let flag: String?
            }
            let events: [Entry]
        }
        let app = try await ServedApp(name: "WebJournalText")
        let web = try await WebProcess(["--attach", "WebJournalText"], environment: app.environment)
        for link in ["recipes://recipes/irish-stew", "recipes://recipes/irish-stew", "recipes://nowhere"] {
            _ = await web.request("POST", "/api/open", body: #"{"link":"\#(link)"}"#)
        }
        let page = try Self.decode(Journal.self, await web.request("GET", "/api/journal").body).events
        let log = try await cli("log", "--attach", "WebJournalText", environment: app.environment)
        let lines = log.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("#") }
        #expect(page.map(\.summary) == lines)
        #expect(page.map(\.flag) == [nil, "unchanged", "failed"])
        #expect(lines.count == 3 && !lines[0].hasSuffix(": unchanged") && lines[1].hasSuffix(": unchanged"))
        #expect(await web.interrupt() == 0)
    }

    @Test func treeWritesTheSelfContainedPage() async throws {
        let result = try await cli("tree", "--format", "html", "--open", "recipes://recipes/orange-marmalade/ratings")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(result.stdout.contains(#""title":"the recipes app","highlighted":[0,1,6]"#))
        let refused = try await cli("tree", "--format", "html", "--depth", "1")
        #expect(refused.status == 64)
    }
}

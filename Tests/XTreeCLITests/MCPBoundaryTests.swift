import Foundation
import Testing
import XTree
import XTreePlatform

/// The MCP server as a boundary: what an agent sends, steered perhaps by an app's labels,
/// never names a program to run, changes an app the user runs, or reads what it should not.
@Suite struct MCPBoundaryTests {
    /// The server's answers to `calls` (tool name and arguments), one a call, in order.
    static func answers(
        _ calls: [(String, String)], serverArguments: [String] = [], in folder: ScratchFolder? = nil,
        environment: [String: String] = [:]
    ) async throws -> [[String: Any]] {
        var lines = [
            #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        ]
        for (index, call) in calls.enumerated() {
            lines.append(
                #"{"jsonrpc":"2.0","id":\#(index + 1),"method":"tools/call","params":{"name":"\#(call.0)","arguments":\#(call.1)}}"#
            )
        }
        let input = lines.joined(separator: "\n") + "\n"
        let result: CLIResult
        if let folder {
            result = try await cliScript(
                #"exec "$0" mcp \#(serverArguments.joined(separator: " "))"#, in: folder, input: input,
                environment: environment)
        } else {
            result = try await cliProcess(["mcp"] + serverArguments, input: Data(input.utf8), environment: environment)
        }
        let answers = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        try #require(answers.count == calls.count + 1, "\(result.stdout) \(result.stderr)")
        return Array(answers.dropFirst())
    }

    /// The text of an answer: its error's message, or its content's text.
    static func text(_ answer: [String: Any]) -> String {
        if let error = answer["error"] as? [String: Any] { return error["message"] as? String ?? "" }
        let result = answer["result"] as? [String: Any]
        let content = result?["content"] as? [[String: Any]]
        return content?.first?["text"] as? String ?? ""
    }

    /// What the command said when it failed: data, kept in `structuredContent.error`.
    static func error(_ answer: [String: Any]) -> String {
        let result = answer["result"] as? [String: Any]
        return (result?["structuredContent"] as? [String: Any])?["error"] as? String ?? ""
    }

    @Test func aValueThatLooksLikeAnOptionIsNeverReadAsOneByAnyTool() async throws {
        let folder = try ScratchFolder()
        let marker = folder.path("ran")
        let evil = try folder.write("evil.sh", "#!/bin/sh\ntouch '\(marker)'\n")
        try Files.changePermissions(at: evil, to: 0o700)
        let option = "--launch=\(evil)"
        _ = try folder.write("site.json", #"{"applinks":{"details":[]}}"#)
        let calls: [(String, String)] = [
            ("find", #"{"name":"\#(option)"}"#),
            ("find", #"{"name":"RecipeViewModel","where":["\#(option)"]}"#),
            ("why", #"{"link":"\#(option)"}"#),
            ("open", #"{"links":["recipes://recipes/irish-stew","\#(option)"]}"#),
            ("links", #"{"aasa":"site.json","domain":"\#(option)"}"#),
            ("tree", #"{"cursor":"\#(option)"}"#),
        ]
        let answers = try await Self.answers(calls, serverArguments: ["--allow-open"], in: folder)
        #expect(!FileManager.default.fileExists(atPath: marker), "\(answers.map(Self.text))")
        // Each was read as a value: a type, a condition, a link, a domain or a cursor.
        #expect(Self.error(answers[0]).hasPrefix("error: '\(option)' is not a type name"), "\(Self.error(answers[0]))")
        #expect(
            Self.text(answers[0]) == "find failed (status 64): its message, from the app, is structuredContent.error")
        let structured = (answers[1]["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
        #expect(structured?["conditions"] as? [String] == [option], "\(answers[1])")
        #expect(Self.error(answers[2]).contains(option), "\(Self.error(answers[2]))")
        #expect(Self.error(answers[3]).contains(option), "\(Self.error(answers[3]))")
        #expect(Self.text(answers[5]) == "tree: not a cursor this server gave")
    }

    @Test func toolsThatApplyLinksAreRefusedOnAnAttachedAppWithoutAllowOpen() async throws {
        let answers = try await Self.answers([
            ("check", #"{"attach":"SomeApp"}"#),
            ("links", #"{"attach":"SomeApp","aasa":"x.json","domain":"example.com"}"#),
            ("open", #"{"links":["recipes://recipes/irish-stew"]}"#),
            ("tree", #"{"attach":"NoSuchApp"}"#),
        ])
        for (index, tool) in ["check", "links", "open"].enumerated() {
            #expect(
                Self.text(answers[index])
                    == "\(tool) applies links and changes the app: start the server with --allow-open to let it")
        }
        // A tool that only reads goes on to ask the app.
        #expect(Self.error(answers[3]).contains("NoSuchApp"), "\(answers[3])")
        #expect(!Self.text(answers[3]).contains("NoSuchApp"))
    }

    @Test func aFileAnAgentNamesIsARegularFileUnderTheWorkingDirectoryAndNeverEchoed() async throws {
        let folder = try ScratchFolder()
        _ = try folder.write("secret.json", #"{"applinks":{"details":[{"appIDs":["hunter2"]}]}}"#)
        try Files.makeFIFO(folder.path("fifo.json"), permissions: 0o600)
        let outside = try ScratchFolder()
        _ = try outside.write("other.json", "{}")
        let answers = try await Self.answers(
            [
                ("links", #"{"aasa":"fifo.json","domain":"example.com"}"#),
                ("links", #"{"aasa":"\#(outside.path("other.json"))","domain":"example.com"}"#),
                ("links", #"{"aasa":"../\#(outside.url.lastPathComponent)/other.json","domain":"example.com"}"#),
                ("links", #"{"aasa":"secret.json","domain":"example.com"}"#),
            ], in: folder)
        #expect(Self.text(answers[0]) == "links: aasa: 'fifo.json' is a FIFO, not a regular file")
        #expect(Self.text(answers[1]).hasSuffix("is outside the server's working directory; name a file under it"))
        #expect(Self.text(answers[2]).hasSuffix("is outside the server's working directory; name a file under it"))
        let refused = String(decoding: try JSONSerialization.data(withJSONObject: answers[3]), as: UTF8.self)
        #expect(!refused.contains("hunter2"), "\(refused)")
        #expect(Self.text(answers[3]).hasPrefix("links failed (status 1); its message is not shown"))
    }

    /// `mcp --launch`: the server starts the app for the session and asks it; a child the
    /// server launched is the agent's own, so open runs on it without --allow-open.
    @Test func mcpLaunchesTheAppAndItsChildIsTheAgentsOwn() async throws {
        let launcher = try LaunchTests.Launcher()
        let answers = try await Self.answers(
            [("open", #"{"links":["recipes://recipes/irish-stew"]}"#), ("find", #"{"name":"RecipeViewModel"}"#)],
            serverArguments: ["--launch", launcher.script], environment: launcher.environment)
        #expect(Self.text(answers[0]) == "done", "\(answers[0])")
        #expect(Self.text(answers[1]) == "1 match", "\(answers[1])")
        #expect(launcher.leftovers.isEmpty)
    }

    /// `fuzz` as a tool starts a fresh app per case: the server's launch executable (never
    /// named by the agent), and it finds the fixture's defects; a running app is refused.
    @Test func fuzzRunsOnTheServersLaunchExecutableNeverOnARunningApp() async throws {
        let (folder, environment) = try HeldLinkTests.environment(["BROWSER_LAUNCH_DELAY": "0"])
        defer { withExtendedLifetime(folder) {} }
        let answers = try await Self.answers(
            [("fuzz", #"{"links":250}"#)], serverArguments: ["--launch", HeldLinkTests.browser],
            environment: environment)
        #expect(Self.text(answers[0]) == "done, with failures (status 1): see structuredContent", "\(answers[0])")
        let report = (answers[0]["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
        let crashes = (report?["findings"] as? [[String: Any]] ?? []).filter { $0["property"] as? String == "no crash" }
        let links = crashes.compactMap { $0["link"] as? String }
        #expect(EntryEndToEndTests.kinds(of: links) == ["-", "activity", "notification", "shortcut"], "\(links)")
        let refused = try await Self.answers(
            [("fuzz", #"{"links":10}"#)], serverArguments: ["--attach", "NoSuchApp", "--allow-open"])
        #expect(
            Self.text(refused[0])
                == "fuzz starts a fresh app for each case and cannot run on a running app: start the server with "
                + "--launch PATH|NAME", "\(refused[0])")
    }

    /// `crash` as a tool: a breadcrumbs file under the server's working directory, replayed in
    /// fresh apps from the server's launch executable, reproduced and shortened.
    @Test func crashReproducesAndShortensOnTheServersLaunchExecutable() async throws {
        let (folder, environment) = try HeldLinkTests.environment(["BROWSER_LAUNCH_DELAY": "0"])
        let crash = Entry.shortcut(type: "org.example.browser.new-tab", info: ["tabs": Entry.JSONText(json: "0")!])
        _ = try folder.write(
            "crumbs.txt",
            "xtree link 1 reached browser://search?q=swift\nxtree link 2 reached \(crash)\n")
        let answers = try await Self.answers(
            [("crash", #"{"file":"crumbs.txt"}"#)], serverArguments: ["--launch", HeldLinkTests.browser],
            in: folder, environment: environment)
        #expect(Self.text(answers[0]) == "done, with failures (status 1): see structuredContent", "\(answers[0])")
        let report = (answers[0]["result"] as? [String: Any])?["structuredContent"] as? [String: Any]
        #expect(report?["reproduced"] as? Bool == true, "\(report ?? [:])")
        #expect(report?["at"] as? Int == 2)
        // Under ThreadSanitizer a trap's ending varies between runs, and shortening may keep a link.
        let shortest = report?["shortest"] as? [String] ?? []
        #expect(isThreadSanitized ? shortest.last == crash.description : shortest == [crash.description], "\(shortest)")
    }

    /// Revision 2026-07-28 is stateless: `server/discover` answers before anything, and a
    /// request naming the revision in `_meta` is served without `initialize`. Tools carry
    /// annotations from their one "changes the app" flag.
    @Test func theStatelessRevisionIsSpokenBesideTheHandshake() async throws {
        let meta =
            #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}"#
        let input =
            [
                #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(meta)}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{\#(meta)}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{\#(meta),"name":"find","arguments":{"name":"RecipeListCoordinator"}}}"#,
                #"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{}}"#,
                #"{"jsonrpc":"2.0","id":5,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01"}}}"#,
            ].joined(separator: "\n") + "\n"
        let result = try await cliProcess(["mcp"], input: Data(input.utf8))
        let answers = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        try #require(answers.count == 5, "\(result.stdout)")
        let discovered = try #require(answers[0]["result"] as? [String: Any])
        #expect(
            discovered["supportedVersions"] as? [String] == [
                "2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05",
            ])
        let tools = try #require((answers[1]["result"] as? [String: Any])?["tools"] as? [[String: Any]])
        let hints = Dictionary(
            uniqueKeysWithValues: tools.map {
                (
                    $0["name"] as? String ?? "",
                    (($0["annotations"] as? [String: Any])?["readOnlyHint"] as? Bool) ?? false
                )
            })
        #expect(
            hints == [
                "tree": true, "find": true, "why": true, "log": true, "diff": true, "open": false, "check": false,
                "links": false, "fuzz": false, "crash": false, "restore": false,
            ])
        #expect(Self.text(answers[2]) == "1 match", "\(answers[2])")
        // Without the revision in _meta, the handshake comes first.
        #expect((answers[3]["error"] as? [String: Any])?["code"] as? Int == -32600)
        #expect(
            ((answers[4]["error"] as? [String: Any])?["message"] as? String)?.hasPrefix("unsupported protocol version")
                == true)
    }

    /// The protocol's errors, each with its code, and the session going on after each: what
    /// Scripts/mcp-check.py checks with the official client, here without it.
    @Test func eachBadRequestGetsItsErrorCodeAndTheSessionGoesOn() async throws {
        let initialize =
            #"{"jsonrpc":"2.0","id":"i","method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
        let bad: [(String, Int)] = [
            (#"{"jsonrpc":"2.0","id":1,"method":"frob"#, -32700),
            (#"{"jsonrpc":"2.0","id":2,"method":"frob"}"#, -32601),
            (#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"frob","arguments":{}}}"#, -32602),
            (
                #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"tree","arguments":{"depth":"deep"}}}"#,
                -32602
            ),
            (
                #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"tree","arguments":{"limit":true}}}"#,
                -32602
            ),
            (
                #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"find","arguments":{"name":"X","x":1}}}"#,
                -32602
            ),
        ]
        var lines = [#"{"jsonrpc":"2.0","id":0,"method":"tools/list"}"#, initialize]
        lines.append(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        for (index, (line, _)) in bad.enumerated() {
            lines += [line, #"{"jsonrpc":"2.0","id":"ping\#(index)","method":"ping"}"#]
        }
        let result = try await cliProcess(["mcp"], input: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let answers = try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
        try #require(answers.count == 2 + 2 * bad.count, "\(result.stdout)")
        #expect(answers.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
        func code(_ answer: [String: Any]) -> Int? { (answer["error"] as? [String: Any])?["code"] as? Int }
        #expect(code(answers[0]) == -32600, "a request before initialize: \(answers[0])")
        for (index, (line, expected)) in bad.enumerated() {
            let answer = answers[2 + 2 * index]
            #expect(code(answer) == expected, "\(line): \(answer)")
            #expect(answers[3 + 2 * index]["result"] != nil, "a ping after \(line)")
        }
    }
}

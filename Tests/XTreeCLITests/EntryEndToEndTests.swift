import BrowserFixture
import Foundation
import Testing
import XTree
import XTreeEscaping
import XTreePlatform

/// Entries beyond URLs on the browser fixture, end to end: a user activity, a home-screen
/// shortcut and a notification, each recorded by the app's flight recorder, reproduced by
/// `crash` in a fresh child and exported as a test, found by `fuzz` through its fields, and
/// said in words by `why`. (`check` runs them with the fixture's other examples:
/// `HeldLinkTests`.)
@Suite struct EntryEndToEndTests {
    static var browser: String { HeldLinkTests.browser }

    static let activity = Entry.activity(type: "org.example.browser.browsing", url: "https://swift.org/blog", info: [:])
    static let shortcut = Entry.shortcut(
        type: "org.example.browser.new-tab", info: ["tabs": Entry.JSONText(json: "2")!])
    static let notification = Entry.notification(payload: ["url": Entry.JSONText("https://swift.org/news")])

    /// The fixture's defects, each reached through one kind of entry: a script URL in an
    /// activity's web page or a notification's payload traps; so does a shortcut asking for 0 tabs.
    static let crashing: [(Entry, String)] = [
        (.activity(type: "org.example.browser.browsing", url: "javascript:alert(1)", info: [:]), "a javascript: URL"),
        (.shortcut(type: "org.example.browser.new-tab", info: ["tabs": Entry.JSONText(json: "0")!]), "lowerBound"),
        (.notification(payload: ["url": Entry.JSONText("javascript:alert(1)")]), "a javascript: URL"),
    ]

    @Test(arguments: 0..<3)
    func anEntryTheAppCrashedOnIsRecordedReproducedAndExported(index: Int) async throws {
        let (entry, said) = Self.crashing[index]
        let (folder, base) = try HeldLinkTests.environment(["BROWSER_LAUNCH_DELAY": "0"])
        let (app, environment, _) = try await servedAsAUserRuns(Self.browser, named: "BrowserApp", in: folder, base)
        defer { if app.isRunning { app.terminate() } }
        for entry in [Self.activity, Self.shortcut, Self.notification] {
            let opened = try await cliProcess(
                ["open", "--attach", "BrowserApp", entry.description], environment: environment)
            #expect(opened.status == 0, "\(entry): \(opened.stderr)")
        }
        let crashed = try await cliProcess(
            ["open", "--attach", "BrowserApp", entry.description], environment: environment)
        #expect(crashed.status == 1)
        app.waitUntilExit()
        #expect(app.terminationReason == .uncaughtSignal)

        let record = folder.path("BrowserFixture.BrowserApp.flightrecord")
        let test = folder.path("Reproduces.swift")
        let result = try await cliProcess(
            ["crash", record, "--launch", Self.browser, "--export-test", test], environment: base)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.hasPrefix("read 4 links from "), "\(result.stdout)")
        #expect(result.stdout.contains(" at link 4 of 4: \(entry.description)\n"), "\(result.stdout)")
        #expect(result.stdout.contains(said), "\(result.stdout)")
        let source = try String(contentsOfFile: test, encoding: .utf8)
        // Under ThreadSanitizer a trap ends the app by a signal or by the sanitizer's exit status
        // from one run to the next, so shortening may keep a link that "ends it the same way".
        if !isThreadSanitized {
            #expect(result.stdout.contains("shortest: 1 link ends the app"), "\(result.stdout)")
            #expect(result.stdout.contains("  1. \(entry.description)\n"), "\(result.stdout)")
            #expect(source.contains("// This link, applied to a fresh BrowserFixture.BrowserApp"), "\(source)")
            #expect(source.contains("for link in [\"\(entry.description)\"] {"), "\(source)")
        } else {
            #expect(
                result.stdout.hasSuffix(". \(entry.description)\nwrote \(test): it fails while the crash is there\n"))
            #expect(source.contains(SwiftSourceText.stringLiteral(entry.description)), "\(source)")
        }
    }

    /// `fuzz` mutates each entry's fields and user info, and so finds each defect; and tries
    /// the table form of two values with each combination of its own samples, so finds the
    /// one combination that traps, which no sample names (`BrowserLinks`).
    @Test func fuzzFindsTheCrashBehindEachKindOfEntryAndTheTableFormsCombination() async throws {
        let (folder, environment) = try HeldLinkTests.environment(["BROWSER_LAUNCH_DELAY": "0"])
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(
            ["fuzz", "--launch", Self.browser, "--budget", "400", "--format", "json"], environment: environment)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let findings = report?["findings"] as? [[String: Any]] ?? []
        let crashes = findings.filter { $0["property"] as? String == "no crash" }.compactMap { $0["link"] as? String }
        // One crash behind each kind; a kind may be listed twice under ThreadSanitizer, whose
        // trap ends the app by a signal or by its own exit status from one run to the next.
        #expect(Self.kinds(of: crashes) == ["-", "activity", "notification", "shortcut"], "\(crashes)")
        if !isThreadSanitized { #expect(crashes.count == 4, "\(crashes)") }
        // The activity, the notification and open-url open a tab each time, as they declare.
        #expect(!findings.contains { ($0["property"] as? String)?.hasPrefix("applied twice") == true }, "\(findings)")
        let combination = "browser://window/private/tab/0"
        #expect(crashes.contains(combination), "\(crashes)")  // availability: an array's contains(_:), of an element
        let examples = await MainActor.run { BrowserApp.linkExamples.map(\.link) }
        #expect(!examples.contains(combination))  // availability: an array's contains(_:), of an element
    }

    /// The kinds of the entries among `links`, sorted, once each; a link that is no entry as "-".
    static func kinds(of links: [String]) -> [String] {
        Set(
            links.map { link in
                Entry(link).map { "\($0)".dropFirst("xtree-entry:".count).prefix { $0 != "?" } }.map(String.init) ?? "-"
            }
        )
        .sorted()
    }

    /// `why` says an entry in words before what the app's router would do with it.
    @Test func whySaysAnEntryInWords() async throws {
        let (folder, environment) = try HeldLinkTests.environment(["BROWSER_LAUNCH_DELAY": "0"])
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(
            ["why", "--launch", Self.browser, Self.shortcut.description], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.hasPrefix(
                "\(Self.shortcut) is a home-screen shortcut of type org.example.browser.new-tab, "
                    + "user info {\"tabs\":2}\n\(Self.shortcut) is the app's route newTabs(count: 2): "),
            "\(result.stdout)")
    }

    /// An agent gives entries as it gives links: `why` and `open` over MCP on the launched
    /// fixture; a `why` asked while the app launches says who would hold the entry.
    @Test func anAgentOpensAnEntryOverMCP() async throws {
        func json(_ text: String) -> String {
            String(
                decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
        }
        func structured(_ answer: [String: Any]) -> String {
            let content = (answer["result"] as? [String: Any])?["structuredContent"] ?? [:]
            return String(decoding: (try? JSONSerialization.data(withJSONObject: content)) ?? Data(), as: UTF8.self)
        }
        // It finishes launching a minute later: the call comes while it launches.
        let (slow, launching) = try HeldLinkTests.environment(["BROWSER_LAUNCH_DELAY": "60"])
        defer { withExtendedLifetime(slow) {} }
        let held = try await MCPBoundaryTests.answers(
            [("why", #"{"link":\#(json(Self.notification.description))}"#)],
            serverArguments: ["--launch", Self.browser], environment: launching)
        #expect(
            MCPBoundaryTests.text(held[0]) == "the app would hold the link until it can handle it: see heldBy",
            "\(held[0])")
        let why = structured(held[0])
        #expect(why.contains(#"openURL(\"https:\/\/swift.org\/news\")"#), "\(why)")
        #expect(why.contains(#""heldBy":"SceneCoordinator""#) && !why.contains("explanation"), "\(why)")

        let (folder, environment) = try HeldLinkTests.environment(["BROWSER_LAUNCH_DELAY": "0"])
        defer { withExtendedLifetime(folder) {} }
        let opened = try await MCPBoundaryTests.answers(
            [("open", #"{"links":[\#(json(Self.shortcut.description))]}"#)],
            serverArguments: ["--launch", Self.browser], environment: environment)
        #expect(MCPBoundaryTests.text(opened[0]) == "done", "\(opened[0])")
        // The shortcut's two blank tabs, in the tree the open answers with.
        #expect(structured(opened[0]).components(separatedBy: #""label":"Tab: about:blank""#).count == 3)
    }
}

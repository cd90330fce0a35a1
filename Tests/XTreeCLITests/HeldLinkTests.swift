import Foundation
import Testing
import XTreeInspector
import XTreePlatform

@testable import XTreeTargets

/// Links an app holds until it can handle them (its "saved routes"): the browser fixture, built
/// the way large UIKit apps route links, holds every link until its launch finishes.
@Suite struct HeldLinkTests {
    static var browser: String { productsDirectory.appendingPathComponent("browser-launch").path }

    /// A scratch folder for launched apps' directories.
    static func environment(_ extra: [String: String] = [:]) throws -> (ScratchFolder, [String: String]) {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("tmp"), withIntermediateDirectories: false)
        return (folder, ["TMPDIR": folder.path("tmp")].merging(extra) { $1 })
    }

    /// On a cold start each example is held, then delivered when launch finishes, and passes;
    /// so do the sample links of the table's form but one, the combination of its samples that
    /// traps, which `check` finds with the app's own message (the kit would, and `check` tried
    /// one example a form).
    @Test func checkOnAColdStartHoldsAndDeliversEveryLinkAndFindsTheTrappingSample() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(["check", "--launch", Self.browser], environment: environment)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("8 link examples and 3 more sample links of their forms\n"), "\(result.stdout)")
        #expect(result.stdout.contains("11 checks (11 links x 1 applier): 10 passed, 1 failed"), "\(result.stdout)")
        #expect(result.stdout.contains("\nFAIL    browser://window/private/tab/0 "), "\(result.stdout)")
        #expect(result.stdout.contains("Precondition failed: the private window has no tab 0"), "\(result.stdout)")
    }

    /// Coverage counts each example for the form it says it is of: entries' forms, which are
    /// no pattern, and forms that share one, are covered by their passing examples. The screens
    /// reached are the handlers and what the links made appear: the browser coordinator handles
    /// every link, and the tabs, screens and settings they showed are counted too.
    @Test func coverageCountsEachExampleForItsOwnForm() async throws {
        let (folder, environment) = try Self.environment(["BROWSER_LAUNCH_DELAY": "0"])
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(["check", "--launch", Self.browser, "--coverage"], environment: environment)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "coverage: 4 screen types reached, 8 of 8 link forms covered\n"
                    + "  screens reached: BrowserCoordinator (10), Screen (9), SettingsCoordinator (1), TabCoordinator (3)\n"
                    + "  types in the trees no link reached: SceneCoordinator\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("forms no link was of") && !result.stdout.contains("links of no form"))
    }

    /// An app that never finishes launching: each example fails, naming the link's holder.
    @Test func checkFailsNamingTheHolderWhenLaunchNeverFinishes() async throws {
        let (folder, environment) = try Self.environment(["BROWSER_NEVER_LAUNCHES": "1"])
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(
            ["check", "--launch", Self.browser, "--hold-timeout", "0.2"], environment: environment)
        #expect(result.status == 1)
        #expect(result.stdout.contains("0 passed, 11 failed"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "browser://search?q=swift is held by SceneCoordinator, and was not delivered within 0.2 s"),
            "\(result.stdout)")
        let bad = try await cliProcess(["check", "--launch", Self.browser, "--hold-timeout", "soon"])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("error: --hold-timeout takes a number of seconds from 0 to 86400, got 'soon'"))
    }

    /// Ctrl-C stops `check` after the example under way: the rows so far are reported, and
    /// the launched app and its directory are gone. (An app that never launches holds each
    /// example for the hold timeout, 15 s: interrupted during the first, the check reports one.
    /// The window is wide because in full runs of the suites on two cores all eleven 4 s
    /// examples have passed before this test's signal went out; a sanitized run widens it
    /// `testPatience` times.)
    @Test func anInterruptedCheckReportsTheRowsSoFarAndLeavesNothing() async throws {
        let (folder, environment) = try Self.environment(["BROWSER_NEVER_LAUNCHES": "1"])
        defer { withExtendedLifetime(folder) {} }
        let (process, started) = try await startCLI(
            ["check", "--launch", Self.browser, "--hold-timeout", "\(15 * testPatience)"], environment: environment,
            output: folder.path("check.out"), tries: 600
        ) { $0.contains("link examples") }
        #expect(started != nil)
        // The test runner's thread may start the CLI with SIGINT blocked: the CLI unblocks it.
        try await Task.sleep(nanoseconds: 500_000_000)
        _ = Terminal.send(.interrupt, to: process.processIdentifier)
        await process.exit(killAfter: 30 * testPatience)
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        let output = try String(contentsOfFile: folder.path("check.out"), encoding: .utf8)
        // After the first example or, on a loaded machine where this test's signal goes out
        // later (a full parallel run of the suite), a later one: never all eleven.
        let stopped = (1...10).first { done in
            output.contains(
                "\(done) checks (11 links x 1 applier): 0 passed, \(done) failed (stopped after \(done) of 11)")
                && output.contains(
                    "interrupted after \(done) of 11 link checks: the report covers those\n"
                        + "error: interrupted with \(done) failed")
        }
        #expect(stopped != nil, "\(output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("tmp"))
        #expect(left.isEmpty, "\(left)")
    }

    /// A link still held is shown after the tree, with its holder and its secrets hidden.
    @Test func theTreeShowsTheLinksStillHeldWithTheirHolder() async throws {
        let (folder, environment) = try Self.environment(["BROWSER_NEVER_LAUNCHES": "1", "XTREE_HOLD_TIMEOUT": "0.2"])
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(
            ["tree", "--launch", Self.browser, "--open", "browser://search?q=swift&token=s3cret"],
            environment: environment)
        #expect(result.status == 1)
        #expect(
            result.stdout.hasSuffix("\nheld by SceneCoordinator: browser://search?q=swift&token=<private>\n"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("s3cret") && !result.stderr.contains("s3cret"))
    }

    /// `why` on the fixture answers with the app's own router: the handler its depth-first
    /// search would choose, the holder while it launches, the app's own refusal.
    @Test func whyAnswersWithTheAppsOwnRouter() async throws {
        let (folder, environment) = try Self.environment(["BROWSER_LAUNCH_DELAY": "0"])
        defer { withExtendedLifetime(folder) {} }
        let handled = try await cliProcess(
            ["why", "--launch", Self.browser, "browser://deep-link?url=/settings/privacy"], environment: environment)
        #expect(handled.status == 0, "\(handled.stderr)")
        #expect(
            handled.stdout.hasPrefix(
                #"browser://deep-link?url=/settings/privacy is the app's route settings(section: "privacy"): its "#
                    + "router looks for a BaseCoordinator that can handle it; nothing was applied\n1 BrowserCoordinator #"
            ),
            "\(handled.stdout)")
        #expect(handled.stdout.contains("  path: 0 SceneCoordinator > 1 BrowserCoordinator\n"))
        let refused = try await cliProcess(
            ["why", "--launch", Self.browser, "browser://nowhere"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the browser makes no route of browser://nowhere"), "\(refused.stderr)")
        let (later, waiting) = try Self.environment(["BROWSER_NEVER_LAUNCHES": "1"])
        defer { withExtendedLifetime(later) {} }
        let held = try await cliProcess(
            ["why", "--launch", Self.browser, "browser://search?q=swift"], environment: waiting)
        #expect(held.status == 0)
        #expect(
            held.stdout
                == #"browser://search?q=swift is the app's route search(query: "swift"): SceneCoordinator would hold "#
                + "it until the app can handle it; nothing was applied\n", "\(held.stdout)")
    }

    /// A crash on a held link's delivery, when the app's launch finishes, is blamed on that
    /// link: the request that sent it still waits for it.
    @Test func aCrashWhenAHeldLinkIsDeliveredIsBlamedOnIt() async throws {
        let (folder, environment) = try Self.environment(["BROWSER_LAUNCH_DELAY": "0.3"])
        let crumbs = try folder.write(
            "crumbs.txt",
            [
                "browser://open-url?url=javascript:alert(1)", "browser://search?q=swift",
                "browser://deep-link?url=/settings/privacy",
            ].enumerated().map { "xtree link \($0.offset + 1) reached \($0.element)" }.joined(separator: "\n") + "\n")
        let result = try await cliProcess(["crash", crumbs, "--launch", Self.browser], environment: environment)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        // A trap is SIGILL; under ThreadSanitizer, whose runtime takes the trap, SIGSEGV or its
        // exit status for a report (66).
        let reproduced = result.stdout.split(separator: "\n").first { $0.hasPrefix("reproduced: ") } ?? ""
        #expect(
            reproduced.hasPrefix("reproduced: the app was ended by signal ")
                || (isThreadSanitized && reproduced.hasPrefix("reproduced: the app exited with status 66 ")),
            "\(result.stdout)")
        #expect(
            reproduced.hasSuffix(") at link 1 of 3: browser://open-url?url=javascript:alert(1)"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("  1. browser://open-url?url=javascript:alert(1)\n"), "\(result.stdout)")
        // The app's own message, not only its signal.
        #expect(result.stdout.contains("the app said: "), "\(result.stdout)")
        #expect(result.stdout.contains("Precondition failed: a javascript: URL reached a tab\n"), "\(result.stdout)")
        // `open` on the same link says how the app ended and what it said, not that a
        // connection closed.
        let opened = try await cliProcess(
            ["open", "--launch", Self.browser, "browser://open-url?url=javascript:alert(1)"], environment: environment)
        #expect(opened.status == 1)
        #expect(opened.stderr.contains("was ended by signal "), "\(opened.stderr)")
        #expect(opened.stderr.contains("; it said: \""), "\(opened.stderr)")
        #expect(opened.stderr.contains("Precondition failed: a javascript: URL reached a tab\""), "\(opened.stderr)")
    }

    /// A case that kills the app (fuzz's and check's runner) says what the app said, not only
    /// its signal: a finding's reader needs the message first.
    @MainActor
    @Test func aCaseThatKillsTheAppSaysWhatTheAppSaid() throws {
        let (folder, environment) = try Self.environment(["BROWSER_LAUNCH_DELAY": "0"])
        defer { withExtendedLifetime(folder) {} }
        let launched = try LaunchedApp(Self.browser, environment: environment)
        defer { launched.stop() }
        let crashed = launched.runCase { client throws(InspectorError) in
            try client.open("browser://open-url?url=javascript:alert(1)", traces: false).result
        }
        guard case .failure(let failure) = crashed else {
            Issue.record("the case did not fail: \(crashed)")
            return
        }
        // Under ThreadSanitizer the trap ends the app by a signal or by its own status, 66, from
        // one run to the next.
        let ended = isThreadSanitized ? "the app exited with status 66" : "the app was ended by signal"
        #expect(
            failure.description.hasPrefix(ended) || failure.description.hasPrefix("the app was ended by signal"),
            "\(failure)")
        #expect(
            failure.description.contains("; it said: \"") && failure.description.contains("Precondition failed: a "),
            "\(failure)")
    }

    /// A link held while the app launched is journaled with its holder, recorded, and replayed
    /// on a fresh launched app (where it is held and delivered again).
    @Test func aHeldLinkIsJournaledRecordedAndReplayed() async throws {
        let (folder, base) = try Self.environment()
        var environment = base
        environment["XTREE_INSPECTOR_DIR"] = folder.path("inspectors")
        try FileManager.default.createDirectory(atPath: folder.path("inspectors"), withIntermediateDirectories: false)
        try Files.changePermissions(at: folder.path("inspectors"), to: 0o700)
        var served = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // It finishes launching when the test says so: the link below comes while it launches.
        let launched = folder.path("launched")
        served["BROWSER_LAUNCH_WHEN"] = launched
        let app = Process()
        app.executableURL = URL(fileURLWithPath: Self.browser)
        app.environment = served
        app.standardOutput = FileHandle.nullDevice
        try app.run()
        defer {
            app.terminate()
            app.waitUntilExit()
        }
        let (record, output) = try await startRecording(environment: environment, in: folder)
        let patient = environment.merging(["XTREE_HOLD_TIMEOUT": "60"]) { $1 }
        async let opening = cliProcess(
            ["open", "--attach", "BrowserApp", "browser://search?q=swift"], environment: patient)
        // The scene shows the link it holds.
        var held = false
        for _ in 0..<600 where !held {
            held = try await cliProcess(["tree", "--attach", "BrowserApp"], environment: environment).stdout
                .hasPrefix("0 SceneCoordinator #3hj27pbk held=1")
            if !held { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        #expect(held)
        #expect(FileManager.default.createFile(atPath: launched, contents: nil))
        let opened = try await opening
        #expect(opened.status == 0, "\(opened.stderr)")
        await record.exit(killAfter: 30)
        let log = try await cliProcess(["log", "--attach", "BrowserApp"], environment: environment)
        #expect(log.stdout.contains("link browser://search?q=swift (inspector,"), "\(log.stdout)")
        #expect(log.stdout.contains("held by SceneCoordinator)"), "\(log.stdout)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains("recording"))
        // Replayed on a fresh app that launches when told, as the recorded one did: its start
        // is the recorded start (the scene, launching), and the link is held, then delivered.
        let replayLaunched = folder.path("replay-launched")
        let replaying = base.merging(["BROWSER_LAUNCH_WHEN": replayLaunched, "XTREE_HOLD_TIMEOUT": "60"]) { $1 }
        async let replayed = cliProcess(
            ["replay", "--launch", Self.browser, folder.path("session.json")], environment: replaying)
        try await Task.sleep(nanoseconds: 3_000_000_000)
        #expect(FileManager.default.createFile(atPath: replayLaunched, contents: nil))
        let replay = try await replayed
        #expect(replay.status == 0, "\(replay.stdout) \(replay.stderr)")
    }

    func startRecording(environment: [String: String], in folder: ScratchFolder) async throws -> (Process, String) {
        let output = folder.path("record.out")
        for _ in 0..<100 {
            let list = try await cliProcess(["list"], environment: environment)
            if list.stdout.contains("BrowserApp") { break }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        let (process, _) = try await startCLI(
            ["record", "--attach", "BrowserApp", "--count", "1", "-o", folder.path("session.json")],
            environment: environment, output: output, tries: 600
        ) { $0.contains("recording") }
        return (process, output)
    }
}

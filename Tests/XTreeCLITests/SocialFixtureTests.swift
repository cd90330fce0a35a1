import Foundation
import Testing
import XTreeInspector
import XTreeInspectorClient
import XTreePlatform

/// The social fixture, built as SwiftUI apps navigate: a router per tab holding a path of
/// values and a sheet value, links of any server handled at once and pushed once looked up.
@Suite struct SocialFixtureTests {
    static var social: String { productsDirectory.appendingPathComponent("social-launch").path }

    /// A scratch folder for launched apps' directories; the app's quiet period is 0.5 s, longer
    /// in a sanitized run: on a loaded machine a destination pushed from a task may come later
    /// than the 100 ms an app on a device is given.
    static func environment(_ extra: [String: String] = [:]) throws -> (ScratchFolder, [String: String]) {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("tmp"), withIntermediateDirectories: false)
        let base = ["TMPDIR": folder.path("tmp"), "SOCIAL_QUIET": "\(0.5 * testPatience)"]
        return (folder, base.merging(extra) { $1 })
    }

    /// Each link ends on the destination it pushed, waited for until the tree is quiet, not on
    /// the router that took it: `check` holds each example to the value's type and case.
    @Test func checkWaitsForEachLinkToLandAndHoldsItToTheDestinationPushed() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(["check", "--launch", Self.social], environment: environment)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        for (link, reached) in [
            ("https://social.example/@ada/1042", "2 Destination.status #"),
            ("https://other.example/@bob/7", "2 Destination.remoteStatus #"),
            ("social://social.example/lists/42", "2 Destination.list #"),
            ("social://app/tab/explore", "2 RouterPath #"),
        ] {
            let row = result.stdout.split(separator: "\n").first { $0.contains(" \(link) ") }
            #expect(row?.contains(reached) == true, "\(link): \(result.stdout)")
        }
        #expect(result.stdout.contains("6 checks (6 links x 1 applier): 6 passed, 0 failed"), "\(result.stdout)")
    }

    /// A value's node id comes from the value: the same in two launches, and `find` finds the
    /// destination by its case and attribute.
    @Test func aDestinationsIdIsTheSameInTwoLaunchesAndFoundByCaseAndAttribute() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        var answers: [String] = []
        for _ in 0..<2 {
            let found = try await cliProcess(
                [
                    "find", "--launch", Self.social, "--open", "https://social.example/@ada/1042",
                    "--open", "https://social.example/tags/Swift", "Destination.status", "--where", "id=1042",
                ], environment: environment)
            #expect(found.status == 0, "\(found.stdout) \(found.stderr)")
            answers.append(found.stdout)
        }
        #expect(answers[0].hasPrefix("2 Destination.status #") && answers[0].contains(" id=1042\n"), "\(answers[0])")
        #expect(answers[0] == answers[1])
        let tag = try await cliProcess(
            [
                "find", "--launch", Self.social, "--open", "https://social.example/tags/Swift", "tag", "--where",
                "value=swift",
            ],
            environment: environment)
        #expect(tag.stdout.hasPrefix("2 Destination.tag #"), "\(tag.stdout) \(tag.stderr)")
    }

    /// `tree --why` marks the router a link would go to, the shown tab's, applying nothing: after
    /// the explore tab is selected, its router, not the timeline's; a link no router takes ends
    /// the command with status 1 after the tree.
    @Test func treeMarksTheRouterThatWouldReceiveALink() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let marked = try await cliProcess(
            [
                "tree", "--launch", Self.social, "--open", "social://app/tab/explore", "--why",
                "https://social.example/@ada",
            ], environment: environment)
        #expect(marked.status == 0, "\(marked.stdout) \(marked.stderr)")
        let lines = marked.stdout.split(separator: "\n")
        #expect(lines.first { $0.contains("\"explore\"") }?.hasSuffix(" ◀") == true, "\(marked.stdout)")
        #expect(lines.first { $0.contains("\"timeline\"") }?.hasSuffix(" ◀") == false, "\(marked.stdout)")
        // Nothing was applied: no destination under either router.
        #expect(!marked.stdout.contains("Destination."), "\(marked.stdout)")
        let tagged = try await cliProcess(
            ["tree", "--launch", Self.social, "--why", "https://social.example/tags/swift"], environment: environment)
        #expect(
            tagged.stdout.split(separator: "\n").first { $0.contains("\"timeline\"") }?.hasSuffix(" ◀") == true,
            "\(tagged.stdout)")
        // The recipes app reads its table: its ratings are not in the tree until a link opens them.
        let link = "recipes://recipes/orange-marmalade/ratings"
        let absent = try await cliProcess(["tree", "--why", link], environment: environment)
        #expect(absent.status == 1 && absent.stdout.hasPrefix("0 DefaultHomeCoordinator"), "\(absent.stdout)")
        #expect(
            absent.stderr.hasPrefix(
                "error: \(link): no DefaultRatingViewModel with recipe=orange-marmalade in the tree would take it now"),
            "\(absent.stderr)")
    }

    /// `why` asks the app's own router, which reads the servers the app is connected to now: a
    /// status on a server the user has joined is local, on any other remote.
    @Test func whyAnswersForAServerTheAppAcceptsAtRunTime() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let link = "https://other.example/@bob/7"
        let remote = try await cliProcess(["why", "--launch", Self.social, link], environment: environment)
        #expect(
            remote.stdout.hasPrefix("\(link) is the app's route remoteStatus(url: "),
            "\(remote.stdout) \(remote.stderr)")
        let joined = try await cliProcess(
            ["why", "--launch", Self.social, link],
            environment: environment.merging(["SOCIAL_HOSTS": "other.example"]) { $1 })
        #expect(
            joined.stdout.hasPrefix("\(link) is the app's route status(id: \"7\")"), "\(joined.stdout) \(joined.stderr)"
        )
        let refused = try await cliProcess(
            ["why", "--launch", Self.social, "https://social.example/lists/x"], environment: environment)
        #expect(refused.status != 0 && refused.stderr.contains("the app takes no link such as"), "\(refused.stderr)")
    }

    /// A session of taps and links records, replays on a fresh app without diverging (each
    /// tap made again through the app's `open`), and becomes a test that names each.
    @Test func aSessionOfTapsAndLinksRecordsAndReplays() async throws {
        let (folder, base) = try Self.environment(["SOCIAL_LOOKUP_DELAY": "0"])
        let (app, environment, inspectors) = try await servedAsAUserRuns(
            Self.social, named: "SocialApp", in: folder, base)
        defer { if app.isRunning { app.terminate() } }
        let session = folder.path("session.json")
        let (recorder, started) = try await startCLI(
            ["record", "--attach", "SocialApp", "--count", "4", "-o", session], environment: environment,
            output: folder.path("record.out"), tries: 600
        ) { $0.contains("until 4 events") }
        #expect(started != nil)
        let client = try InspectorClient(InspectorClient.resolve("SocialApp", in: inspectors))
        _ = try client.act("tap-status")
        for link in ["https://social.example/tags/swift", "social://app/tab/explore"] {
            let opened = try await cliProcess(["open", "--attach", "SocialApp", link], environment: environment)
            #expect(opened.status == 0, "\(opened.stderr)")
        }
        _ = try client.act("tap-compose")
        await recorder.exit(killAfter: 60 * testPatience)
        let recorded = try String(contentsOfFile: folder.path("record.out"), encoding: .utf8)
        #expect(recorded.contains("wrote 4 events to "), "\(recorded)")
        let replayed = try await cliProcess(["replay", session, "--launch", Self.social], environment: base)
        #expect(replayed.status == 0, "\(replayed.stdout) \(replayed.stderr)")
        #expect(replayed.stdout.hasSuffix("replay passed: the start and 4 events as recorded\n"), "\(replayed.stdout)")
        #expect(
            replayed.stdout.contains(
                "#4 link xtree-entry:navigation?action=present&values=%7B%22to%22%3A%7B%22compose%22%3A%7B%7D%7D%7D: "
                    + "as recorded, reached 0 AppRouter > 2 RouterPath > 5 SheetDestination.compose"),
            "\(replayed.stdout)")
        let test = folder.path("Session.swift")
        let exported = try await cliProcess(["export-test", session, "-o", test], environment: base)
        #expect(exported.status == 0, "\(exported.stderr)")
        let source = try String(contentsOfFile: test, encoding: .utf8)
        #expect(source.contains("xtree-entry:navigation?action=navigate"), "\(source)")
    }

    /// A session of taps and links as a user makes it, in the app's flight record: the taps
    /// are the app's own navigation calls as entries, and `crash` reproduces the crash after
    /// them in a fresh app, shortened to the link and the tap that make it.
    @Test func aCrashAfterTapsIsRecordedReproducedAndShortened() async throws {
        let (folder, base) = try Self.environment(["SOCIAL_LOOKUP_DELAY": "0"])
        let (app, environment, inspectors) = try await servedAsAUserRuns(
            Self.social, named: "SocialApp", in: folder, base)
        defer { if app.isRunning { app.terminate() } }
        let client = try InspectorClient(InspectorClient.resolve("SocialApp", in: inspectors))
        _ = try client.act("tap-status")
        let opened = try await cliProcess(
            ["open", "--attach", "SocialApp", "https://social.example/tags/swift"], environment: environment)
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(throws: InspectorError.self) { try client.act("tap-reply") }
        app.waitUntilExit()
        #expect(app.terminationReason == .uncaughtSignal)

        let record = folder.path("SocialFixture.SocialApp.flightrecord")
        let test = folder.path("Reproduces.swift")
        let result = try await cliProcess(
            ["crash", record, "--launch", Self.social, "--export-test", test], environment: base)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        let reply =
            "xtree-entry:navigation?action=present&values=%7B%22to%22%3A%7B%22compose%22%3A%7B%22replyTo%22%3A%221042%22%7D%7D%7D"
        #expect(result.stdout.hasPrefix("read 3 links from "), "\(result.stdout)")
        #expect(result.stdout.contains(" at link 3 of 3: \(reply)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("a reply to 1042 from a tag's screen"), "\(result.stdout)")
        if !isThreadSanitized {
            #expect(result.stdout.contains("shortest: 2 links end the app"), "\(result.stdout)")
            #expect(
                result.stdout.contains("  1. https://social.example/tags/swift\n  2. \(reply)\n"), "\(result.stdout)")
        }
        let source = try String(contentsOfFile: test, encoding: .utf8)
        #expect(source.contains("SocialFixture.SocialApp"), "\(source)")
    }

    /// The forms that push are declared so, and the links nobody wrote keep their properties.
    @Test func fuzzFindsNothingOnFormsThatPushAgainEachTime() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(
            ["fuzz", "--launch", Self.social, "--budget", "\(Int(6 * testPatience))s"], environment: environment)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains(": no findings\n"), "\(result.stdout)")
    }
}

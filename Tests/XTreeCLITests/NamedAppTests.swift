import Foundation
import Testing
import XTree

@testable import XTreeCommandLine
@testable import XTreeInspector
@testable import XTreeTargets

/// Never the demo app without saying so: a command that checks or replays names the app it
/// works on, refuses a session of another app, and a session recorded after the app had moved
/// on is marked, so that its test is not written to fail unannounced.
@Suite struct NamedAppTests {
    /// The checked-in session, said to come from another app.
    static func foreignSession(in folder: ScratchFolder) throws -> String {
        let text = try String(contentsOfFile: exampleSession, encoding: .utf8)
        let foreign = text.replacingOccurrences(
            of: #""appType":{"module":"RecipesDomain","type":"RecipesApp"}"#,
            with: #""appType":{"module":"Podcasts","type":"PodcastsApp"}"#)
        #expect(foreign != text)
        let path = folder.path("podcasts.json")
        try foreign.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aSessionOfAnotherAppIsRefusedWithWhatToDo() async throws {
        let folder = try ScratchFolder()
        let replayed = try await cli("replay", try Self.foreignSession(in: folder))
        #expect(replayed.status == 1)
        #expect(
            replayed.stderr
                == "error: the session was recorded from Podcasts.PodcastsApp, and the recipes app is "
                + "RecipesDomain.RecipesApp: give --launch PATH|NAME with its launch executable, or --attach NAME "
                + "with a running PodcastsApp, to replay it there\n",
            "\(replayed.stderr)")
        #expect(!replayed.stdout.contains("differ"), "nothing is compared")
    }

    @Test func linksNamesTheAppItChecksFirst() async throws {
        let file = examples.appendingPathComponent("apple-app-site-association").path
        let text = try await cli("links", "--aasa", file, "--domain", "recipes.example")
        #expect(
            text.stdout.hasPrefix(
                "checking the recipes app (RecipesDomain.RecipesApp) against \(file) on recipes.example\n"),
            "\(text.stdout)")
        let json = try await cli("links", "--aasa", file, "--domain", "recipes.example", "--format", "json")
        #expect(json.stdout.hasPrefix("{"), "the machine format's output is the report alone")
        #expect(json.stderr.hasPrefix("checking the recipes app (RecipesDomain.RecipesApp) against "))
        // As activities, which the recipes app does not take: said first, and every row fails.
        let activities = try await cli("links", "--aasa", file, "--domain", "recipes.example", "--as-activity")
        #expect(activities.status == 1)
        #expect(
            activities.stdout.hasPrefix(
                "checking the recipes app (RecipesDomain.RecipesApp) against \(file) on recipes.example, each URL as "
                    + "the user activity it arrives as\n"), "\(activities.stdout)")
        #expect(!activities.stdout.contains("\nok "), "\(activities.stdout)")
        let served = try await ServedApp(name: "Named")
        let attached = try await served.cli("links", "--attach", "Named", "--aasa", file, "--domain", "recipes.example")
        #expect(attached.stdout.hasPrefix("checking \"Named\" (pid "), "\(attached.stdout)")
        #expect(attached.stdout.contains(", RecipesDomain.RecipesApp) against "), "\(attached.stdout)")
    }

    /// A session recorded after the app had applied links does not start as the app launches:
    /// `record` says so and marks it, and `export-test` refuses it unless asked.
    @Test func aSessionRecordedAfterLinksIsMarkedAndItsTestRefused() async throws {
        let app = try await ServedApp(name: "Later")
        #expect(try await app.cli("open", "--attach", "Later", "recipes://recipes/irish-stew").status == 0)
        let session = app.folder.path("later.json")
        let (record, output) = try await app.startRecording("--count", "1", "-o", session)
        #expect(try await app.cli("open", "--attach", "Later", "recipes://recipes/orange-marmalade").status == 0)
        await record.exit()
        let printed = try String(contentsOfFile: output, encoding: .utf8)
        #expect(record.terminationStatus == 0, "\(printed)")
        #expect(printed.contains("note: the app applied 1 link before recording began"), "\(printed)")
        let written = try RecordedSession(data: Data(contentsOf: URL(fileURLWithPath: session)))
        #expect(written.linksBefore == 1)
        #expect(written.events.map { $0.link?.url } == ["recipes://recipes/orange-marmalade"])

        let refused = try await cli("export-test", session)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("was recorded after the app had applied 1 link: its test would build the app"))
        let kept = try await cli("export-test", session, "--allow-later-start")
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(kept.stdout.contains("@Test func recordedSession()"))
    }

    @Test func linksBeforeTheStartAreReadAndCheckedFromOutside() throws {
        var session = try RecordedSession(data: Data(contentsOf: URL(fileURLWithPath: exampleSession)))
        session.startSequence = 4
        for index in session.events.indices { session.events[index].sequence += 4 }
        session.linksBefore = 2
        #expect(try RecordedSession(data: session.encoded).linksBefore == 2)
        session.linksBefore = 5
        #expect(throws: SessionError("field linksBefore: 5 links before event 4 cannot be")) {
            try RecordedSession(data: session.encoded)
        }
    }

    /// Every format `record` has written replays: 3 with its app type, 2 without one (said so).
    @Test(arguments: [2, 3]) func aSessionOfAnOlderFormatReplays(_ version: Int) async throws {
        let file = examples.appendingPathComponent("../../Tests/Fixtures/Sessions/recipes-v\(version).json").path
        let replayed = try await cli("replay", file)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.hasSuffix("replay passed: the start and 3 events as recorded\n"), "\(replayed.stdout)")
        let note = "note: the session names no app type to check: it is replayed on the recipes app as asked\n"
        #expect(replayed.stderr == (version == 2 ? note : ""))
        let exported = try await cli("export-test", file)
        #expect(exported.status == (version == 2 ? 1 : 0), "\(exported.stderr)")
    }

    /// Help says what attaches, from the commands' own options, and shows required options as
    /// required.
    @Test func helpSaysWhatAttachesAndWhatIsRequired() async throws {
        let overview = try await cli("--help", environment: ["COLUMNS": "400"])
        let prose = overview.stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(
            prose.contains(
                "tree, open, find, why, check, links, diff, watch, web, log, record, replay, restore and mcp attach to running apps"
            ),
            "\(overview.stdout)")
        #expect(
            prose.contains(
                "tree, open, find, why, check, links, diff, watch, web, replay, crash, fuzz and mcp also start an app, work on it and stop it"
            ),
            "\(overview.stdout)")
        let links = try await cli("links", "--help", environment: ["COLUMNS": "400"])
        #expect(
            links.stdout.contains("USAGE: xtree-cli links --aasa FILE --domain HOST [--app-id ID]"), "\(links.stdout)")
        let record = try await cli("record", "--help", environment: ["COLUMNS": "400"])
        #expect(record.stdout.contains("USAGE: xtree-cli record --attach NAME|PID|ADDRESS [--count N] --output FILE"))
    }

    /// A running app's link forms, from its type's examples, are the attached target's: the
    /// live page's placeholder and `watch`'s help.
    @Test func anAttachedAppGivesItsLinkForms() async throws {
        let app = try await ServedApp(name: "Forms")
        let watched = try await app.cli("watch", "--attach", "Forms", input: "help\n")
        #expect(watched.stdout.contains("enter a link (recipes://tab/<meat|veggie|settings>, "), "\(watched.stdout)")
    }
}

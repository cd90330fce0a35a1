import Foundation
import Testing
import XTree
import XTreePlatform

@testable import XTreeCommandLine
@testable import XTreeRecorder
@testable import XTreeTargets

/// `crash`: reading what a crash left, shortening links, and saying when a crash did not
/// reproduce. The planted crashes themselves are reproduced end to end by
/// Scripts/session-check.sh, in the bookshelf fixture's scratch package.
@MainActor
@Suite struct CrashTests {
    @Test func deltaDebuggingFindsTheThreeLinksThatCrashAmongFifty() {
        let crashing = [3, 17, 42]
        var runs = 0
        let found = minimalFailing(Array(0..<50), budget: 300) { candidate in
            runs += 1
            // Fails only when the three come in order, as a crash after two particular links does.
            var rest = crashing[...]
            for item in candidate where item == rest.first { rest.removeFirst() }
            return rest.isEmpty
        }
        #expect(found.items == crashing)
        #expect(found.tries == runs)
        #expect(runs < 80, "\(runs) runs")
        let bounded = minimalFailing(Array(0..<50), budget: 3) { $0.contains(42) }
        #expect(bounded.tries == 3)
        #expect(bounded.items.contains(42))
    }

    @Test func theLinksAreReadFromARecordASessionOrBreadcrumbs() throws {
        let crumbs = try CrashLinks(
            Data("12:00 xtree link 2 failed app://b\nxtree link 1 reached app://a\n".utf8), name: "r")
        #expect(crumbs.links == ["app://a", "app://b"])
        #expect(crumbs.source == "breadcrumbs")
        let session = try String(
            contentsOf: examples.appendingPathComponent("../../Tests/Fixtures/Sessions/recipes-v3.json"),
            encoding: .utf8)
        let read = try CrashLinks(Data(session.utf8), name: "s")
        #expect(read.app == AppTypeName(module: "RecipesDomain", type: "RecipesApp"))
        #expect(!read.links.isEmpty)
    }

    @Test(arguments: [
        (
            "",
            "no links in f: it holds a flight record, a session or breadcrumb lines ('xtree link N reached LINK') with none"
        ),
        ("\u{FF}\u{FE}", "f is not a flight record, a session, or breadcrumb lines: it is not UTF-8 text"),
        (
            "XTREEFR1\u{1B}[31m",
            "cannot read f: a flight record of version 825449243; this reader reads versions 1 to 2"
        ),
        ("{\"version\": 1}", "invalid session f: "),
    ])
    func whatIsNotACrashRecordIsRefused(text: String, message: String) {
        var bytes = Array(text.utf8)
        if text == "\u{FF}\u{FE}" { bytes = [0xFF, 0xFE, 0x0A] }
        if text.hasPrefix("XTREEFR1") { bytes += [UInt8](repeating: 0, count: 200) }
        do {
            let links = try CrashLinks(Data(bytes), name: "f")
            Issue.record("read \(links.links)")
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(!error.message.contains("\u{1B}"))
        }
    }

    /// A record given to `crash` is noted with the other records of the app beside it: a
    /// second instance's crash may be in one of them.
    @Test func theOtherRecordsOfTheAppBesideTheOneGivenAreNoted() throws {
        let folder = try ScratchFolder()
        let path = folder.path("Recipes.flightrecord")
        let first = try FlightRecorder(app: "M.RecipesApp", path: path, slots: 8, slotSize: 256, durable: false)
        _ = first.begin("recipes://tab/veggie")
        let second = try FlightRecorder(app: "M.RecipesApp", path: path, slots: 8, slotSize: 256, durable: false)
        _ = second.begin("recipes://recipes/irish-stew")
        var links = try CrashLinks(Data(contentsOf: URL(fileURLWithPath: second.path)), name: second.path)
        links.noteOtherRecords(beside: second.path)
        #expect(
            links.notes == [
                "other records of this app are beside it: Recipes.flightrecord (a running instance holds it); "
                    + "give one as FILE to replay it"
            ])
        var alone = try CrashLinks(Data(contentsOf: URL(fileURLWithPath: path)), name: path)
        _ = second
        alone.noteOtherRecords(beside: folder.path("elsewhere/Recipes.flightrecord"))
        #expect(alone.notes.isEmpty)
    }

    /// A link cut to fit its slot (a long entry, say) is left out and named, with how to keep
    /// such links whole.
    @Test func aLinkCutToFitTheRecordIsNamedAndLeftOut() throws {
        let folder = try ScratchFolder()
        let recorder = try FlightRecorder(
            app: "M.BrowserApp", path: folder.path("B.flightrecord"), slots: 8, slotSize: 128, durable: false)
        let entry = Entry.activity(
            type: "org.example.browser.browsing", url: "https://swift.org/blog", info: ["tab": Entry.JSONText("2")])
        recorder.end(recorder.begin("browser://search?q=a"), typeNamed: "T")
        recorder.end(recorder.begin(entry.description), typeNamed: "T")
        let links = try CrashLinks(Data(contentsOf: URL(fileURLWithPath: recorder.path)), name: recorder.path)
        #expect(links.links == ["browser://search?q=a"])
        let kept = String(entry.description.utf8.prefix(28))!
        #expect(
            links.notes == [
                "1 link was cut to fit the record's slots, and left out, since a cut link cannot be replayed: "
                    + "#2 \(kept)...; a recorder started with a larger slotSize keeps such links whole"
            ], "\(links.notes)")
    }

    /// The exported test of a crash is an exit test, or with `--in-process` a plain test in the
    /// test's own process (for an iOS target), applying the same links either way.
    @Test func theExportedTestIsAnExitTestOrAPlainOneInProcess() {
        let app = AppTypeName(module: "BankKit", type: "BankApp")
        let links = ["bank://a", "bank://b"]
        let exit = CrashCommand.testSource(
            links: links, app: app, ending: .signal(4), name: "crashes", from: "r.flightrecord")
        let plain = CrashCommand.testSource(
            links: links, app: app, ending: .signal(4), name: "crashes", from: "r.flightrecord", inProcess: true)
        #expect(exit.contains("await #expect(processExitsWith: .success) {\n        await crashesLinks()"), "\(exit)")
        #expect(!plain.contains("processExitsWith"), "\(plain)")
        #expect(
            plain.contains("@MainActor\n@Test func crashes() async {\n    let root = BankApp.makeRoot()\n"), "\(plain)")
        let loop = "    for link in [\n        \"bank://a\",\n        \"bank://b\",\n    ] {\n"
        #expect(exit.contains(loop) && plain.contains(loop))
        #expect(plain.contains("// While that crash is there the test ends the test run"), "\(plain)")
    }

    /// Without --launch, the example app is served in a child, as `fuzz` does: a crash still ends
    /// only the child. `--format json` says the same as one object.
    @Test func withoutLaunchTheExampleAppRunsInAChild() async throws {
        let folder = try ScratchFolder()
        let crumbs = try folder.write("crumbs.txt", "[info] xtree link 1 reached recipes://recipes/irish-stew\n")
        let result = try await cliProcess(["crash", crumbs])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == "read 1 link from \(crumbs) (breadcrumbs)\n"
                + "did not reproduce: the app applied the link and still runs\n", "\(result.stdout)")
        let json = try await cliProcess(["crash", crumbs, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.stdout == #"{"notes":[],"read":1,"reproduced":false,"shortest":[],"source":"breadcrumbs"}"# + "\n",
            "\(json.stdout)")
    }

    @Test func linksThatDoNotCrashAreSaidNotToReproduce() async throws {
        let launcher = try LaunchTests.Launcher()
        let crumbs = try launcher.folder.write(
            "crumbs.txt", "xtree link 1 reached recipes://recipes/irish-stew\nxtree link 2 failed recipes://nope\n")
        let result = try await cliProcess(
            ["crash", crumbs, "--launch", launcher.script], environment: launcher.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("read 2 links from \(crumbs) (breadcrumbs)\n"))
        #expect(result.stdout.hasSuffix("did not reproduce: the app applied all 2 links and still runs\n"))
        #expect(launcher.leftovers.isEmpty)
    }

    @Test func aRecordOfAnotherAppIsRefused() async throws {
        let launcher = try LaunchTests.Launcher()
        let session = try String(
            contentsOf: examples.appendingPathComponent("../../Tests/Fixtures/Sessions/recipes-v3.json"),
            encoding: .utf8)
        let other = try launcher.folder.write(
            "other.json", session.replacingOccurrences(of: #""type":"RecipesApp""#, with: #""type":"PodcastsApp""#))
        let result = try await cliProcess(
            ["crash", other, "--launch", launcher.script], environment: launcher.environment)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "was written by RecipesDomain.PodcastsApp; the launched app serves RecipesDomain.RecipesApp"))
    }
}

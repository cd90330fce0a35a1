import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeInspector

/// A drawer of items, served by this process with a restoration that loses item "b", and
/// kept alive items it can leak on purpose.
@MainActor final class Drawer: ObservableObject, ViewModel {
    @Published var items: [Item] = []
    var children: [any DeepLinkable] { items }
    var nodeLabel: String { "Drawer" }
}

@MainActor final class Item: ObservableObject, ViewModel {
    let name: String
    init(_ name: String) { self.name = name }
    var nodeLabel: String { name }
    var nodeIdentity: String? { name }
}

/// Commands against apps that `xtree-cli serve` serves, off the main actor: nothing here
/// needs it, and a blocking wait on it would keep out the apps other tests serve in process.
@Suite struct TimeTravelServedTests {
    /// `restore --to` on a served recipes app: the tree afterwards is the one `tree` printed
    /// after that event; the log shows the restore; an unknown event is refused.
    @Test func restoreBringsAServedRecipesAppBackToAnEarlierEvent() async throws {
        let app = try await ServedApp(name: "Travel")
        #expect(try await app.cli("open", "--attach", "Travel", "recipes://recipes/irish-stew").status == 0)
        let afterFirst = try await app.cli("tree", "--attach", "Travel", "--format", "json")
        #expect(
            try await app.cli("open", "--attach", "Travel", "recipes://recipes/orange-marmalade/ratings").status == 0)
        #expect(try await app.cli("tree", "--attach", "Travel", "--format", "json").stdout != afterFirst.stdout)

        let restore = try await app.cli("restore", "--attach", "Travel", "--to", "1")
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout.hasPrefix("#3 restored the state after event #1 in "))
        #expect(restore.stdout.hasSuffix(" ms: the tree is as recorded (7 nodes)\n"))
        // The snapshot proves it: the same tree, byte for byte, as after the first link.
        #expect(try await app.cli("tree", "--attach", "Travel", "--format", "json").stdout == afterFirst.stdout)
        let log = try await app.cli("log", "--attach", "Travel", "--after", "2")
        #expect(log.stdout.hasPrefix("#3 "))
        #expect(log.stdout.contains(" restore to #1 ("))

        let start = try await app.cli("restore", "--attach", "Travel", "--to", "0")
        #expect(start.stdout.contains("restored the state after the start in "))
        // The same as JSON, for tools: the event, the target, and no difference.
        let json = try await app.cli("restore", "--attach", "Travel", "--to", "1", "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["event"] as? Int == 5 && object["to"] as? Int == 1 && object["nodes"] as? Int == 7)
        #expect((object["difference"] as? [String: Any])?["added"] as? [Any] != nil && object["error"] == nil)
        let future = try await app.cli("restore", "--attach", "Travel", "--to", "99")
        #expect(future.status == 1)
        #expect(future.stderr == "error: the app refused: event #99 has not happened: the last event is #5\n")
    }

    /// `log --last N`: the journal's last N events, with what each reached by type and id, and no
    /// tree asked for; with --follow or --after, a usage error.
    @Test func logLastPrintsTheLastEventsWithoutTheTree() async throws {
        let app = try await ServedApp(name: "Last")
        for link in ["recipes://recipes/irish-stew", "recipes://tab/meat", "recipes://nowhere"] {
            _ = try await app.cli("open", "--attach", "Last", link)
        }
        let last = try await app.cli("log", "--attach", "Last", "--last", "2")
        #expect(last.status == 0, "\(last.stderr)")
        let lines = last.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("#2 ") == true && lines.first?.contains(" link recipes://tab/meat (") == true)
        #expect(lines.contains { $0.hasPrefix("  reached: DefaultHomeCoordinator #") }, "\(last.stdout)")
        #expect(lines.contains { $0.hasPrefix("#3 ") && $0.contains("recipes://nowhere") && $0.contains(": failed: ") })
        #expect(!last.stdout.contains("#1 "))
        let json = try await app.cli("log", "--attach", "Last", "--last", "1", "--format", "json")
        #expect(json.stdout.split(separator: "\n").count == 1 && json.stdout.contains("\"sequence\":3"))
        let both = try await app.cli("log", "--attach", "Last", "--last", "2", "--follow")
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("error: --last prints the journal's last events; it takes neither --follow"))
    }

    @Test func anAppWithoutRestorationRefusesAndTheCommandLineIsChecked() async throws {
        let shop = try await ServedApp(name: "Shop", app: "shop")
        let refused = try await shop.cli("restore", "--attach", "Shop", "--to", "0")
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: the app refused: this app does not restore earlier states: its Inspector was started "
                + "without a restoration (Inspector.Restoration)\n")
        let missing = try await shop.cli("restore", "--attach", "Shop")
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("error: give the event to return to: --to SEQ (see 'xtree-cli log')\n"))
    }

}

/// Apps served by this process: the main actor must stay free for them, so processes are
/// waited for by suspending; the commands wait long for replies, as other tests may keep the
/// main actor busy.
@MainActor
@Suite struct TimeTravelCLITests {
    /// An app served by this process leaks an item: `log` names it with the event it left in,
    /// `watch` prints it as it is found, and a lossy restore prints what differs, status 1.
    @Test func aLeakedItemIsNamedByLogAndWatchAndALossyRestoreSaysWhatDiffers() async throws {
        let folder = try ScratchFolder()
        let directory = folder.path("xtree")
        let environment = ["XTREE_INSPECTOR_DIR": directory, "XTREE_REPLY_TIMEOUT": "600"]
        let drawer = Drawer()
        drawer.items = [Item("a")]
        let inspector = try Inspector(
            name: "Drawer", root: drawer, directory: directory,
            restoration: Inspector.Restoration(
                capture: { drawer.items.map(\.name) },
                restore: { names in drawer.items = names.filter { $0 != "b" }.map(Item.init) }),
            releaseGracePeriod: 0.2)
        defer { inspector.stop() }

        let watch = Process()
        watch.executableURL = productsDirectory.appendingPathComponent("xtree-cli")
        watch.arguments = ["watch", "--attach", "Drawer"]
        watch.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let input = Pipe()
        let watchOutput = folder.path("watch.out")
        _ = FileManager.default.createFile(atPath: watchOutput, contents: nil)
        watch.standardInput = input
        watch.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: watchOutput))
        watch.standardError = watch.standardOutput
        try watch.run()
        func watched() -> String { (try? String(contentsOfFile: watchOutput, encoding: .utf8)) ?? "" }
        // Its answer to a first line says it watches.
        input.fileHandleForWriting.write(Data("help\n".utf8))
        for _ in 0..<400 where watched().isEmpty { try await Task.sleep(nanoseconds: 50_000_000) }

        let help = watched()
        drawer.items.append(Item("b"))  // event #1, once watch has printed it
        for _ in 0..<400 where !watched().dropFirst(help.count).contains("changed: ") {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let leaked = drawer.items[0]
        drawer.items = [Item("c")]  // event #2: "a" and "b" leave; "a" is kept alive
        for _ in 0..<400 where !watched().contains("still alive") { try await Task.sleep(nanoseconds: 50_000_000) }
        try input.fileHandleForWriting.close()
        while watch.isRunning { try await Task.sleep(nanoseconds: 20_000_000) }
        let watchText = watched()
        let report = try #require(watchText.components(separatedBy: "still alive after leaving the tree:\n").last)
        #expect(report.hasPrefix("  Item #"), "\(watchText)")
        #expect(report.contains(" \"a\" left in #2 at "))
        #expect(!watchText.contains("\"b\" left in"))

        let log = try await cliProcess("log", "--attach", "Drawer", "--after", "2", environment: environment)
        #expect(log.status == 0)
        let lines = log.stdout.split(separator: "\n")
        #expect(lines.count == 2, "\(log.stdout)")
        #expect(lines.first?.hasPrefix("#3 ") == true)
        #expect(lines.first?.hasSuffix(" outlived: 1 object left the tree and is still alive") == true)
        #expect(lines.last?.hasPrefix("  Item #") == true)
        #expect(lines.last?.contains(" \"a\" left in #2 at ") == true)

        let restore = try await cliProcess("restore", "--attach", "Drawer", "--to", "1", environment: environment)
        #expect(restore.status == 1)
        #expect(restore.stdout.hasPrefix("#4 restored the state after event #1 in "))
        #expect(restore.stdout.contains("recorded after the event, against the tree now:\n  - 2 Item #"))
        #expect(restore.stdout.contains(" \"b\"\n  ~ 0 Drawer #"))
        #expect(
            restore.stderr
                == "error: the tree differs from the one recorded after event #1: 0 added, 1 removed, 1 changed\n")
        #expect(leaked.name == "a")
    }
}

@MainActor
@Suite struct ReadmeRestorationTests {
    /// The README's restoration of the recipes app, from its state restoration: served, it
    /// returns the app to the state after its first link.
    @Test func theRecipesAppsRestorationReturnsToAnEarlierLink() async throws {
        let folder = try ScratchFolder()
        let directory = folder.path("xtree")
        let home = DefaultHomeCoordinator(
            service: InMemoryRecipeService(catalog: .default), recipes: RecipeCatalog.default.recipes)
        let restoration = Inspector.Restoration(
            capture: { NavigationState(of: home) },
            restore: { try await home.restore($0) }
        )
        let inspector = try Inspector(name: "Readme", root: home, directory: directory, restoration: restoration)
        defer { inspector.stop() }
        for link in ["recipes://recipes/irish-stew", "recipes://recipes/orange-marmalade/ratings"] {
            try await inspector.journaling(link: link) { try await home.open(DeepLink(string: link)).reached }
        }
        #expect(home.veggie.ratingViewModel != nil)
        let restore = try await cliProcess(
            "restore", "--attach", "Readme", "--to", "1",
            environment: ["XTREE_INSPECTOR_DIR": directory, "XTREE_REPLY_TIMEOUT": "600"])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(home.veggie.detailViewModel == nil)
        #expect(home.meat.detailViewModel?.recipe.id.rawValue == "irish-stew")
    }
}

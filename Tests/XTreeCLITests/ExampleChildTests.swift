import Foundation
import Testing
import XTreeInspector
import XTreeInspectorClient

/// The example apps are launched like any user's: served in a child of the tool's own
/// executable (`serve NAME --as-launched`), their options passed to it.
@Suite struct ExampleChildTests {
    /// Without its executable the tool cannot show the recipes tree: it never makes the app in
    /// its own process.
    @Test @MainActor func theTreeComesFromAChildOfTheToolsOwnExecutable() async throws {
        let served = try await cli(["tree", "--depth", "0"])
        #expect(served.stdout.hasPrefix("0 DefaultHomeCoordinator"), "\(served.stderr)")
        let missing = try await cli(["tree"], executable: "/nonexistent/xtree-cli")
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "error: cannot launch /nonexistent/xtree-cli: no executable file there\n")
        let none = try await cli(["find", "RecipeViewModel"], executable: nil)
        #expect(
            none.stderr == "error: cannot find this tool's own executable, which serves the recipes app in a child\n")
    }

    /// `check` runs the example app's own check in the child, as any app's inspector runs the
    /// check its type declares (`CheckedApp`): without its executable the tool checks nothing,
    /// and an attached app's check runs in that app.
    @Test @MainActor func theCheckRunsInsideTheApp() async throws {
        let missing = try await cli(["check"], executable: "/nonexistent/xtree-cli")
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr == "error: cannot launch /nonexistent/xtree-cli: no executable file there\n")
        let app = try await ServedApp(name: "Checked", app: "Shop")
        let checked = try await app.cli("check", "--attach", "Checked", "--coverage")
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.hasPrefix("children audit: every held object is listed\n"), "\(checked.stdout)")
        #expect(checked.stdout.contains("7 checks (7 links x 1 applier): 7 passed, 0 failed\n"), "\(checked.stdout)")
        #expect(checked.stdout.contains("coverage: 5 screen types reached, 3 of 3 link forms covered\n"))
    }

    /// A copy of the binary with no `.xtree.json` on the way up from where it runs, nor in its
    /// home, prints the recipes tree: it launches itself, never a configured build.
    @Test func anInstalledCopyPrintsTheRecipesTreeWithNoConfiguration() async throws {
        let folder = try ScratchFolder()
        var directory = folder.url
        while directory.path != "/" {
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".xtree.json").path))
            directory.deleteLastPathComponent()
        }
        let result = try await cliScript(
            #"mkdir bin home && cp "$0" bin/xtree-cli && HOME="$PWD/home" bin/xtree-cli --depth 1 && ls -A home"#,
            in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("0 DefaultHomeCoordinator #n7hzzzav \"Home\" tab=meat\n"))
        // Nothing was written in its home either.
        #expect(
            result.stdout.hasSuffix(
                "6 nodes, depth 2, links: 5 child, 0 cycle, 0 shared; 2 nodes not shown (the depth limit of 1)\n"),
            "\(result.stdout)")
    }

    /// The options given reach the child; one that would read the command's standard input is
    /// refused, as the child's input is the tool's pipe.
    @Test @MainActor func theAppsOptionsReachTheChild() async throws {
        let folder = try ScratchFolder()
        let state = folder.path("state.json")
        let saved = try await cli([
            "tree", "--approach", "explicit", "--save-state", state, "--open", "recipes://recipes/irish-stew",
        ])
        #expect(saved.status == 0, "\(saved.stderr)")
        // Saved by the child as the command ended it.
        let text = try String(contentsOfFile: state, encoding: .utf8)
        #expect(text.contains("\"detail\" : \"irish-stew\""))
        let restored = try await cli(["tree", "--restore", state, "--format", "json"])
        #expect(restored.stdout.contains("\"DefaultRecipeViewModel\""), "\(restored.stderr)")
        // The explicit applier makes no searches, in the child as before.
        let traced = try await cli(["open", "--approach", "explicit", "--trace", "recipes://tab/veggie"])
        #expect(traced.stderr.contains("the explicit approach makes none"), "\(traced.stderr)")
        let piped = try await cli(["tree", "--catalog", "-"], input: "{}")
        #expect(piped.status == 64)
        #expect(
            piped.stderr.hasPrefix(
                "error: --catalog -: the recipes app runs in a child, which cannot read this command's standard input"))
        // The child's refusal of a file is said as the tool's own.
        let unwritable = try await cli(["tree", "--save-state", folder.path("missing/state.json")])
        #expect(unwritable.status == 1)
        #expect(unwritable.stderr.hasPrefix("error: cannot write state \(folder.path("missing/state.json")): "))
    }

    /// `back` is an action the app's type declares: offered to any client of its inspector,
    /// an attached one too, which the tool once refused.
    @Test func anAttachedAppOffersItsOwnActions() async throws {
        let app = try await ServedApp(name: "Acting")
        let watched = try await app.cli(
            "watch", "--attach", "Acting", input: "help\nrecipes://recipes/irish-stew\nback\nback\n")
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(watched.stdout.contains(", back (close the top-most sheet or detail of the selected tab), quit\n"))
        #expect(watched.stdout.contains("- 6 DefaultRecipeViewModel"), "\(watched.stdout)")
        #expect(watched.stdout.hasSuffix("nothing to close on the meat tab\n"))
        let client = try InspectorClient(
            InspectorClient.resolve("Acting", in: app.environment["XTREE_INSPECTOR_DIR"]))
        #expect(client.actions.map(\.name) == ["back"])
        #expect(throws: InspectorError.self) { try client.act("forward") }
    }
}

import Foundation
import Testing
import XTreePlatform

/// `xtree-cli serve` as a child process, with its own inspector directory.
final class ServedApp {
    let folder: ScratchFolder
    let process: Process
    let name: String
    /// Where the app and its clients look for each other: an inspector directory of its own,
    /// unless given.
    let environment: [String: String]

    init(
        name: String = "Recipes", app: String? = nil, arguments: [String] = [], environment: [String: String]? = nil
    ) async throws {
        folder = try ScratchFolder()
        self.name = name
        self.environment =
            environment ?? ["XDG_RUNTIME_DIR": folder.url.path, "XTREE_INSPECTOR_DIR": folder.url.path + "/xtree"]
        var environment = self.environment
        // Every event of the served app checks the inspector's view against a full snapshot.
        environment["XTREE_CHECK_LIVE_TREE"] = "1"
        let started = try await startCLI(
            ["serve"] + (app.map { [$0.lowercased()] } ?? []) + ["--name", name] + arguments, environment: environment,
            output: folder.path("serve.out")
        ) { $0.hasPrefix("serving") }
        process = started.process
        if started.printed != nil { return }
        throw CocoaError(.fileReadNoSuchFile)
    }

    var pid: Int32 { process.processIdentifier }

    /// `xtree-cli record --attach NAME` and `arguments` in a process of its own, once it says
    /// it is recording; what it prints goes to the returned file.
    func startRecording(_ arguments: String...) async throws -> (process: Process, output: String) {
        let output = folder.path("record.out")
        let (record, _) = try await startCLI(
            ["record", "--attach", name] + arguments, environment: environment, output: output, tries: 600
        ) { $0.contains("recording") }
        return (record, output)
    }

    func cli(_ arguments: String..., input: String? = nil) async throws -> CLIResult {
        try await XTreeCLITests.cliProcess(arguments, input: input.map { Data($0.utf8) }, environment: environment)
    }

    deinit {
        if process.isRunning {
            _ = Terminal.send(.terminate, to: process.processIdentifier)
            process.waitUntilExit()
        }
    }
}

@Suite struct AttachTests {
    /// The shop served as its own process: found by a condition, watched, and diffed.
    @Test func theShopAsItsOwnProcessIsSearchedWatchedAndDiffed() async throws {
        let app = try await ServedApp(name: "ShopE2E", app: "Shop")
        let found = try await app.cli(
            "find", "ProductListViewModel", "--where", "products!=0", "--where", "query=", "--attach", "ShopE2E")
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.hasPrefix("4 ProductListViewModel #"))
        let missed = try await app.cli("find", "CartScreen", "--where", "items~9", "--attach", "ShopE2E")
        #expect(missed.status == 1)
        #expect(missed.stdout.contains("\nnearest: 2 CartViewModel items=0 (wanted items~9)\nvisited:\n"))

        let before = try app.folder.write(
            "before.json", try await app.cli("tree", "--format", "json", "--attach", "ShopE2E").stdout)
        let watched = try await app.cli("watch", "--attach", "ShopE2E", input: "shop://product/tea\nshop://checkout\n")
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(
            watched.stdout.hasPrefix(
                "opened shop://product/tea: 0 ShopCoordinator > 1 CatalogCoordinator > 5 ProductDetailViewModel\n"))
        #expect(watched.stdout.contains("+ 5 ProductDetailViewModel"))
        #expect(watched.stdout.contains("~ 0 ShopCoordinator #"))
        let diff = try await app.cli("diff", before, "--attach", "ShopE2E")
        // As diff(1): the trees differ, so the status is 1.
        #expect(diff.status == 1 && diff.stderr == "error: the trees differ\n", "\(diff.stderr)")
        #expect(diff.stdout.contains("+ 5 ProductDetailViewModel") && diff.stdout.contains("+ 6 CheckoutViewModel"))
        #expect(diff.stdout.hasSuffix("2 added, 0 removed, 2 changed, 3 unchanged\n"))
    }

    @Test func listTreeFindAndOpenOnARunningAppMatchTheEmbeddedApp() async throws {
        let app = try await ServedApp()
        let list = try await app.cli("list")
        #expect(list.status == 0)
        #expect(list.stdout.contains("\nRecipes  \(app.pid)"))
        #expect(list.stdout.contains("unix:\(app.folder.url.path)/xtree/\(app.pid).sock\n"))

        let tree = try await app.cli("tree", "--attach", "Recipes")
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout == (try await cliProcess("tree")).stdout)

        let link = "recipes://recipes/orange-marmalade/ratings"
        let opened = try await app.cli("open", link, "--trace", "--attach", String(app.pid))
        let embedded = try await cliProcess("open", link, "--trace")
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(
            opened.stdout == embedded.stdout.replacingOccurrences(of: "\(link) (search)", with: "\(link) (attached)"))

        let found = try await app.cli(
            "find", "RatingViewModel", "--where", "recipe=orange-marmalade", "--attach", "Recipes")
        #expect(found.status == 0)
        #expect(
            found.stdout
                == (try await cliProcess(
                    "find", "RatingViewModel", "--where", "recipe=orange-marmalade", "--open", link))
                .stdout)

        let failed = try await app.cli("open", "recipes://recipes/nope", "--attach", "Recipes")
        #expect(failed.status == 1)
        #expect(failed.stderr == (try await cliProcess("open", "recipes://recipes/nope")).stderr)
    }

    @Test func watchOnARunningAppPrintsWhatTheEmbeddedWatchPrints() async throws {
        let app = try await ServedApp(name: "Watched")
        let input = "recipes://recipes/irish-stew\nrecipes://tab/veggie\nfind RecipeViewModel\nrecipes://recipes/nope\n"
        let attached = try await app.cli("watch", "--attach", "Watched", input: input)
        let embedded = try await cliProcess("watch", input: input)
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(attached.stdout.contains("changed: "))
        #expect(attached.stdout == embedded.stdout)
        #expect(attached.stderr == embedded.stderr)
    }

    @Test func diffComparesASavedSnapshotWithTheLiveTree() async throws {
        let app = try await ServedApp(name: "Diffed")
        let before = try app.folder.write(
            "before.json", try await app.cli("tree", "--format", "json", "--attach", "Diffed").stdout)
        _ = try await app.cli("open", "recipes://tab/veggie", "--attach", "Diffed")
        let diff = try await app.cli("diff", before, "--attach", "Diffed")
        #expect(diff.status == 1, "\(diff.stderr)")
        let same = try await app.cli("diff", before, "--attach", "Diffed")
        #expect(same.status == 1)
        let unchanged = try await app.cli("diff", before, before)
        #expect(unchanged.status == 0 && unchanged.stdout.hasSuffix("0 added, 0 removed, 0 changed, 6 unchanged\n"))
        #expect(diff.stdout.hasPrefix("~ 0 DefaultHomeCoordinator #n7hzzzav \"Home\": tab \"meat\" -> \"veggie\"\n"))
        // As JSON: the same change, and the same status.
        let json = try await app.cli("diff", before, "--attach", "Diffed", "--format", "json")
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let changed = try #require(object["changed"] as? [[String: Any]])
        #expect(changed.count == 1 && (changed[0]["node"] as? [String: Any])?["id"] as? String == "n7hzzzav")
    }

    @Test func anAppKilledMidWatchEndsTheWatchWithStatus1AndLeavesNoEntry() async throws {
        let app = try await ServedApp(name: "Doomed")
        let watch = Process()
        watch.executableURL = productsDirectory.appendingPathComponent("xtree-cli")
        watch.arguments = ["watch", "--attach", "Doomed"]
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in app.environment { environment[key] = value }
        watch.environment = environment
        let input = Pipe()
        watch.standardInput = input
        let errors = app.folder.path("watch.err")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        watch.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        watch.standardOutput = FileHandle.nullDevice
        try watch.run()
        try await Task.sleep(nanoseconds: 500_000_000)
        _ = Terminal.send(.kill, to: app.pid)
        await app.process.exit()
        await watch.exit()
        try input.fileHandleForWriting.close()
        #expect(watch.terminationStatus == 1)
        #expect(
            try String(contentsOfFile: errors, encoding: .utf8) == "error: the app went away: the connection closed\n")
        // The killed app could not remove its files: the next list does.
        #expect(try await app.cli("list").stdout.hasPrefix("no inspectable apps are running;"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: app.folder.url.path + "/xtree").isEmpty)
    }

    @Test func attachingToNothingOrWithAnotherTargetIsAClearError() async throws {
        let folder = try ScratchFolder()
        let environment = ["XTREE_INSPECTOR_DIR": folder.path("xtree")]
        let none = try await cliProcess(["tree", "--attach", "Nothing"], environment: environment)
        #expect(none.status == 1)
        #expect(
            none.stderr
                == "error: cannot attach to Nothing: no inspectable app matches 'Nothing'; see 'xtree-cli list'\n")
        let both = try await cliProcess(["tree", "--attach", "A", "--snapshot", "-"], environment: environment)
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("error: --attach and --snapshot name two different trees; give one\n"))
        let catalog = try await cliProcess(["tree", "--attach", "A", "--catalog", "x.json"], environment: environment)
        #expect(catalog.status == 64)
        #expect(
            catalog.stderr.hasPrefix("error: --catalog configures the example app and cannot be used with --attach\n"))
    }
}

/// The two-terminal transcript of the article "Inspecting your own app" (its ```console
/// blocks): `serve` in the first, the commands of the second against it. It shows pid 4242 and the directory
/// `/run/user/1000`; a real run's pid and directory are put in their place before comparing.
@Suite struct ReadmeAttachTranscriptTests {
    @Test func theTwoTerminalTranscriptIsWhatARealAttachPrints() async throws {
        let blocks = Transcript.blocks(fence: "console")
        #expect(blocks.count == 2)
        guard blocks.count == 2 else { return }
        let (server, client) = (blocks[0], blocks[1])
        #expect(server.commands == ["swift run -q xtree-cli serve"])
        let app = try await ServedApp()
        func placeholders(_ lines: [String]) -> [String] {
            // `list` pads the pid to 7 columns: swap the padded field first.
            let padded = String(app.pid).padding(toLength: 7, withPad: " ", startingAt: 0)
            return lines.map {
                $0.replacingOccurrences(of: app.folder.url.path + "/xtree", with: "/run/user/1000/xtree")
                    .replacingOccurrences(of: padded, with: "4242   ")
                    .replacingOccurrences(of: "\(app.pid)", with: "4242")
            }
        }
        let served = try String(contentsOfFile: app.folder.path("serve.out"), encoding: .utf8)
        #expect(placeholders(served.split(separator: "\n").map(String.init)) == server.expected)
        client.check(placeholders(try await client.run(environment: app.environment)))
    }
}

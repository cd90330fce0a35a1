import Foundation
import Testing
import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreePlatform
import XTreeReachability

@testable import XTreeTargets

/// `--launch`: the CLI starts an app's launch executable, works on it and stops it. The
/// executable here is a script that runs `xtree-cli serve --as-launched`, which serves as
/// `Inspector.serve(App.self)` does.
@Suite struct LaunchTests {
    /// A scratch folder with `launch.sh` in it, and an environment whose temporary directory
    /// is the folder's (where launched apps get their directories).
    struct Launcher {
        let folder: ScratchFolder
        let script: String
        var environment: [String: String] { ["TMPDIR": folder.path("tmp")] }

        init(_ body: String = #"exec "$XTREE_CLI" serve "$@" --as-launched"#) throws {
            folder = try ScratchFolder()
            try FileManager.default.createDirectory(atPath: folder.path("tmp"), withIntermediateDirectories: false)
            let cli = productsDirectory.appendingPathComponent("xtree-cli").path
            script = try folder.write("launch.sh", "#!/bin/sh\nXTREE_CLI='\(cli)'\n\(body)\n")
            try Files.changePermissions(at: script, to: 0o700)
        }

        /// What launched apps left in the temporary directory.
        var leftovers: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path("tmp"))) ?? [] }
    }

    @Test func treeAndOpenWorkOnALaunchedAppWhichIsStoppedAfter() async throws {
        let launcher = try Launcher()
        let tree = try await cliProcess(["tree", "--launch", launcher.script], environment: launcher.environment)
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout.hasPrefix("0 DefaultHomeCoordinator"))
        let open = try await cliProcess(
            ["open", "--launch", launcher.script, "recipes://recipes/irish-stew"], environment: launcher.environment)
        #expect(open.stdout.contains(#""Irish Stew" recipe=irish-stew ◀"#), "\(open.stderr)")
        #expect(launcher.leftovers.isEmpty)
    }

    @Test func checkOnALaunchedAppChecksItsExamplesEachFromAFreshRoot() async throws {
        let launcher = try Launcher()
        let text = try await cliProcess(
            ["check", "--examples", "--launch", launcher.script], environment: launcher.environment)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix(#"checking "launch.sh" (pid "#))
        // The app's 10 examples and 46 more sample links of their forms, each form's own.
        #expect(text.stdout.contains("10 link examples and 46 more sample links of their forms\n"), "\(text.stdout)")
        #expect(text.stdout.contains("56 checks (56 links x 1 applier): 56 passed, 0 failed"))
        let junit = try await cliProcess(
            ["check", "--examples", "--launch", launcher.script, "--coverage", "--format", "junit"],
            environment: launcher.environment
        )
        #expect(junit.stdout.hasPrefix("<?xml"))
        #expect(junit.stdout.components(separatedBy: "<testcase ").count - 1 == 56)
        #expect(junit.stdout.contains(#"<property name="coverage.formsNotCovered" value=""/>"#))
        #expect(junit.stderr.hasPrefix(#"checking "launch.sh""#))
        #expect(launcher.leftovers.isEmpty)
    }

    /// An app whose inspector holds its own root and restores no states (the shop served as an
    /// app's own `Inspector(name:app:root:)` serves it) is started again for each example.
    @Test func checkOnALaunchedAppThatCannotReturnToItsStartStartsItForEachExample() async throws {
        let launcher = try Launcher(#"exec "$XTREE_CLI" serve shop"#)
        let text = try await cliProcess(
            ["check", "--examples", "--launch", launcher.script], environment: launcher.environment)
        #expect(text.status == 0, "\(text.stdout) \(text.stderr)")
        #expect(text.stdout.contains("7 passed, 0 failed"), "\(text.stdout)")
        #expect(text.stderr.contains("does not return to its start"), "\(text.stderr)")
        #expect(launcher.leftovers.isEmpty)
    }

    @Test func checkOnARunningAppStartsEachExampleFromItsStart() async throws {
        let served = try await ServedApp()
        let result = try await served.cli("check", "--examples", "--attach", served.name)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("56 passed, 0 failed"))
        // The recipes app restores states, so no note says otherwise.
        #expect(!result.stderr.contains("restores no states"))
        // The shop restores none: its examples are applied one after another, and pass.
        let shop = try await ServedApp(name: "ShopCheck", app: "Shop")
        let chained = try await shop.cli("check", "--examples", "--attach", shop.name)
        #expect(chained.status == 0, "\(chained.stdout)")
        #expect(chained.stdout.contains("7 passed, 0 failed"))
        #expect(chained.stderr.contains("restores no states, so each example is applied where the one before left it"))
    }

    /// An app that gives no restoration closures is returned to a later event by replay.
    @Test func restoreReplaysTheLinksOfAnAppWhoseRootTheInspectorOwns() async throws {
        let served = try await ServedApp(name: "Owned", arguments: ["--as-launched"])
        _ = try await served.cli("open", "--attach", served.name, "recipes://recipes/irish-stew")
        _ = try await served.cli("open", "--attach", served.name, "recipes://tab/settings")
        let restored = try await served.cli("restore", "--attach", served.name, "--to", "1")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.hasSuffix("the tree is as recorded (7 nodes)\n"), "\(restored.stdout)")
        let tree = try await served.cli("tree", "--attach", served.name)
        #expect(tree.stdout.contains(#""Irish Stew" recipe=irish-stew"#))
        #expect(tree.stdout.hasPrefix(#"0 DefaultHomeCoordinator #n7hzzzav "Home" tab=meat"#))
    }

    /// The commands that read a running app's history refuse --launch with the reason, not as
    /// an option they never heard of.
    @Test(arguments: [["log"], ["record"], ["restore", "--to", "1"]])
    func commandsOfAnAppsHistoryRefuseLaunchWithTheReason(command: [String]) async throws {
        let result = try await cli(command + ["--launch", "./app"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix("error: '\(command[0])' takes no --launch: a fresh app started for the command"))
        #expect(result.stderr.contains("give --attach NAME|PID"), "\(result.stderr)")
    }

    @Test func anExecutableThatDoesNotServeIsReportedWithHowItEnded() async throws {
        let launcher = try Launcher("echo starting up; echo no inspector here >&2; exit 3")
        let result = try await cliProcess(["tree", "--launch", launcher.script], environment: launcher.environment)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: the launched app \(launcher.script) exited with status 3 before it served; its last output: \"starting up\" | \"no inspector here\"\n"
        )
        #expect(launcher.leftovers.isEmpty)
        let missing = try await cliProcess(["tree", "--launch", launcher.folder.path("nothing")])
        #expect(missing.stderr.contains("no executable file there"))
        let both = try await cliProcess(["tree", "--launch", launcher.script, "--attach", "X"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("error: --attach and --launch name two different apps; give one"))
    }

    @Test func aNameIsFoundInTheNearestXTreeJSON() async throws {
        let launcher = try Launcher()
        let file = try launcher.folder.write(
            ".xtree.json", #"{"launch": {"kitchen": "launch.sh", "store": ["launch.sh", "shop"]}}"#)
        try Files.changePermissions(at: file, to: 0o644)
        // The folder is a repository's root: the search goes up to it from `sub`.
        try FileManager.default.createDirectory(
            atPath: launcher.folder.path(".git"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: launcher.folder.path("sub"), withIntermediateDirectories: false)
        let result = try await cliScript(
            #"cd sub && "$0" tree --launch kitchen --depth 0 && "$0" tree --launch store --depth 0 && "$0" tree --launch podcasts"#,
            in: launcher.folder,
            environment: launcher.environment)
        #expect(result.stdout.hasPrefix("0 DefaultHomeCoordinator"), "\(result.stderr)")
        // A name with arguments: the script passes them on to `serve`.
        #expect(result.stdout.contains("0 ShopCoordinator"), "\(result.stdout)")
        let folder = launcher.folder.url.standardizedFileURL.path
        let script = try #require(try? String(decoding: Files.resolvedPath(launcher.script), as: UTF8.self))
        // What a name runs is said once, on standard error, with the file that named it.
        #expect(
            result.stderr
                == "launching 'kitchen': \(script) (from \(folder)/.xtree.json)\n"
                + "launching 'store': \(script) shop (from \(folder)/.xtree.json)\n"
                + "error: \(folder)/.xtree.json names no launch executable 'podcasts'; it names kitchen, store\n")
        #expect(result.status == 1)
    }

    /// An example that states what it reaches fails when it ends elsewhere; a name the end
    /// answers to in searches will do.
    @MainActor
    @Test func anExampleIsHeldToTheTypeItSaysItReaches() async {
        let check = ExampleCheck(
            name: "App",
            examples: [
                LinkExample(form: "app://a", link: "app://a", reaches: "Screen"),
                LinkExample(form: "app://b", link: "app://b", reaches: "Detail"),
                LinkExample(form: "app://c", link: "app://c", reaches: "Detail"),
                LinkExample(form: "app://d", link: "app://d"),
                LinkExample(form: "app://e", link: "app://e", reaches: "Detail"),
            ], applier: "launched")
        let report = await check.run { link in
            let end = NodeReference(order: 1, id: "x", type: "Screen", label: "")
            return .reached(
                path: [end], endNames: link == "app://c" ? ["Detail"] : [],
                types: link == "app://e" ? ["Screen", "Detail"] : ["Screen"])
        }
        // A name no object in the tree has is perhaps a protocol nobody registered: said so.
        #expect(
            report.results.map(\.failure) == [
                nil,
                "it ended on Screen, not a Detail (no object in the tree is a type of that name: if Detail is a "
                    + "protocol, register it with SearchableProtocols.register((any Detail).self), or declare the "
                    + "link in a route table)",
                nil, nil, "it ended on Screen, not a Detail",
            ])
        #expect(
            report.results.map(\.expected) == [
                "a Screen", "a Detail", "a Detail", "an object in the app's tree", "a Detail",
            ])
    }

    /// An example may name what the handler returned or a node the link made appear (the
    /// screen a coordinator showed); the coverage counts both as screens reached.
    @MainActor
    @Test func anExampleMayNameTheScreenThatAppeared() async {
        let check = ExampleCheck(
            name: "App",
            examples: [
                LinkExample(form: "app://a", link: "app://a", reaches: "Coordinator"),
                LinkExample(form: "app://b", link: "app://b", reaches: "ThreadScreen"),
                LinkExample(form: "app://c", link: "app://c", reaches: "Thread"),
                LinkExample(form: "app://d", link: "app://d", reaches: "Composer"),
            ], applier: "launched")
        let report = await check.run { link in
            let end = NodeReference(order: 1, id: "x", type: "Coordinator", label: "")
            let screen = NodeReference(order: nil, id: "y", type: "ThreadScreen", label: "t9")
            let tab = NodeReference(order: nil, id: "z", type: "Tab", label: "")
            return .reached(
                path: [end], endNames: [], types: ["Coordinator", "ThreadScreen", "Tab", "Composer"],
                appeared: [(tab, []), (screen, link == "app://c" ? ["Thread"] : [])])
        }
        #expect(
            report.results.map(\.failure) == [
                nil, nil, nil,
                "it ended on Coordinator, not a Composer, and none appeared (appeared: Tab, ThreadScreen)",
            ])
        #expect(report.results[1].appeared?.map(\.type) == ["Tab", "ThreadScreen"])
        let coverage = report.measuringCoverage(forms: ["app://a", "app://b", "app://c", "app://d"]).coverage
        #expect(coverage?.screens == ["Coordinator": 3, "Tab": 3, "ThreadScreen": 3])
    }

    /// A form's optional and repeated query items (`[page=<page>]`, `[tag=<tags>]…`) cover its
    /// links with them and without them.
    @MainActor
    @Test func coverageCountsLinksOfFormsWithOptionalItems() async {
        let links = [
            "app://search?q=a", "app://search?q=a&page=2&tag=x&tag=y", "app://thread/1", "app://thread/1?token=s",
        ]
        let check = ExampleCheck(
            name: "App", examples: links.map { LinkExample(form: "", link: $0) }, applier: "launched")
        let report = await check.run { _ in
            .reached(path: [NodeReference(order: 0, id: "r", type: "Root", label: "")], endNames: [], types: ["Root"])
        }
        let forms = ["app://search?q=<q>&[page=<page>]&[tag=<tags>]…", "app://thread/<id>?[token=<token>]"]
        let coverage = report.measuringCoverage(forms: forms).coverage
        #expect(coverage?.forms == [forms[0]: 2, forms[1]: 2])
        #expect(coverage?.linksOfNoForm == [])
    }

    /// A launch executable still open for writing (just written by a build, or held for a
    /// moment by a child that another thread starts) is started once it is closed.
    @MainActor
    @Test func anExecutableStillOpenForWritingIsStartedOnceItIsClosed() throws {
        let launcher = try Launcher()
        let descriptor = try Files.open(launcher.script, [.writeOnly], mode: 0)
        // A thread of its own: a block on Dispatch's global queues can wait for seconds behind
        // other tests' blocked workers, longer than the launch tries again.
        Thread {
            Thread.sleep(forTimeInterval: 0.2)
            Files.close(descriptor)
        }.start()
        let launched = try LaunchedApp(launcher.script, environment: launcher.environment)
        defer { launched.stop() }
        #expect(launched.target != nil)
    }

    /// One that cannot be started says why in the system's words, not Foundation's
    /// "NSCocoaErrorDomain error 256".
    @MainActor
    @Test func anExecutableThatCannotBeStartedSaysWhy() throws {
        let launcher = try Launcher()
        let script = try launcher.folder.write("missing-shell.sh", "#!/no/such/shell\n")
        try Files.changePermissions(at: script, to: 0o700)
        let error = #expect(throws: CLIError.self) { _ = try LaunchedApp(script, environment: launcher.environment) }
        #expect(error?.message == "cannot launch \(script): No such file or directory")
    }

    /// The runner the crash and fuzzing checks build on: a case that kills the child fails
    /// saying how it ended, and the next case gets a new child.
    @MainActor
    @Test func aChildThatDiesIsReportedAndReplaced() async throws {
        let launcher = try Launcher()
        let launched = try LaunchedApp(launcher.script, environment: launcher.environment)
        defer { launched.stop() }
        let first = launched.runCase { client throws(InspectorError) in try client.open("recipes://tab/veggie").0 }
        #expect(try first.get().error == nil)
        // Each case from a fresh root: the tab the first case chose is not the next one's.
        let fresh = launched.runCase { client throws(InspectorError) in try client.snapshot() }
        #expect(try fresh.get().nodes.first?.attributes.first { $0.key == "tab" }?.value == "meat")
        let pid = try #require(launched.target?.client.app.pid)
        #expect(Terminal.send(.kill, to: pid))
        let killed = launched.runCase { client throws(InspectorError) in try client.snapshot() }
        guard case .failure(let failure) = killed else {
            Issue.record("a case on a killed app fails")
            return
        }
        #expect(failure.description.hasPrefix("the app was ended by signal 9 (SIGKILL)"), "\(failure)")
        let next = launched.runCase { client throws(InspectorError) in try client.snapshot() }
        #expect(try next.get().nodes.first?.type == "DefaultHomeCoordinator")
        #expect(launched.starts == 2)
    }

    /// A child that stops answering (here stopped, as at a breakpoint) fails its case once the
    /// reply's deadline passes, and is replaced.
    @MainActor
    @Test func aChildThatHangsIsStoppedAndReplaced() async throws {
        let launcher = try Launcher()
        var environment = launcher.environment
        environment["XTREE_REPLY_TIMEOUT"] = "0.5"
        let launched = try LaunchedApp(launcher.script, environment: environment)
        defer { launched.stop() }
        let pid = try #require(launched.target?.client.app.pid)
        #expect(Terminal.send(.stop, to: pid))
        let hung = launched.runCase { client throws(InspectorError) in try client.snapshot() }
        guard case .failure(let failure) = hung else {
            Issue.record("a case on a stopped app fails")
            return
        }
        #expect(failure.description.hasPrefix("the app stopped answering, and was stopped"), "\(failure)")
        let next = launched.runCase { client throws(InspectorError) in try client.snapshot() }
        #expect(try next.get().nodes.first?.type == "DefaultHomeCoordinator")
        #expect(launched.starts == 2)
    }
}

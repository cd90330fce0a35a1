import Foundation
import XTreeArgumentParser
import XTreeConsole
import XTreeMCP
import XTreePlatform
import XTreeTargets

struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "mcp",
        summary: "Serve the tree, searches, links and the journal to a coding agent (Model Context Protocol).",
        discussion: """
            Speaks the Model Context Protocol over standard input and output (JSON-RPC 2.0, a
            message a line; revision 2025-11-25, and the earlier ones a client asks for). Its
            tools are tree (a page of nodes at a time, by depth or subtree, with a cursor), find,
            why, open, check, links, fuzz, crash, diff, restore and log, their arguments those
            of the command of their name; each answers with the JSON of the command of
            its name. They ask the example app, a snapshot (--snapshot, for tree, find and why),
            a running app (--attach, here or per call), or an app started for the session
            (--launch: yours, or the other example app, --launch shop). Tools that apply links (open, check, links) run on a running app
            of yours, and open anywhere but on --launch's child, only with --allow-open; fuzz
            starts a fresh app per case (--launch's executable, or the example app in a child)
            and never runs on a running app. Requests over 1 MiB, of unknown methods or tools, or
            with arguments that do not fit a tool's schema get the protocol's errors; the session
            goes on. Standard output carries protocol messages only.
            """
    )

    @Option(name: "attach", value: "NAME|PID|ADDRESS", help: "Ask a running app (see 'xtree-cli list').")
    var attach: String?
    @Option(
        name: "launch", value: "PATH|NAME",
        help:
            "Start an app for the session, and ask it (a launch executable, a NAME from .xtree.json, or an example "
            + "app: recipes, shop); stopped when the session ends.")
    var launch: String?
    @Option(name: "snapshot", value: "FILE", help: "Answer tree, find and why from a JSON snapshot.")
    var snapshot: String?
    @Flag(name: "allow-open", help: "Let the open tool apply links (it changes the app).")
    var allowOpen: Bool
    @Option(
        name: "budget", value: "CHARACTERS",
        help: "The most characters of an answer, unless a call says (default 40000).", minimum: 1_000,
        maximum: (4_000_000, what: "4 MiB"))
    var budget: Int?

    func validate() throws(CLIError) {
        if [attach != nil, launch != nil, snapshot != nil].filter({ $0 }).count > 1 {
            throw .usage("--attach, --launch and --snapshot name different apps or trees; give one", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        var environment = context.environment
        var attach = attach
        var launchedPath: String?
        if let launch {
            // The server's own child, reached by its pid in its private directory: the only
            // place an executable is named is the server's command line.
            let launched = try context.launch(orExample: launch)
            guard let target = launched.target, let directory = launched.inspectorDirectory else {
                preconditionFailure("a launched app is attached")
            }
            environment["XTREE_INSPECTOR_DIR"] = directory
            attach = String(target.client.app.pid)
            // As given: a name from .xtree.json keeps its arguments for the tools that start apps.
            launchedPath = launch
        }
        var server = MCPServer(
            arguments: (
                attach, snapshot, allowOpen, launchedPath, budget ?? MCPServer.defaultBudget
            ),
            version: CommandLineTool.version,
            tools: MCPTool.all(declaredBy: CommandLineTool.declaredSlots(of:))
        ) { line in
            // Each tool's command, run in this process with what it prints captured.
            guard let input = try? Files.open("/dev/null", [], mode: 0) else { return (1, "", "cannot open /dev/null") }
            defer { Files.close(input) }
            let console = Console.capturing(input: input)
            let status = await CommandLineTool.run(
                line.map(RawArgument.init), console: console, environment: environment,
                executable: context.executable, apps: EmbeddedApps.all)
            console.flush()
            let captured = console.captured ?? ([], [])
            return (
                status.rawValue, String(decoding: captured.output, as: UTF8.self),
                String(decoding: captured.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            )
        }
        await server.serve()
    }
}

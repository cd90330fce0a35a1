import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeTargets

struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "tree",
        summary: "Print the tree (the default command).",
        discussion: """
            Starts the app, restores --restore, applies every --open link in order, and prints the
            tree with the last link's path highlighted; or prints the tree of --snapshot, or of the
            running app --attach names, and after it the links the app holds until it can handle
            them (LinkHolder), each with its holder. JSON output is a snapshot for 'diff', 'find --snapshot' and
            'tree --snapshot'. A running app's tree in JSON, written to a file or a pipe, is passed
            through as the app writes it, in constant memory, each line checked as it passes (UTF-8
            text on one line, as many as announced): a weaker check than reading it with
            --snapshot, which a hostile app's file should get. With --why LINK, the path is the one to
            where the app's own router would send LINK now (as 'why' says: the tab's router of an
            app with one per tab), and nothing is applied; the status is 1 if nothing would take it.
            """,
        roles: [.starting, .applyingLinks, .savingState]
    )

    @Option(name: "open", value: "URL", help: "Apply a deep link first.")
    var open: [String]
    @Option(
        name: "why", value: "LINK",
        help: "Highlight where the app's router would send LINK now, without applying it (see 'why').")
    var why: String?
    @Option(name: "depth", value: "N", help: "Show nodes down to depth N (text only).", minimum: 0)
    var depth: Int?
    @Option(name: "max-nodes", value: "N", help: "Show at most N nodes (text only).", minimum: 1)
    var maxNodes: Int?
    @Option(name: "format", help: "Output format (default text).")
    var format: Format = .text
    @OptionGroup var target: TargetOptions

    func validate() throws(CLIError) {
        if !open.isEmpty, target.snapshot != nil {
            throw .usage("--open applies links to an app, and a snapshot takes none", command: nil)
        }
        if why != nil, target.snapshot != nil {
            throw .usage("--why asks the running app's own router, and a snapshot has none", command: nil)
        }
        if format != .text, depth != nil || maxNodes != nil {
            throw .usage("--depth and --max-nodes apply to --format text only", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        let target = try context.target(target)
        if format == .json, open.isEmpty, !context.console.isTerminal, let attached = target as? AttachedTarget {
            try attached.live { () throws(InspectorError) in
                try attached.client.passSnapshot { context.console.out(UnsafeRawBufferPointer($0)) }
            }
            try target.finish()
            return
        }
        try target.check(links: open)
        let (last, failure) = try await target.apply(open)
        var (snapshot, path) = try target.located(last)
        var unreceived: String?
        if let why, let attached = target as? AttachedTarget {
            let (result, trace, tree) = try attached.live { () throws(InspectorError) in try attached.client.why(why) }
            (snapshot, path) = (tree, trace.path)
            if trace.path.isEmpty {
                unreceived =
                    result.heldBy.map { "\($0) would hold it until the app can handle it" }
                    ?? "no \(result.receiver)"
                    + result.conditions.map { " with \($0.description)" }.joined() + " in the tree would take it now"
            }
        }
        context.render(
            snapshot, format: format, highlighted: path, maxDepth: depth, maxNodes: maxNodes, title: target.title)
        if format == .text { context.printHeld(by: target) }
        if let failure { throw failure }
        try target.finish()
        if let why, let unreceived {
            throw .failure("\(TerminalText.escaped(why)): \(TerminalText.escaped(unreceived))")
        }
    }
}

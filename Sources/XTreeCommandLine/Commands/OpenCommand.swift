import XTree
import XTreeArgumentParser
import XTreeTargets

struct OpenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "open",
        summary: "Apply deep links and show how they walked the tree.",
        discussion: """
            Applies the links in order through the navigation queue and prints, for each, the path
            it reached; with --trace, every search's visited nodes and verdicts. Then prints the tree
            with the last path highlighted. A link that fails leaves the tree as it was: the tree is
            printed as it stands, the reason goes to standard error, and the status is 1. With
            --attach, the running app applies each link with its own handler, and says what it
            reached.
            """,
        roles: [.starting, .applyingLinks]
    )

    @Argument(value: "URL", help: "The deep links, applied in order.")
    var links: [String]
    @Flag(name: "trace", help: "Show every node each search visited, with its verdict.")
    var trace: Bool
    @Option(name: "format", help: "Output format (default text).")
    var format: Format = .text
    @OptionGroup var attach: AttachOption

    func validate() throws(CLIError) {
        if trace, format != .text {
            throw .usage("--trace is text; with --format \(format.rawValue) only the tree is printed", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        let target = try context.target(attach)
        if trace, let reason = target.untraceableReason {
            throw .usage("--trace shows searches, and \(reason)", command: context.command)
        }
        let console = context.console
        // Explanations are text; with another format only the tree is printed, for piping.
        var located: (snapshot: TreeSnapshot, path: [Int])?
        let (last, failure) = try await target.apply(links, recording: trace) { opened in
            guard format == .text else { return }
            console.out("== \(opened.link) (\(opened.applier))\n")
            for search in opened.traces { console.out(search.description) }
            let (snapshot, path) = opened.locate()
            console.out("reached: \(snapshot.pathDescription(path))\n\n")
            located = (snapshot, path)
        }
        // A failing link leaves the tree as it was, so the tree after the last applied link is
        // the one that link was located in: no second snapshot.
        let (snapshot, path) =
            if let located { located } else { try target.located(last) }
        context.render(snapshot, format: format, highlighted: path, title: target.title)
        if format == .text { context.printHeld(by: target) }
        if let failure { throw failure }
    }
}

import RecipesDomain
import XTree
import XTreeInspector

extension Command {
    static let open = Command(
        spec: CommandSpec(
            name: "open",
            options: [
                .approach,
                OptionSpec(name: "trace", value: nil, help: "Show every node each search visited, with its verdict."),
                .format, .catalog, .attach,
            ],
            positionals: 1...Int.max
        ),
        summary: "Apply deep links and show how they walked the tree.",
        usage: "open URL... [--approach search|explicit] [--trace] [--format text|json|dot|mermaid] [--attach APP]",
        discussion: """
            Applies the links in order through the navigation queue and prints, for each, the path
            it reached; with --trace, every search's visited nodes and verdicts. Then prints the tree
            with the last path highlighted. A link that fails leaves the tree as it was: the tree is
            printed as it stands, the reason goes to standard error, and the status is 1.
            Accepted links: \(DeepLink.acceptedForms.joined(separator: ", ")). With --attach, the
            running app applies each link with its own handler, and says what it reached.
            """
    ) { arguments, context throws(CLIError) in
        let format = try arguments.choice("format", as: Format.self) ?? .text
        let approach = try arguments.choice("approach", as: DeepLinkApproach.self) ?? .search
        let trace = arguments.flag("trace")
        if trace, approach == .explicit {
            throw .usage("--trace shows searches, and the explicit approach makes none", command: "open")
        }
        if trace, format != .text {
            throw .usage("--trace is text; with --format \(format.rawValue) only the tree is printed", command: "open")
        }
        let home: DefaultHomeCoordinator
        switch try context.target(of: arguments) {
        case .app(let app): home = app
        case .attached(let client):
            try openAttached(arguments.positionals, on: client, trace: trace, format: format, context: context)
            return
        case .snapshot: return
        }
        let links = try context.links(arguments.positionals)
        let console = context.console
        // Explanations are text; with another format only the tree is printed, for piping.
        var last: (snapshot: TreeSnapshot, path: [Int])?
        let (outcomes, failure) = await apply(links, to: home, approach: approach, recording: trace) {
            outcome, traces in
            guard format == .text else { return }
            console.out("== \(outcome.link) (\(approach.rawValue))\n")
            for search in traces { console.out(search.description) }
            let located = context.located(outcome, in: home)
            console.out("reached: \(context.describePath(located.path, in: located.snapshot))\n\n")
            last = located
        }
        // A failing link leaves the tree as it was, so the tree after the last applied link is
        // the one that link was located in: no second snapshot.
        let (snapshot, path) = last ?? context.located(outcomes.last, in: home)
        context.render(snapshot, format: format, highlighted: path)
        if let failure { throw failure }
    }
}

extension Command {
    /// `open --attach`: the running app applies each link; printed as for the embedded app.
    static func openAttached(
        _ urls: [String],
        on client: InspectorClient,
        trace: Bool,
        format: Format,
        context: Context
    ) throws(CLIError) {
        let console = context.console
        var last: (snapshot: TreeSnapshot, path: [Int])?
        var failure: CLIError?
        for (index, url) in urls.enumerated() {
            let (result, snapshot) = try live { () throws(InspectorError) in try client.open(url) }
            if let error = result.error {
                let skipped = urls.count - index - 1
                let note = skipped == 0 ? "" : " (\(skipped) later link\(skipped == 1 ? "" : "s") not applied)"
                failure = .failure(error + note)
                last = last ?? (snapshot, [])
                break
            }
            last = (snapshot, result.path)
            guard format == .text else { continue }
            console.out("== \(TerminalText.escaped(url)) (attached)\n")
            if trace { for search in result.traces { console.out(search.description) } }
            console.out("reached: \(context.describePath(result.path, in: snapshot))\n\n")
        }
        if let last { context.render(last.snapshot, format: format, highlighted: last.path) }
        if let failure { throw failure }
    }
}

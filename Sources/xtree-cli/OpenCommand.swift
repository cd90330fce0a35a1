import RecipesDomain
import XTree

extension Command {
    static let open = Command(
        spec: CommandSpec(
            name: "open",
            options: [
                .approach,
                OptionSpec(name: "trace", value: nil, help: "Show every node each search visited, with its verdict."),
                .format, .catalog,
            ],
            positionals: 1...Int.max
        ),
        summary: "Apply deep links and show how they walked the tree.",
        usage: "open URL... [--approach search|explicit] [--trace] [--format text|json|dot|mermaid]",
        discussion: """
            Applies the links in order through the navigation queue and prints, for each, the path
            it reached; with --trace, every search's visited nodes and verdicts. Then prints the tree
            with the last path highlighted. A link that fails leaves the tree as it was: the tree is
            printed as it stands, the reason goes to standard error, and the status is 1.
            Accepted links: \(DeepLink.acceptedForms.joined(separator: ", ")).
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
        let links = try context.links(arguments.positionals)
        guard case .app(let home) = try context.target(of: arguments) else { return }
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

import RecipesDomain
import XTree

extension Command {
    static let open = Command(
        spec: CommandSpec(
            name: "open",
            options: [
                .approach,
                OptionSpec(name: "trace", value: nil, help: "Show every node each search visited, with its verdict."),
                .format,
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
        let links = try context.links(arguments.positionals)
        let home = context.startApp(catalog: try context.catalog())
        let console = context.console
        let (outcomes, failure) = await apply(links, to: home, approach: approach) { outcome in
            // Explanations are text; with another format only the tree is printed, for piping.
            guard format == .text else { return }
            console.out("== \(outcome.link) (\(approach.rawValue))\n")
            if trace {
                for search in outcome.traces { console.out(search.description) }
            }
            console.out("reached: \(context.describePath(outcome.path, in: TreeSnapshot(of: home)))\n\n")
        }
        context.render(TreeSnapshot(of: home), format: format, highlighted: outcomes.last?.path ?? [])
        if let failure { throw failure }
        return 0
    }
}

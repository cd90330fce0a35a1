import RecipesDomain
import XTree
import XTreeInspector

extension Command {
    static let find = Command(
        spec: CommandSpec(
            name: "find",
            options: [
                OptionSpec(
                    name: "where",
                    value: "KEY=VALUE",
                    repeatable: true,
                    help: "Only nodes whose attribute KEY (or 'label') is VALUE."
                ),
                OptionSpec(name: "all", value: nil, help: "Print every match, not just the first."),
                .open, .catalog, .snapshot, .attach,
            ],
            positionals: 1...1
        ),
        summary: "Search the tree breadth first by name and attributes.",
        usage: "find NAME [--where KEY=VALUE]... [--all] [--open URL]... [--snapshot FILE|- | --attach APP]",
        discussion: """
            NAME is a class of a node or one of its superclasses, or a protocol the app made
            searchable (SearchableProtocols), as Name or Module.Name; a generic type also by its base
            name. Prints each match with its breadth-first number and path; if nothing matches,
            prints every visited node and why it was passed over, and the status is 1.
            """
    ) { arguments, context throws(CLIError) in
        let query = try Query(arguments)
        let snapshot: TreeSnapshot
        switch try context.target(of: arguments) {
        case .snapshot(let read):
            snapshot = read
        case .app(let home):
            let (_, failure) = await apply(try context.links(arguments.all("open")), to: home, approach: .search)
            if let failure { throw failure }
            snapshot = TreeSnapshot(of: home)
        case .attached(let client):
            // The app searches its own tree, and sends the snapshot it searched.
            let (trace, searched) = try live { () throws(InspectorError) in
                try client.find(query.name, conditions: query.conditions, all: query.all)
            }
            try query.report(trace, in: searched, context: context)
            return
        }
        try query.report(query.search(snapshot), in: snapshot, context: context)
    }

    /// What `find` looks for: a name, conditions, and whether to find every match.
    @MainActor
    struct Query {
        let name: String
        let conditions: [NodeCondition]
        let all: Bool

        init(_ arguments: ParsedArguments) throws(CLIError) {
            var conditions: [NodeCondition] = []
            for text in arguments.all("where") {
                guard let condition = NodeCondition(text) else {
                    throw .usage("--where takes KEY=VALUE, got '\(TerminalText.shortened(text))'", command: "find")
                }
                conditions.append(condition)
            }
            name = arguments.positionals[0]
            guard Command.isWellFormed(name) else {
                throw .usage(
                    "'\(TerminalText.shortened(name))' is not a type name; names are letters, digits and '_', "
                        + "optionally after 'Module.'",
                    command: "find"
                )
            }
            self.conditions = conditions
            all = arguments.flag("all")
        }

        func search(_ snapshot: TreeSnapshot) -> SearchTrace {
            snapshot.search(forName: name, all: all) { node in conditions.allSatisfy { $0.matches(node) } }
        }

        /// Prints the matches with their paths, or every verdict when there is none.
        func report(_ trace: SearchTrace, in snapshot: TreeSnapshot, context: Context) throws(CLIError) {
            let matches = trace.steps.filter { $0.verdict == .matched && snapshot.nodes.indices.contains($0.order) }
            guard !matches.isEmpty else {
                context.console.out(trace.description)
                let description =
                    TerminalText.shortened(name)
                    + (conditions.isEmpty ? "" : " where " + conditions.map(\.description).joined(separator: " "))
                throw .failure("nothing matched \(description) among \(trace.steps.count) visited nodes")
            }
            for match in matches {
                context.console.out("\(snapshot.nodes[match.order])\n")
                context.console.out("  path: \(context.describePath(snapshot.path(to: match.order), in: snapshot))\n")
            }
        }
    }

    static func isWellFormed(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count <= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
                return part.unicodeScalars.allSatisfy {
                    $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
                }
            }
    }
}

import RecipesDomain
import XTree

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
                .open, .catalog, .snapshot,
            ],
            positionals: 1...1
        ),
        summary: "Search the tree breadth first by name and attributes.",
        usage: "find NAME [--where KEY=VALUE]... [--all] [--open URL]... [--snapshot FILE|-]",
        discussion: """
            NAME is a class of a node or one of its superclasses, or a protocol the app made
            searchable (SearchableProtocols), as Name or Module.Name; a generic type also by its base
            name. Prints each match with its breadth-first number and path; if nothing matches,
            prints every visited node and why it was passed over, and the status is 1.
            """
    ) { arguments, context throws(CLIError) in
        let snapshot: TreeSnapshot
        switch try context.target(of: arguments) {
        case .snapshot(let read):
            snapshot = read
        case .app(let home):
            let (_, failure) = await apply(try context.links(arguments.all("open")), to: home, approach: .search)
            if let failure { throw failure }
            snapshot = TreeSnapshot(of: home)
        }
        try find(in: snapshot, arguments: arguments, context: context)
    }

    /// Searches `snapshot` for the NAME and `--where` conditions of `arguments` and prints
    /// the matches, or every verdict when there is none.
    static func find(in snapshot: TreeSnapshot, arguments: ParsedArguments, context: Context) throws(CLIError) {
        var conditions: [(key: String, value: String)] = []
        for condition in arguments.all("where") {
            guard let equals = condition.firstIndex(of: "="), equals != condition.startIndex else {
                throw .usage("--where takes KEY=VALUE, got '\(condition)'", command: "find")
            }
            conditions.append((String(condition[..<equals]), String(condition[condition.index(after: equals)...])))
        }
        let name = arguments.positionals[0]
        guard Self.isWellFormed(name) else {
            throw .usage(
                "'\(name)' is not a type name; names are letters, digits and '_', "
                    + "optionally after 'Module.'",
                command: "find"
            )
        }
        let trace = snapshot.search(forName: name, all: arguments.flag("all")) { node in
            conditions.allSatisfy { condition in
                condition.key == "label"
                    ? node.label == condition.value : node.attribute(condition.key) == condition.value
            }
        }
        let matches = trace.steps.filter { $0.verdict == .matched }
        guard !matches.isEmpty else {
            context.console.out(trace.description)
            let description =
                name
                + (conditions.isEmpty
                    ? "" : " where " + conditions.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
            throw .failure("nothing matched \(description) among \(trace.steps.count) visited nodes")
        }
        for match in matches {
            context.console.out("\(snapshot.nodes[match.order])\n")
            context.console.out("  path: \(context.describePath(snapshot.path(to: match.order), in: snapshot))\n")
        }
    }

    private static func isWellFormed(_ name: String) -> Bool {
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

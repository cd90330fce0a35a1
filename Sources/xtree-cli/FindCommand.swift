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
                .open,
            ],
            positionals: 1...1
        ),
        summary: "Search the tree breadth first by type and attributes.",
        usage: "find TYPE [--where KEY=VALUE]... [--all] [--open URL]...",
        discussion: """
            TYPE is a protocol (\(TypeQuery.protocols.keys.sorted().joined(separator: ", ")))
            or a class in the tree, such as DefaultRecipeViewModel. Prints each match with its
            breadth-first number and path; if nothing matches, prints what was visited and why
            each node was passed over, and the status is 1.
            """
    ) { arguments, context throws(CLIError) in
        var conditions: [(key: String, value: String)] = []
        for condition in arguments.all("where") {
            guard let equals = condition.firstIndex(of: "="), equals != condition.startIndex else {
                throw .usage("--where takes KEY=VALUE, got '\(printable(condition))'", command: "find")
            }
            conditions.append((String(condition[..<equals]), String(condition[condition.index(after: equals)...])))
        }
        let links = try context.links(arguments.all("open"))
        let home = context.startApp(catalog: try context.catalog())
        let (_, failure) = await apply(links, to: home, approach: .search)
        if let failure { throw failure }

        let typeName = arguments.positionals[0]
        let snapshot = TreeSnapshot(of: home)
        let query = TypeQuery(root: home, conditions: conditions)
        let result: TypeQuery.Result
        if let search = TypeQuery.protocols[typeName] {
            result = search(query, arguments.flag("all"))
        } else if snapshot.nodes.contains(where: { $0.type == typeName }) {
            result = query.run((any DeepLinkable).self, all: arguments.flag("all")) { "\(type(of: $0))" == typeName }
        } else {
            let known = Set(TypeQuery.protocols.keys).union(snapshot.nodes.map(\.type)).sorted()
            throw .usage(
                "unknown type '\(printable(typeName))'; types: \(known.joined(separator: ", "))",
                command: "find"
            )
        }
        let description =
            typeName
            + (conditions.isEmpty ? "" : " where " + conditions.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        guard !result.paths.isEmpty else {
            context.console.out(result.trace.description)
            throw .failure("nothing matched \(printable(description)) among \(result.trace.steps.count) visited nodes")
        }
        for path in result.paths {
            context.console.out("\(snapshot.nodes[path[path.count - 1]])\n")
            context.console.out("  path: \(context.describePath(path, in: snapshot))\n")
        }
        return 0
    }
}

/// A search by a type named on the command line, through XTree's typed search API.
@MainActor
struct TypeQuery {
    let root: any DeepLinkable
    let conditions: [(key: String, value: String)]

    struct Result {
        /// The search for the first match; it lists what was visited when nothing matched.
        var trace: SearchTrace
        /// Breadth-first paths to the matches.
        var paths: [[Int]]
    }

    /// The protocols a user can name, each searched as its existential type.
    static let protocols: [String: @MainActor (TypeQuery, Bool) -> Result] = [
        "DeepLinkable": { $0.run((any DeepLinkable).self, all: $1) },
        "ViewModel": { $0.run((any ViewModel).self, all: $1) },
        "HomeCoordinator": { $0.run((any HomeCoordinator).self, all: $1) },
        "RecipeListCoordinator": { $0.run((any RecipeListCoordinator).self, all: $1) },
        "RecipeListViewModel": { $0.run((any RecipeListViewModel).self, all: $1) },
        "RecipeViewModel": { $0.run((any RecipeViewModel).self, all: $1) },
        "RatingViewModel": { $0.run((any RatingViewModel).self, all: $1) },
        "SettingsViewModel": { $0.run((any SettingsViewModel).self, all: $1) },
    ]

    func run<Receiver>(_ type: Receiver.Type, all: Bool, extra: (Receiver) -> Bool = { _ in true }) -> Result {
        let accepts = { (receiver: Receiver) in extra(receiver) && matches(receiver as AnyObject) }
        let (first, trace) = root.tracingFirstReceiver(as: type, where: accepts)
        guard first != nil else { return Result(trace: trace, paths: []) }
        guard all else { return Result(trace: trace, paths: [trace.path]) }
        let paths = root.receivers(as: type, where: accepts).compactMap { root.pathOrders(to: $0 as AnyObject) }
        return Result(trace: trace, paths: paths)
    }

    private func matches(_ object: AnyObject) -> Bool {
        guard let node = object as? any NodeDescribing else { return conditions.isEmpty }
        let attributes = node.nodeAttributes
        return conditions.allSatisfy { condition in
            condition.key == "label"
                ? node.nodeLabel == condition.value
                : attributes.contains { $0.key == condition.key && $0.value == condition.value }
        }
    }
}

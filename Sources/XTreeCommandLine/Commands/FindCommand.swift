import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeTargets

struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "find",
        summary: "Search the tree breadth first by name and attributes.",
        discussion: """
            NAME is a class of a node or one of its superclasses, or a protocol the app made
            searchable (SearchableProtocols), as Name or Module.Name; a generic type also by its base
            name. Prints each match with its breadth-first number and path. If nothing matches,
            the status is 1, and it prints why first (the nearest nodes, or the names it could
            have meant), then the first 20 visited nodes with why each was passed over (--trace:
            every one).
            """,
        roles: [.starting]
    )

    @Argument(value: "NAME", help: "The type or protocol to find, such as RecipeViewModel.")
    var name: String
    @OptionGroup var query: QueryOptions
    @Option(name: "open", value: "URL", help: "Apply a deep link first.")
    var open: [String]
    @OptionGroup var target: TargetOptions
    @Option(name: "format", help: "Output format (default text).")
    var format: WhyCommand.Format = .text

    func validate() throws(CLIError) {
        if !open.isEmpty, target.snapshot != nil {
            throw .usage("--open applies links to an app, and a snapshot takes none", command: nil)
        }
        _ = try FindQuery(name: name, options: query)
    }

    func run(_ context: Context) async throws(CLIError) {
        let query = try FindQuery(name: name, options: query)
        let target = try context.target(target)
        let (_, failure) = try await target.apply(open)
        if let failure { throw failure }
        let answer = try target.found(query)
        if format == .json {
            try query.reportJSON(answer, console: context.console)
        } else {
            try query.report(answer, console: context.console)
        }
    }
}

import XTree

extension Command {
    static let diff = Command(
        spec: CommandSpec(name: "diff", options: [], positionals: 2...2),
        summary: "Compare two JSON snapshots.",
        usage: "diff BEFORE AFTER",
        discussion: """
            BEFORE and AFTER are snapshot files, pipes, or - (standard input, for one of them).
            Matches nodes by id and prints the nodes added (+), removed (-) and changed (~), and a
            count line. Save snapshots with 'xtree-cli tree --format json > FILE'.
            """
    ) { arguments, context throws(CLIError) in
        guard arguments.positionals.filter({ $0 == "-" }).count <= 1 else {
            throw .usage("only one of BEFORE and AFTER can be - (standard input)", command: "diff")
        }
        let before = try context.snapshot(from: arguments.positionals[0])
        let after = try context.snapshot(from: arguments.positionals[1])
        var stream = ConsoleStream(console: context.console)
        TreeDiff(from: before, to: after).write(to: &stream)
    }
}

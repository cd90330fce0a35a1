import XTree
import XTreeInspector

extension Command {
    static let diff = Command(
        spec: CommandSpec(name: "diff", options: [.attach], positionals: 1...2),
        summary: "Compare two JSON snapshots, or one with a running app's tree.",
        usage: "diff BEFORE AFTER | diff BEFORE --attach APP",
        discussion: """
            BEFORE and AFTER are snapshot files, pipes, or - (standard input, for one of them);
            with --attach, AFTER is the running app's tree now. Matches nodes by id and prints the
            nodes added (+), removed (-) and changed (~), and a count line. Save snapshots with
            'xtree-cli tree --format json > FILE'.
            """
    ) { arguments, context throws(CLIError) in
        let attach = arguments.value("attach")
        let expected = attach == nil ? 2 : 1
        guard arguments.positionals.count == expected else {
            throw .usage(
                attach == nil
                    ? "'diff' takes BEFORE and AFTER, or BEFORE with --attach"
                    : "with --attach, 'diff' takes BEFORE only: AFTER is the running app's tree",
                command: "diff")
        }
        guard arguments.positionals.filter({ $0 == "-" }).count <= 1 else {
            throw .usage("only one of BEFORE and AFTER can be - (standard input)", command: "diff")
        }
        let before = try context.snapshot(from: arguments.positionalPath(0))
        let after: TreeSnapshot
        if let attach {
            let client = try context.attach(attach)
            after = try live { () throws(InspectorError) in try client.snapshot() }
        } else {
            after = try context.snapshot(from: arguments.positionalPath(1))
        }
        var stream = ConsoleStream(console: context.console)
        TreeDiff(from: before, to: after).write(to: &stream)
    }
}

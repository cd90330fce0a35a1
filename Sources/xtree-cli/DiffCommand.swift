import XTree

extension Command {
    static let diff = Command(
        spec: CommandSpec(name: "diff", options: [], positionals: 2...2),
        summary: "Compare two saved JSON snapshots.",
        usage: "diff BEFORE.json AFTER.json",
        discussion: """
            Matches nodes by id and prints the nodes added (+), removed (-) and changed (~), and a
            count line. Save snapshots with 'xtree-cli tree --format json > FILE'.
            """
    ) { arguments, context throws(CLIError) in
        var snapshots: [TreeSnapshot] = []
        for path in arguments.positionals {
            let data = try context.read(path, what: "snapshot")
            do {
                snapshots.append(try TreeSnapshot(json: data))
            } catch {
                throw .failure("invalid snapshot \(path): \(error)")
            }
        }
        var stream = ConsoleStream(console: context.console)
        TreeDiff(from: snapshots[0], to: snapshots[1]).write(to: &stream)
        return 0
    }
}

import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeSupport
import XTreeTargets

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "diff",
        summary: "Compare two JSON snapshots, or one with a running app's tree.",
        discussion: """
            BEFORE and AFTER are snapshot files, pipes, or - (standard input, for one of them);
            with --attach, AFTER is the running app's tree now. Matches nodes by id and prints the
            nodes added (+), removed (-) and changed (~), and a count line. Save snapshots with
            'xtree-cli tree --format json > FILE'. As diff(1): the status is 0 if the trees are
            the same, 1 if they differ or a tree could not be read, 64 for a bad command line.
            """
    )

    @Argument(value: "BEFORE", help: "The snapshot before.")
    var before: RawPath
    @Argument(value: "AFTER", help: "The snapshot after, unless --attach gives it.")
    var after: RawPath?
    @OptionGroup var attach: AttachOption
    @Option(name: "format", help: "Output format (default text).")
    var format: LogFormat = .text

    func validate() throws(CLIError) {
        let running = attach.attach != nil || attach.launch != nil
        if running == (after != nil) {
            throw .usage(
                running
                    ? "with --\(attach.attach != nil ? "attach" : "launch"), 'diff' takes BEFORE only: AFTER is the "
                        + "running app's tree"
                    : "'diff' takes BEFORE and AFTER, or BEFORE with --attach or --launch",
                command: nil)
        }
        if before.isStandardStream, after?.isStandardStream == true {
            throw .usage("only one of BEFORE and AFTER can be - (standard input)", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        let before = try context.snapshot(from: before)
        let after =
            if let after {
                try context.snapshot(from: after)
            } else {
                try context.target(attach).snapshot()
            }
        let diff = TreeDiff(from: before, to: after)
        if format == .json {
            guard let data = try? JSONOutput.encoder().encode(diff) else { throw .failure("cannot encode the diff") }
            context.console.out(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            var stream = ConsoleStream(console: context.console)
            diff.write(to: &stream)
        }
        if !diff.isEmpty { throw .failure("the trees differ") }
    }
}

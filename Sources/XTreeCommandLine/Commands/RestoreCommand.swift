import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspector
import XTreeSupport
import XTreeTargets

struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "restore",
        summary: "Return a running app to its state after an earlier journal event.",
        discussion: """
            Has the app restore the state it captured after event #SEQ of its journal (the
            numbers 'log' prints; 0 for the state at the start), then compares the tree with the
            one recorded after that event. Status 0 when they are equal; 1 with their diff when
            they are not, or when the app's restore failed. The restore is itself an event of the
            journal. The app must give its Inspector a restoration (Inspector.Restoration), which
            the recipes app does; an app without one refuses, as does one that no longer keeps
            that event's state.
            """,
        refuses: [
            "launch":
                "a fresh app started for the command has no earlier state to return to: start your app, then give --attach NAME|PID"
        ]
    )

    @Option(
        name: "attach", value: "NAME|PID|ADDRESS", help: "The running app (see 'xtree-cli list').", required: true)
    var attach: String?
    @Option(
        name: "to", value: "SEQ", help: "The event whose state to return to (0: the start).", minimum: 0,
        maximum: (JournalEvent.maximumSequence, what: "a sequence number"), required: true)
    var to: Int?
    @Option(name: "format", help: "Output format (default text).")
    var format: LogFormat = .text

    func validate() throws(CLIError) {
        if attach == nil {
            throw .usage("'restore' returns a running app to an earlier state; give --attach NAME", command: nil)
        }
        if to == nil { throw .usage("give the event to return to: --to SEQ (see 'xtree-cli log')", command: nil) }
    }

    func run(_ context: Context) async throws(CLIError) {
        let client = try context.attach(attach ?? "").client
        let target = to ?? 0
        let (result, snapshot) = try live { () throws(InspectorError) in try client.restore(to: target) }
        let moment = target == 0 ? "the start" : "event #\(target)"
        let milliseconds = String(format: "%.2f", result.duration * 1000)
        let console = context.console
        if format == .json {
            // What the text says, as one object: the restore's event, the error if it failed, and
            // the recorded tree against the tree now; the status as for text.
            struct Answer: Encodable {
                let event: Int
                let to: Int
                let milliseconds: Double
                let error: String?
                let nodes: Int
                let difference: TreeDiff
            }
            let answer = Answer(
                event: result.event, to: target, milliseconds: (result.duration * 100_000).rounded() / 100,
                error: result.error, nodes: snapshot.nodes.count, difference: result.difference)
            guard let data = try? JSONOutput.encoder().encode(answer) else {
                throw .failure("cannot encode the answer")
            }
            console.out(String(decoding: data, as: UTF8.self) + "\n")
            if result.error != nil || !result.difference.isEmpty {
                throw .failure(
                    result.error.map { "the app could not restore its state: \(TerminalText.escaped($0))" }
                        ?? "the tree differs from the one recorded after \(moment)")
            }
            return
        }
        if let error = result.error {
            console.out("#\(result.event) restore to \(moment) failed after \(milliseconds) ms\n")
            printDifference(result.difference, context)
            throw .failure("the app could not restore its state after \(moment): \(TerminalText.escaped(error))")
        }
        guard result.difference.isEmpty else {
            console.out("#\(result.event) restored the state after \(moment) in \(milliseconds) ms\n")
            printDifference(result.difference, context)
            throw .failure(
                "the tree differs from the one recorded after \(moment): "
                    + "\(result.difference.added.count) added, \(result.difference.removed.count) removed, "
                    + "\(result.difference.changed.count) changed")
        }
        console.out(
            "#\(result.event) restored the state after \(moment) in \(milliseconds) ms: the tree is as recorded "
                + "(\(snapshot.nodes.count) nodes)\n")
    }

    /// The recorded tree against the tree now, indented.
    private func printDifference(_ difference: TreeDiff, _ context: Context) {
        var text = ""
        difference.write(to: &text)
        var stream = ConsoleStream(console: context.console)
        stream.write("recorded after the event, against the tree now:\n")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            stream.write("  \(line)\n")
        }
    }
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspectorClient
import XTreeJournal
import XTreeTargets

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "record",
        summary: "Record a running app's journal events, with the tree after each, as a session.",
        discussion: """
            Follows the app's journal from now on, with the tree now and the tree after each
            event, until COUNT events arrived or the command is interrupted (SIGINT, SIGTERM); then
            writes the session file (Docs/SessionFormat.md), which 'replay' applies again and
            'export-test' turns into a Swift test. Prints each event as it arrives. If the app
            exits first, the events recorded are written and the status is 1.
            """,
        refuses: [
            "launch":
                "a fresh app started for the command is stopped when the command ends, before anything happens in it: start your app, then give --attach NAME|PID and use it"
        ]
    )

    @Option(
        name: "attach", value: "NAME|PID|ADDRESS", help: "The running app (see 'xtree-cli list').", required: true)
    var attach: String?
    @Option(name: "count", value: "N", help: "Stop after N events (default: when interrupted).", minimum: 1)
    var count: Int?
    @Option(name: "output", short: "o", value: "FILE", help: "Where to write the session.", required: true)
    var output: RawPath?

    func validate() throws(CLIError) {
        if attach == nil { throw .usage("'record' follows a running app; give --attach NAME", command: nil) }
        if output == nil { throw .usage("'record' needs the file to write: -o FILE", command: nil) }
        if output?.isStandardStream == true {
            throw .usage("'record' writes a file, and prints its events on standard output: -o FILE", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        guard let output else { return }
        let client = try context.attach(attach ?? "").client
        let console = context.console
        let interrupts = Interrupts()
        defer { interrupts.restore() }
        let (sequence, start, backlog) = try live { () throws(InspectorError) in try client.follow(after: 0) }
        var session = RecordedSession(
            app: client.app.name, appType: client.appType, startSequence: sequence, start: start)
        // The events kept before the start are read only to be counted: the session begins now.
        let linksBefore = backlog.count { $0.event.link != nil }
        let until = count.map { "\($0) event\($0 == 1 ? "" : "s")" } ?? "interrupted (Ctrl-C)"
        console.err(
            "recording \(TerminalText.quoted(client.app.name)) (pid \(client.app.pid)) after event #\(sequence), "
                + "until \(until)\n")
        if client.appType == nil {
            console.err("note: \(ExportTestCommand.noAppType); 'export-test' cannot make this session a test\n")
        }
        if linksBefore > 0 {
            session.linksBefore = linksBefore
            console.err(
                "note: the app applied \(linksBefore) link\(linksBefore == 1 ? "" : "s") before recording began, so "
                    + "the session does not start as the app launches: a test made of it would fail at its first "
                    + "check. To record from launch, start the app again and record before any link\n")
        }
        var failure: CLIError?
        while count.map({ session.events.count < $0 }) ?? true, !interrupts.arrived {
            console.flush()
            let next: FollowedEvent?
            do {
                next = try client.nextEvent(timeout: 0.2)
            } catch {
                failure = .failure(error.description)
                break
            }
            guard let event = next?.event else { continue }
            session.events.append(event)
            console.out(event.summary + "\n")
        }
        try context.write(session.encoded, to: output, what: "session")
        let events = session.events.count
        console.out("wrote \(events) event\(events == 1 ? "" : "s") to \(output)\n")
        if let failure { throw failure }
    }
}

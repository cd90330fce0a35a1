import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspectorClient
import XTreeJournal
import XTreeSupport
import XTreeTargets

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "log",
        summary: "Print a running app's journal: the links applied and the changes it made.",
        discussion: """
            Prints the events the app's inspector keeps, oldest first: each link applied (from a
            client such as 'open --attach', or the app's own through Inspector.journaling), with
            its source, duration, searches, the path it reached or its error, and the tree diff it
            caused; each return to an earlier state ('restore'); the objects still alive after
            their grace period once they left the tree, with the event they left in; and the
            changes the app made by itself, coalesced as 'watch' shows them. Each
            event has a sequence number (#N). A link that succeeded and changed nothing is marked
            'unchanged'; with --failures, only failed and unchanged links are printed, each with
            why: what its searches found nothing of, and the nearest candidates. With --follow, keeps printing events as they happen,
            until interrupted or the app exits (status 1). With --format json, one JSON object per
            line (Docs/InspectorProtocol.md).
            """,
        refuses: [
            "launch":
                "a fresh app started for the command has no history to print: start your app, then give --attach NAME|PID"
        ]
    )

    @Option(
        name: "attach", value: "NAME|PID|ADDRESS", help: "The running app (see 'xtree-cli list').", required: true)
    var attach: String?
    @Flag(name: "follow", help: "Keep printing events as they happen.")
    var follow: Bool
    @Option(
        name: "after", value: "SEQ", help: "Only the events after #SEQ.", minimum: 0,
        maximum: (JournalEvent.maximumSequence, what: "a sequence number"))
    var after: Int?
    @Option(name: "format", help: "Output format (default text).")
    var format: LogFormat = .text
    @Flag(name: "failures", help: "Only links that failed or changed nothing, with why.")
    var failures: Bool
    @Option(
        name: "last", value: "N",
        help: "Only the last N events, without their diffs: the app sends no tree (at any size, an answer at once).",
        minimum: 1, maximum: (1_000_000, what: "events"))
    var last: Int?

    func validate() throws(CLIError) {
        if attach == nil { throw .usage("'log' reads a running app's journal; give --attach NAME", command: nil) }
        if last != nil, follow || after != nil {
            throw .usage("--last prints the journal's last events; it takes neither --follow nor --after", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        let client = try context.attach(attach ?? "").client
        let console = context.console
        if follow {
            let (_, _, backlog) = try live { () throws(InspectorError) in
                try client.follow(after: after ?? 0)
            }
            for event in backlog where shows(event.event) { context.print(event, as: format) }
            while true {
                console.flush()
                guard let event = try live({ () throws(InspectorError) in try client.nextEvent(timeout: 3600) })
                else { continue }
                if shows(event.event) { context.print(event, as: format) }
            }
        }
        if let last {
            // The events alone, as the app keeps them: no tree, so no diff; paths by type and id.
            let (_, _, sequence) = try live { () throws(InspectorError) in
                try client.journalEvents(after: JournalEvent.maximumSequence)
            }
            let (events, _, _) = try live { () throws(InspectorError) in
                try client.journalEvents(after: max(0, sequence - last))
            }
            for event in events where shows(event) { context.print(summaryOf: event, as: format) }
            return
        }
        let (events, capacity, sequence) = try live { () throws(InspectorError) in
            try client.journal(after: after ?? 0)
        }
        if format == .text {
            let first = (after ?? 0) + 1
            if let oldest = events.first?.event.sequence ?? (sequence >= first ? sequence + 1 : nil), oldest > first {
                console.out(
                    "(events #\(first) to #\(oldest - 1) are no longer kept: the journal keeps the last \(capacity))\n")
            }
            if events.isEmpty, capacity == 0 { console.out("(the app keeps no journal: its capacity is 0)\n") }
        }
        for event in events where shows(event.event) { context.print(event, as: format) }
    }

    /// Whether `--failures` leaves the event in.
    private func shows(_ event: JournalEvent) -> Bool {
        !failures || event.link?.error != nil || event.unchanged
    }
}

/// How `log` prints events.
enum LogFormat: String, CaseIterable {
    case text, json
}

extension Context {
    /// An event without its tree, as `log --last` prints it: its line, the path reached by
    /// types and ids, why, and what outlived its place; or the event as JSON.
    func print(summaryOf event: JournalEvent, as format: LogFormat) {
        guard format == .text else {
            let data = (try? JSONOutput.encoder().encode(event)) ?? Data("{}".utf8)
            console.out(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        console.out(event.summary + "\n")
        if let reached = event.link?.reached, !reached.isEmpty {
            console.out(
                "  reached: " + reached.map { TerminalText.escaped("\($0.type) #\($0.id)") }.joined(separator: " > ")
                    + "\n")
        }
        for line in event.link?.explanation ?? [] { console.out("  why: \(TerminalText.escaped(line))\n") }
        for object in event.outlived ?? [] { console.out("  \(object.summary)\n") }
    }

    /// An event as `log` prints it: a line, then the path reached and the diff, indented; or
    /// the event as the app sent it, one JSON object on one line.
    func print(_ followed: FollowedEvent, as format: LogFormat) {
        let event = followed.event
        guard format == .text else {
            let encoder = JSONOutput.encoder()
            let data = (try? encoder.encode(event)) ?? Data("{}".utf8)
            console.out(String(decoding: data, as: UTF8.self) + "\n")
            return
        }
        console.out(event.summary + "\n")
        if let reached = event.link?.reached, !reached.isEmpty {
            let steps = zip(followed.path, reached).map { (Optional($0), $1.type) }
            console.out("  reached: \(pathDescription(steps))\n")
        }
        for line in event.link?.explanation ?? [] { console.out("  why: \(TerminalText.escaped(line))\n") }
        if let outlived = event.outlived {
            // The tree did not change: the objects are the news.
            for object in outlived { console.out("  \(object.summary)\n") }
            return
        }
        var stream = ConsoleStream(console: console)
        var text = ""
        followed.diff.write(to: &text)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            stream.write("  \(line)\n")
        }
    }
}

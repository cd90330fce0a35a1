import Foundation
import XTree
import XTreeInspector
import XTreeSupport

/// `watch --attach`: lines from standard input applied to a running app, and the app's
/// changes printed as they come, whoever made them.
@MainActor
struct AttachedWatchSession {
    let client: InspectorClient
    let context: Context

    mutating func run() throws(CLIError) {
        let console = context.console
        let interactive = console.inputIsTerminal
        try live { () throws(InspectorError) in try client.watch() }
        if interactive {
            console.out(
                "watching \(TerminalText.quoted(client.app.name)) (pid \(client.app.pid)); type a link, 'help' or 'quit'\n"
            )
        }
        var lines = LineReader(descriptor: STDIN_FILENO, limit: WatchSession.maximumLineLength)
        var prompted = false
        while true {
            if interactive, !prompted {
                console.out("> ")
                prompted = true
            }
            console.flush()
            // The app's own changes may come at any time: wait for either input.
            if !lines.hasBufferedLine, !client.hasBufferedChange {
                var entries = [
                    pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0),
                ]
                guard (try? SystemCall.retrying { poll(&entries, 2, -1) }) != nil else { return }
                if entries[1].revents != 0 {
                    try printChanges(waiting: 0)
                    if entries[0].revents == 0 { continue }
                }
                if entries[0].revents == 0 { continue }
            } else if client.hasBufferedChange {
                try printChanges(waiting: 0)
            }
            guard let next = lines.next() else { break }
            prompted = false
            let line: String
            switch next {
            case .text(let text):
                line = text
            case .tooLong(let bytes):
                console.err(
                    "error: line of \(bytes) bytes ignored; lines are at most \(WatchSession.maximumLineLength)\n")
                continue
            }
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.isEmpty { continue }
            if command == "quit" || command == "exit" { break }
            try handle(command)
            // Everything the line changed, before the next line: as the embedded watch prints.
            for change in try live({ () throws(InspectorError) in try client.flush() }) { context.print(change) }
        }
        console.flush()
    }

    /// Prints the changes that have arrived.
    private func printChanges(waiting timeout: Double) throws(CLIError) {
        while let change = try live({ () throws(InspectorError) in try client.nextChange(timeout: timeout) }) {
            context.print(change)
            if !client.hasBufferedChange { break }
        }
    }

    private func handle(_ line: String) throws(CLIError) {
        let console = context.console
        let words = line.split(separator: " ").map(String.init)
        switch words[0] {
        case "help":
            console.out("enter a link, or: tree, find TYPE [--where KEY=VALUE]... [--all], quit\n")
        case "tree":
            context.render(try live { () throws(InspectorError) in try client.snapshot() }, format: .text)
        case "back":
            console.err("error: back is the embedded recipes app's; an attached app takes links\n")
        case "find":
            context.watchFind(words) { query throws(CLIError) in
                try live { () throws(InspectorError) in
                    try client.find(query.name, conditions: query.conditions, all: query.all)
                }
            }
        default:
            let (result, snapshot) = try live { () throws(InspectorError) in try client.open(line) }
            if let error = result.error {
                console.err("error: \(TerminalText.escaped(error))\n")
            } else {
                console.out(
                    "opened \(TerminalText.escaped(line)): \(context.describePath(result.path, in: snapshot))\n")
            }
        }
    }
}

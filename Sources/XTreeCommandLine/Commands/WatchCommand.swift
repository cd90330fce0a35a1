import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreePlatform
import XTreeSupport
import XTreeTargets

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "watch",
        summary: "Read links and commands from standard input; print what changed.",
        discussion: """
            Each line is a deep link, or one of: tree, find TYPE [--where KEY=VALUE]... [--all],
            help, quit, and the actions the app's type declares (DeepLinkableApp.actions: the
            example apps' back; see help). After each line, prints
            what changed in the tree: the objects that announced a change while the line ran
            (objectWillChange, or the Observation framework for @Observable objects), coalesced,
            as a diff of snapshots. Attached to a running app, changes the app makes by itself
            are printed as they come; if the app exits, watch ends with status 1.
            """,
        roles: [.starting, .applyingLinks]
    )

    @OptionGroup var attach: AttachOption

    func run(_ context: Context) async throws(CLIError) {
        var loop = WatchLoop(target: try context.target(attach), context: context)
        try await loop.run()
    }
}

/// The `watch` loop: one line in, what changed out; a target's own changes printed as they
/// arrive.
@MainActor
struct WatchLoop {
    let target: any Target
    let context: Context

    /// Longest line read; longer lines are rejected whole.
    static let maximumLineLength = 64 * 1024

    mutating func run() async throws(CLIError) {
        let console = context.console
        let interactive = console.inputIsTerminal
        try target.startWatching()
        if interactive { console.out("watching \(target.title); type a link, 'help' or 'quit'\n") }
        var lines = LineReader(descriptor: console.input, limit: Self.maximumLineLength)
        var prompted = false
        while true {
            if interactive, !prompted {
                console.out("> ")
                prompted = true
            }
            console.flush()
            if let changes = target.changeDescriptor, !lines.hasBufferedLine {
                // The app's own changes may come at any time: wait for either input.
                if !target.hasArrivedChange {
                    var entries = [
                        PollEntry(lines.descriptor, wanted: .readable), PollEntry(changes, wanted: .readable),
                    ]
                    guard (try? Sockets.poll(&entries, milliseconds: -1)) != nil else { return }
                    if !entries[1].happened.isEmpty {
                        for change in try target.arrivedChanges() { context.print(change) }
                    }
                    // An input `poll` cannot wait on (on Darwin, any device but a pty): read it
                    // on a thread, so that the app's changes are not held until the next line.
                    if entries[0].happened == .failed, lines.descriptor == console.input, (try? lines.relay()) != nil {
                        continue
                    }
                    if entries[0].happened.isEmpty { continue }
                } else {
                    for change in try target.arrivedChanges() { context.print(change) }
                }
            }
            guard let next = lines.next() else { break }
            prompted = false
            let line: String
            switch next {
            case .line(let bytes):
                line = String(decoding: bytes, as: UTF8.self)
            case .tooLong(let bytes):
                console.err("error: line of \(bytes) bytes ignored; lines are at most \(Self.maximumLineLength)\n")
                continue
            }
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.isEmpty { continue }
            if command == "quit" || command == "exit" { break }
            try await handle(command)
            // Everything the line changed, before the next line.
            for change in try target.changesSinceLastLine() { context.print(change) }
        }
        console.flush()
    }

    private func handle(_ line: String) async throws(CLIError) {
        let console = context.console
        let words = line.split(separator: " ").map(String.init)
        switch words[0] {
        case "help":
            let forms =
                target.linkForms.isEmpty
                ? "" : " (\(target.linkForms.map { TerminalText.escaped($0) }.joined(separator: ", ")))"
            let own = target.watchCommands.map { ", \($0.name) (\($0.help))" }.joined()
            console.out("enter a link\(forms), or: tree, find TYPE [--where KEY=VALUE]... [--all]\(own), quit\n")
        case "tree":
            context.render(try target.snapshot(), format: .text)
        case "find":
            do throws(CLIError) {
                let query = try Self.query(
                    words.dropFirst(),
                    helpWidth: CommandLineTool.helpWidth(console: console, environment: context.environment))
                try query.report(try target.found(query), console: console)
            } catch {
                switch error {
                case .help(let text): console.out(text)
                case .usage(let message, _), .failure(let message):
                    console.err("error: \(TerminalText.escaped(message))\n")
                }
            }
        case let name where target.watchCommands.contains { $0.name == name }:
            if let message = try target.runWatchCommand(name) { console.out(TerminalText.escaped(message) + "\n") }
        default:
            switch try await target.open(line, recording: false) {
            case .reached(let opened):
                let (snapshot, path) = opened.locate()
                console.out("opened \(opened.link): \(snapshot.pathDescription(path))\n")
                let changes = try target.changesSinceLastLine()
                for change in changes { context.print(change) }
                if changes.allSatisfy({ $0.diff.isEmpty }) {
                    console.out("unchanged: the link changed nothing; the app was already there\n")
                }
            case .failed(let reason):
                console.err("error: \(TerminalText.escaped(reason))\n")
            }
        }
    }

    /// `find …` typed in `watch`: read as the `find` command reads its arguments; the
    /// options that pick another tree do not apply.
    private static func query(_ words: ArraySlice<String>, helpWidth: Int) throws(CLIError) -> FindQuery {
        let command = FindCommand()
        let slots = allSlots(of: command)
        try CommandParser(command: "find", slots: slots).parse(words.map(RawArgument.init)[...]) {
            Help.text(
                command: FindCommand.configuration, declarations: declarations(of: command), common: [],
                width: helpWidth)
        }
        let others = allSlots(of: command.target) + slots.filter { $0.role != nil || $0.name == "open" }
        if let given = others.first(where: { !$0.given.isEmpty }) {
            throw .usage(
                "in watch, find searches the watched tree; \(given.displayName) does not apply", command: "find")
        }
        return try FindQuery(name: command.name, options: command.query)
    }
}

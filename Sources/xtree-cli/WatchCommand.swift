import Foundation
import RecipesDomain
import XTree
import XTreeInspector

extension Command {
    static let watch = Command(
        spec: CommandSpec(name: "watch", options: [.approach, .catalog, .attach], positionals: 0...0),
        summary: "Read links and commands from standard input; print what changed.",
        usage: "watch [--approach search|explicit] [--attach APP]",
        discussion: """
            Each line is a deep link, or one of: tree, find TYPE [--where KEY=VALUE]... [--all],
            back (close the top-most sheet or detail of the selected tab; the embedded app only),
            help, quit. After each line, prints what changed in the tree: the objects that
            announced a change while the line ran (objectWillChange, or the Observation framework
            for @Observable objects), coalesced, as a diff of snapshots. Attached to a running
            app, changes the app makes by itself are printed as they come; if the app exits,
            watch ends with status 1.
            """
    ) { arguments, context throws(CLIError) in
        let approach = try arguments.choice("approach", as: DeepLinkApproach.self) ?? .search
        switch try context.target(of: arguments) {
        case .app(let home):
            var session = WatchSession(home: home, approach: approach, context: context)
            await session.run()
        case .attached(let client):
            var session = AttachedWatchSession(client: client, context: context)
            try session.run()
        case .snapshot:
            return
        }
    }
}

/// The `watch` loop: one line in, what changed out.
@MainActor
struct WatchSession {
    let home: DefaultHomeCoordinator
    let queue: NavigationQueue
    let context: Context
    private var snapshot: TreeSnapshot
    private let monitor: TreeChangeMonitor

    init(home: DefaultHomeCoordinator, approach: DeepLinkApproach, context: Context) {
        self.home = home
        self.context = context
        queue = NavigationQueue(home: home, approach: approach)
        snapshot = TreeSnapshot(of: home)
        monitor = TreeChangeMonitor(root: home)
    }

    /// Longest line read; longer lines are rejected whole.
    static let maximumLineLength = 64 * 1024

    mutating func run() async {
        let console = context.console
        let interactive = console.inputIsTerminal
        if interactive { console.out("watching the recipes app; type a link, 'help' or 'quit'\n") }
        monitor.observe()
        var lines = LineReader(descriptor: STDIN_FILENO, limit: Self.maximumLineLength)
        while true {
            if interactive {
                console.out("> ")
                console.flush()
            }
            guard let next = lines.next() else { break }
            let line: String
            switch next {
            case .text(let text):
                line = text
            case .tooLong(let bytes):
                console.err("error: line of \(bytes) bytes ignored; lines are at most \(Self.maximumLineLength)\n")
                continue
            }
            let command = line.trimmingCharacters(in: .whitespaces)
            if command.isEmpty { continue }
            if command == "quit" || command == "exit" { break }
            await handle(command)
            report()
            console.flush()
        }
    }

    private mutating func handle(_ line: String) async {
        let console = context.console
        let words = line.split(separator: " ").map(String.init)
        switch words[0] {
        case "help":
            console.out(
                "enter a link (\(DeepLink.acceptedForms.joined(separator: ", "))), or: tree, find TYPE ..., back, quit\n"
            )
        case "tree":
            context.render(TreeSnapshot(of: home), format: .text)
        case "find":
            context.watchFind(words) { query in
                let snapshot = TreeSnapshot(of: home)
                return (query.search(snapshot), snapshot)
            }
        case "back":
            let list = home.firstReceiver(as: (any RecipeListCoordinator).self) { $0.tab == home.tab }
            if let list, list.ratingViewModel != nil {
                list.closeRatings()
            } else if let list, list.detailViewModel != nil {
                list.closeDetail()
            } else {
                console.out("nothing to close on the \(home.tab) tab\n")
            }
        default:
            do {
                let link = try DeepLink(string: line)
                let outcome = try await queue.enqueue(link).value
                let (snapshot, path) = context.located(outcome, in: home)
                console.out("opened \(link): \(context.describePath(path, in: snapshot))\n")
            } catch {
                console.err("error: \(TerminalText.escaped("\(error)"))\n")
            }
        }
    }

    /// Prints what the notifications since the last report changed, and watches the new tree.
    private mutating func report() {
        let fired = monitor.drain()
        guard !fired.isEmpty else { return }
        let after = TreeSnapshot(of: home)
        let change = ChangeEvent(
            notifications: fired.count, objects: Set(fired).count, diff: TreeDiff(from: snapshot, to: after))
        context.print(change)
        snapshot = after
        monitor.observe()
    }
}

extension Context {
    /// `find …` typed in `watch`: read as the `find` command reads its arguments, without the
    /// options that pick another tree; `search` searches the watched tree. Errors are printed
    /// and the watch goes on.
    func watchFind(
        _ words: [String],
        search: (Command.Query) throws(CLIError) -> (trace: SearchTrace, snapshot: TreeSnapshot)
    ) {
        do throws(CLIError) {
            let parsed = try ParsedArguments(words.dropFirst().map(Argument.init)[...], spec: Command.find.spec)
            let elsewhere = ["open", "catalog", "snapshot", "attach"].filter { parsed.values[$0] != nil }
            guard elsewhere.isEmpty else {
                throw CLIError.usage(
                    "in watch, find searches the watched tree; --\(elsewhere[0]) does not apply", command: "find")
            }
            let query = try Command.Query(parsed)
            let (trace, snapshot) = try search(query)
            try query.report(trace, in: snapshot, context: self)
        } catch {
            switch error {
            case .help(let text): console.out(text)
            case .usage(let message, _), .failure(let message):
                console.err("error: \(TerminalText.escaped(message))\n")
            }
        }
    }

    /// `changed: N notifications from M objects` and the diff: how `watch` shows a change.
    func print(_ change: ChangeEvent) {
        let (count, objects) = (change.notifications, change.objects)
        console.out(
            "changed: \(count) notification\(count == 1 ? "" : "s") from \(objects) object\(objects == 1 ? "" : "s")\n"
        )
        var stream = ConsoleStream(console: console)
        change.diff.write(to: &stream)
    }
}

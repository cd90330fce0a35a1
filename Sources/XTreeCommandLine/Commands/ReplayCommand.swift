import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspector
import XTreeJournal
import XTreePlatform
import XTreeTargets

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "replay",
        summary: "Apply a recorded session's links again and compare each tree with the recording.",
        discussion: """
            Reads a session that 'record' wrote and checks that the tree at the start matches the
            recording; then applies its links in order, to a fresh start of the example app
            (through its own applier), to your app started with --launch, or, with --attach, to a
            running app, and compares the tree after each with the recorded one (ids, labels,
            attributes) and the path each link reached. A change the app made by itself is waited for, up to --settle seconds: one
            that follows from a link (a fetch finishing) comes again, a user's tap does not.
            Status 0 when every event matches; 1 at the first that does not, printed as a diff of
            the recorded tree against the replayed one, with the event that caused it.
            """,
        roles: [.starting, .applyingLinks]
    )

    @Argument(value: "FILE", help: "The session file, or - for standard input.")
    var file: RawPath
    @OptionGroup var attach: AttachOption
    @Option(
        name: "settle", value: "SECONDS", help: "How long to wait for a change the app made by itself (default 2).",
        minimum: 0, maximum: (86_400, what: "a day"))
    var settle: Int?

    func run(_ context: Context) async throws(CLIError) {
        let (session, steps) = try Self.session(from: file, context)
        let target = try context.target(attach)
        try Self.check(session, isFor: target, context)
        // An attached app's own changes are then waited for on its stream, not by polling.
        if target.changeDescriptor != nil { try target.startWatching() }
        let console = context.console
        let links = steps.filter { $0.event.link != nil }.count
        console.out(
            "replaying \(steps.count) event\(steps.count == 1 ? "" : "s") (\(links) "
                + "link\(links == 1 ? "" : "s")) recorded from \(TerminalText.quoted(session.app)) after event "
                + "#\(session.startSequence) on \(target.title)\n")
        let start = try target.snapshot()
        do {
            try compare(session.start, with: start, at: "the start", console: console, when: "at the start")
        } catch {
            guard let name = attach.attach else { throw error }
            // A running app is replayed as it is: say how to bring it to the session's start.
            throw .failure(
                error.message + "; replay applies the links to the app as it is now: return it to the session's "
                    + "start first ('xtree-cli restore --attach \(TerminalText.escaped(name)) --to "
                    + "\(session.startSequence)' in the app it was recorded from, if it restores states)")
        }
        console.out("start: as recorded (\(session.start.nodes.count) nodes)\n")
        for step in steps {
            let event = step.event
            let moment = "event #\(event.sequence)"
            let link: JournalEvent.Link
            switch event.kind {
            case .restore:
                throw diverged(moment, "\(event.summary): replay does not return the app to earlier states")
            case .outlived:
                // The tree did not change; when objects are released is not replayed.
                console.out("\(event.summary): not replayed\n")
                continue
            case .change:
                // Changes the last step's link brought are in the trees compared: none is kept.
                if target.hasArrivedChange { _ = try target.arrivedChanges() }
                let replayed = try await settled(target, to: step.tree)
                try compare(step.tree, with: replayed, at: moment, console: console)
                console.out("\(event.summary): as recorded\n")
                continue
            case .link(let recorded):
                if target.hasArrivedChange { _ = try target.arrivedChanges() }
                link = recorded
            }
            let name = "#\(event.sequence) link \(TerminalText.escaped(link.url))"
            switch try await target.open(link.url, recording: false) {
            case .failed(let reason):
                guard link.error != nil else {
                    throw diverged(moment, "\(name) failed, and it had succeeded: \(TerminalText.escaped(reason))")
                }
                try compare(step.tree, with: target.snapshot(), at: moment, console: console)
                console.out("\(name): failed as recorded\n")
            case .reached(let opened):
                if let error = link.error {
                    throw diverged(moment, "\(name) succeeded, and it had failed: \(TerminalText.escaped(error))")
                }
                let (replayed, path) = opened.locate()
                try compare(step.tree, with: replayed, at: moment, console: console)
                let ids = path.map { replayed.nodes[$0].id }
                guard ids == link.reached.map(\.id) else {
                    let recorded = link.reached.map { "\($0.type) #\($0.id)" }.joined(separator: " > ")
                    throw diverged(
                        moment, "\(name) reached \(replayed.pathDescription(path)), and it had reached \(recorded)")
                }
                console.out("\(name): as recorded, reached \(replayed.pathDescription(path))\n")
            }
        }
        console.out(
            "replay passed: the start and \(steps.count) event\(steps.count == 1 ? "" : "s") as recorded\n"
        )
        try target.finish()
    }

    /// Refuses to compare a session with another app than the one it was recorded from; says
    /// so when one side names no type to compare.
    static func check(_ session: RecordedSession, isFor target: any Target, _ context: Context) throws(CLIError) {
        switch (session.appType, target.appType) {
        case (let recorded?, let given?) where recorded != given:
            throw .failure(
                "the session was recorded from \(recorded), and \(target.title) is \(given): give --launch PATH|NAME "
                    + "with its launch executable, or --attach NAME with a running \(recorded.type), to replay it "
                    + "there")
        case (nil, _):
            context.console.err(
                "note: the session names no app type to check: it is replayed on \(target.title) as asked\n")
        case (_?, nil):
            context.console.err(
                "note: \(target.title) names no app type to check against the session's: it is replayed as asked\n")
        default:
            break
        }
    }

    /// Reads and checks a session file; its events with the tree after each.
    static func session(from file: RawPath, _ context: Context) throws(CLIError) -> (
        session: RecordedSession, steps: [RecordedSession.Step]
    ) {
        let data = try context.read(file, what: "session")
        do {
            let session = try RecordedSession(data: data)
            return (session, try session.steps())
        } catch {
            throw .failure("invalid session \(Context.sourceName(file)): \(error.description)")
        }
    }

    /// Fails, printing the diff, unless the replayed tree is the recorded one.
    private func compare(
        _ recorded: TreeSnapshot, with replayed: TreeSnapshot, at moment: String, console: Console,
        when: String? = nil
    ) throws(CLIError) {
        let diff = TreeDiff(from: recorded, to: replayed)
        guard !diff.isEmpty else { return }
        console.out("the tree \(when ?? "after \(moment)"), recorded (-) against replayed (+):\n")
        var stream = ConsoleStream(console: console)
        diff.write(to: &stream)
        let count = diff.added.count + diff.removed.count + diff.changed.count
        throw diverged(moment, "\(count) node\(count == 1 ? "" : "s") differ\(count == 1 ? "s" : "")")
    }

    private func diverged(_ moment: String, _ what: String) -> CLIError {
        .failure("replay diverged at \(moment): \(what)")
    }

    /// The tree once it matches `recorded`, or as it is after waiting `--settle` seconds. An
    /// attached app's changes are waited for on its stream (the replay watches it); an
    /// example app's are made on this main actor, which a short sleep yields to.
    private func settled(_ target: any Target, to recorded: TreeSnapshot) async throws(CLIError) -> TreeSnapshot {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(settle ?? 2) * 1_000_000_000
        while true {
            let tree = try target.snapshot()
            let now = DispatchTime.now().uptimeNanoseconds
            if TreeDiff(from: recorded, to: tree).isEmpty || now >= deadline { return tree }
            guard let descriptor = target.changeDescriptor else {
                try? await Task.sleep(nanoseconds: 20_000_000)
                continue
            }
            if !target.hasArrivedChange {
                var entries = [PollEntry(descriptor, wanted: .readable)]
                _ = try? Sockets.poll(&entries, milliseconds: Int32(min((deadline - now) / 1_000_000 + 1, 60_000)))
            }
            _ = try target.arrivedChanges()
        }
    }
}

import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeInspectorClient
import XTreeJournal

/// A running app's inspector, attached, or launched for the command (the example apps too):
/// the app applies links with its own handler and searches its own tree; its changes arrive
/// whoever made them.
@MainActor
package final class AttachedTarget: Target {
    package let client: InspectorClient
    /// How its links are applied, as reports name it: `attached`, or `launched`.
    package var applierName = "attached"
    /// What a failed request means, where more is known than the client's error: a launched
    /// app says how its child ended and what it said (its `Fatal error:` line).
    package var explain: ((InspectorError) -> CLIError)?
    /// What the tool knows of the example app it serves before asking the child
    /// (``Context/launchExample()`` says it): its title, as messages name it.
    package var exampleTitle: String?
    /// Checks a link without applying it, so that a bad one fails before any is applied: the
    /// example app's check, where it serves one.
    package var linkCheck: ((String) throws(CLIError) -> Void)?
    /// Why its applier cannot trace searches (it makes none), or `nil`.
    package var untraceableReason: String?
    /// The runner that started it for the command, if it did: each case then from a fresh
    /// root, in a new child after one that crashed.
    package weak var launched: LaunchedApp?

    /// Connects to the running app that `name` names (a name, a pid or an address), looking
    /// in `directory` if given.
    package init(_ name: String, in directory: String?) throws(CLIError) {
        do {
            client = try InspectorClient(InspectorClient.resolve(name, in: directory))
        } catch {
            throw .failure("cannot attach to \(name): \(error.description)")
        }
    }

    package var title: String {
        exampleTitle ?? "\(TerminalText.quoted(client.app.name)) (pid \(client.app.pid))"
    }

    package func check(links: [String]) throws(CLIError) {
        for link in links { try linkCheck?(link) }
    }

    /// A launched example app stops, saving its state (`--save-state`) as it does.
    package func finish() throws(CLIError) {
        if exampleTitle != nil { try launched?.finish() }
    }

    /// The app's actions (``DeepLinkableApp/actions``), with help in its words, escaped.
    package var watchCommands: [(name: String, help: String)] {
        client.actions.map { ($0.name, TerminalText.escaped($0.help)) }
    }

    package func runWatchCommand(_ name: String) throws(CLIError) -> String? {
        try self.live { () throws(InspectorError) in try client.act(name) }
    }

    package var appType: AppTypeName? { client.appType }

    /// The forms of the app type's link examples, as its inspector gave them: text from the
    /// app, escaped where it is printed.
    package var linkForms: [String] {
        var seen = Set<String>()
        return client.linkExamples.map(\.form).filter { seen.insert($0).inserted }
    }

    package func snapshot() throws(CLIError) -> TreeSnapshot {
        try self.live { () throws(InspectorError) in try client.snapshot() }
    }

    package var held: [HeldLink] { client.held }

    /// Searched in the app, which sends the answer alone: at a million nodes, a search, not
    /// a copy of the tree.
    package func found(_ query: FindQuery) throws(CLIError) -> FoundAnswer {
        try self.live { () throws(InspectorError) in
            try client.findAnswer(query.name, conditions: query.conditions, all: query.all, shown: query.shown)
        }
    }

    package func open(_ link: String, recording: Bool) throws(CLIError) -> LinkResult {
        // An example app's link is read here first, as the tool always has: its words.
        do throws(CLIError) {
            try linkCheck?(link)
        } catch {
            switch error {
            case .failure(let reason), .usage(let reason, _): return .failed(reason)
            case .help(let text): return .failed(text)
            }
        }
        let (result, snapshot) = try self.live { () throws(InspectorError) in try client.open(link, traces: recording) }
        if let error = result.error { return .failed(error) }
        // An app of an earlier build sends its traces though asked not to.
        return .reached(
            OpenedLink(
                link: TerminalText.escaped(link), applier: applierName, traces: recording ? result.traces : [],
                locate: { (snapshot, result.path) }))
    }

    package func startWatching() throws(CLIError) {
        _ = try self.live { () throws(InspectorError) in try client.follow() }
    }

    package var changeDescriptor: Int32? { client.descriptor }

    package var hasArrivedChange: Bool { client.hasBufferedEvent }

    package func arrivedChanges() throws(CLIError) -> [FollowedEvent] {
        var events: [FollowedEvent] = []
        while let event = try self.live({ () throws(InspectorError) in try client.nextEvent(timeout: 0) }) {
            events.append(event)
            if !client.hasBufferedEvent { break }
        }
        return events
    }

    /// Read as the app sends the events, without the tree: the app walks nothing for them.
    package func journal(after sequence: Int) throws(CLIError) -> (entries: [JournalEntry], capacity: Int)? {
        let (events, capacity, _) = try self.live { () throws(InspectorError) in
            try client.journalEvents(after: sequence)
        }
        guard capacity > 0 else { return nil }
        return (events.map(JournalEntry.init), capacity)
    }

    /// The events read with the line's replies (a link's own among them), and any that
    /// arrived since.
    package func changesSinceLastLine() throws(CLIError) -> [FollowedEvent] {
        client.hasBufferedEvent ? try arrivedChanges() : []
    }

    /// Runs a request, with its failure explained as ``explain`` says, else in the CLI's words.
    package func live<Value>(_ body: () throws(InspectorError) -> Value) throws(CLIError) -> Value {
        do {
            return try body()
        } catch {
            throw explain?(error) ?? .failure(error.description)
        }
    }
}

/// Runs a request to an attached app, with its failure in the CLI's words: an app that went
/// away mid-command is status 1 with the reason.
package func live<Value>(_ body: () throws(InspectorError) -> Value) throws(CLIError) -> Value {
    do {
        return try body()
    } catch {
        throw .failure(error.description)
    }
}

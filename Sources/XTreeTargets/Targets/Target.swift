import XTree
import XTreeArgumentParser
import XTreeInspectorClient
import XTreeJournal

/// What a command works on: a running app reached over its inspector (attached, or launched
/// for the command: the example apps too), or a snapshot any app wrote. Commands see only this.
@MainActor
package protocol Target: AnyObject {
    /// How `watch` names it: `the recipes app`, `'Book' (pid 12)`.
    var title: String { get }
    /// The forms of the links it takes, for help; empty when it does not say.
    var linkForms: [String] { get }
    /// The app's ``DeepLinkableApp`` type, if it names one: what a session it is given must name.
    var appType: AppTypeName? { get }
    /// The tree now.
    func snapshot() throws(CLIError) -> TreeSnapshot
    /// What `find` prints of a search of the tree now: made from a snapshot by default, in the
    /// app by an attached one (a requirement, so that the app's answer is the one used).
    func found(_ query: FindQuery) throws(CLIError) -> FoundAnswer
    /// Checks links before any is applied.
    func check(links: [String]) throws(CLIError)
    /// Applies one link: what it reached, or why it failed (the tree then unchanged). Throws
    /// when the target itself fails (an attached app that went away).
    func open(_ link: String, recording: Bool) async throws(CLIError) -> LinkResult

    /// Names a search could have meant besides the tree's: the protocols the app registered.
    var searchableNames: [String] { get }
    /// The links the app's ``LinkHolder``s held when it last gave its tree, by holder: app
    /// text, escaped where printed.
    var held: [HeldLink] { get }

    /// Starts following its events, for `watch`, `replay` and `web`.
    func startWatching() throws(CLIError)
    /// Where events the app makes by itself arrive, to wait on, if they do.
    var changeDescriptor: Int32? { get }
    /// Whether an event has arrived and waits to be taken.
    var hasArrivedChange: Bool { get }
    /// The events that have arrived, links' among them.
    func arrivedChanges() throws(CLIError) -> [FollowedEvent]
    /// Every event since the last call, after a line of `watch`.
    func changesSinceLastLine() throws(CLIError) -> [FollowedEvent]
    /// The `watch` commands the target adds, by name, with their help.
    var watchCommands: [(name: String, help: String)] { get }
    /// Runs a `watch` command the target added; returns what the app said, to escape and print.
    func runWatchCommand(_ name: String) throws(CLIError) -> String?

    /// The events the app's journal keeps after `sequence`, as the web page lists them, and
    /// how many it keeps; `nil` when the target keeps none.
    func journal(after sequence: Int) throws(CLIError) -> (entries: [JournalEntry], capacity: Int)?

    /// Why searches cannot be traced (an applier that makes none), or `nil`.
    var untraceableReason: String? { get }

    /// Finishes after the links (an example app saves its state as it stops).
    func finish() throws(CLIError)
}

/// What applying a link did.
package enum LinkResult {
    case reached(OpenedLink)
    case failed(String)
}

/// A link applied: the link as the target writes it, how it was applied, the searches it
/// made when recording, and where it ended, found when asked (after later links, if any).
package struct OpenedLink {
    package let link: String
    package let applier: String
    package let traces: [SearchTrace]
    package let locate: @MainActor () -> (snapshot: TreeSnapshot, path: [Int])
}

extension Target {
    package func check(links: [String]) throws(CLIError) {}
    package var linkForms: [String] { [] }
    package var appType: AppTypeName? { nil }
    package var searchableNames: [String] { [] }
    package var held: [HeldLink] { [] }
    package var changeDescriptor: Int32? { nil }
    package var hasArrivedChange: Bool { false }
    package func arrivedChanges() throws(CLIError) -> [FollowedEvent] { [] }
    package var watchCommands: [(name: String, help: String)] { [] }
    package func runWatchCommand(_ name: String) throws(CLIError) -> String? { nil }
    package var untraceableReason: String? { nil }
    package func journal(after sequence: Int) throws(CLIError) -> (entries: [JournalEntry], capacity: Int)? { nil }
    package func finish() throws(CLIError) {}

    /// Searches the tree by name: the answer `find` prints, made from the tree now.
    package func found(_ query: FindQuery) throws(CLIError) -> FoundAnswer {
        FoundAnswer(
            searching: try snapshot(), forName: query.name, conditions: query.conditions, all: query.all,
            shown: query.shown, knownNames: searchableNames)
    }

    /// Applies links in order, stopping at the first that fails; `afterEach` gets each link
    /// applied. Returns the last link applied and the failure, for the caller to report
    /// after printing the (unchanged) tree.
    package func apply(
        _ links: [String], recording: Bool = false, afterEach: (OpenedLink) -> Void = { _ in }
    ) async throws(CLIError) -> (last: OpenedLink?, failure: CLIError?) {
        try check(links: links)
        var last: OpenedLink?
        for (index, link) in links.enumerated() {
            switch try await open(link, recording: recording) {
            case .reached(let opened):
                last = opened
                afterEach(opened)
            case .failed(let reason):
                let skipped = links.count - index - 1
                let note = skipped == 0 ? "" : " (\(skipped) later link\(skipped == 1 ? "" : "s") not applied)"
                return (last, .failure(reason + note))
            }
        }
        return (last, nil)
    }

    /// The tree with the path `last` reached highlighted, or the tree now.
    package func located(_ last: OpenedLink?) throws(CLIError) -> (snapshot: TreeSnapshot, path: [Int]) {
        if let last { return last.locate() }
        return (try snapshot(), [])
    }
}

/// One event of an app's journal as the web page lists it.
package struct JournalEntry: Encodable {
    package let sequence: Int
    /// The line `log` prints for it.
    package let summary: String
    /// `failed` or `unchanged` for such a link, which the page shows in a colour of its own.
    package var flag: String?

    package init(_ event: JournalEvent) {
        sequence = event.sequence
        summary = event.summary
        flag = event.flag
    }
}

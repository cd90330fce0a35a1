import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspector
import XTreeRoutes
import XTreeTargets

struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "why",
        summary: "Say where a link would end, or why it would not, without applying it.",
        discussion: """
            Reads LINK with the app's route table (its DeepLinkableApp type is a RoutedApp) to
            its form, the type it must end on and the attribute its value picks, and searches
            the tree for that object breadth first, as find does, without applying the link: no
            handler runs, and nothing in the app changes. Prints the object and its path, or
            the nearest nodes and why each was passed over; the status is 1 if nothing in the
            tree would receive it now. A running app (--attach, --launch) is asked to do it with
            its own router where its DeepLinkableApp type gives one (route(_:in:): the app's parse
            of the link, and the handler its own search would choose now, or the holder that
            would keep it), else with its table; for a link of no form it declares, what the
            link's last application in its journal did is printed, with the app's explanation.
            """,
        roles: [.starting]
    )

    @Argument(value: "LINK", help: "The link to explain.")
    var link: String
    @Flag(name: "trace", help: "Print every visited node when nothing would receive the link.")
    var trace: Bool
    @OptionGroup var target: TargetOptions
    @Option(name: "format", help: "Output format (default text).")
    var format: Format = .text

    enum Format: String, CaseIterable {
        case text, json
    }

    func run(_ context: Context) async throws(CLIError) {
        let result: WhyResult
        let answer: FoundAnswer
        let query: (WhyResult) -> FindQuery = {
            FindQuery(name: $0.receiver, conditions: $0.conditions, tracesAll: self.trace)
        }
        let shown = FindQuery(name: "", conditions: [], tracesAll: trace).shown
        // An entry is said in words first: its text form is for tools.
        if format != .json, let entry = Entry(link) {
            context.console.out("\(TerminalText.escaped(link)) is \(TerminalText.escaped(entry.summary))\n")
        }
        if target.snapshot == nil {
            // A running app, or the example app in a child: its inspector answers.
            let attached = try context.runningOrExample(target.attach)
            do {
                switch try attached.client.whyAnswer(link, shown: shown) {
                case .answer(let said, let found): (result, answer) = (said, found)
                case .traced(let said, let trace, let snapshot):
                    // The receiver is the app's own declaration, never a slip to suggest a name for.
                    result = said
                    answer = query(said).answer(
                        trace, in: snapshot, knownNames: attached.searchableNames + [said.receiver])
                }
            } catch {
                // A link of no declared form: what its last application did, if the app's
                // journal still holds it.
                if case .refused = error, let past = try? attached.client.journalEvents().events {
                    Self.printLastApplication(of: link, in: past, console: context.console)
                }
                // The example app's child is this tool: its refusal is said as its own.
                if attached.exampleTitle != nil, case .refused(let reason) = error { throw .failure(reason) }
                throw .failure(TerminalText.escaped(error.description))
            }
        } else {
            // A snapshot's tree, with the example app's route table; the snapshot refuses the
            // app's options before they are read.
            let tree = try context.target(target)
            let app = try context.startApp()
            let snapshot = try tree.snapshot()
            let explanation = try Self.explain(link, app: app, in: snapshot)
            result = WhyResult(
                form: explanation.form, receiver: explanation.receiver, conditions: explanation.conditions)
            answer = query(result).answer(
                explanation.trace, in: snapshot, knownNames: tree.searchableNames + [result.receiver])
        }
        if format == .json {
            return try query(result).reportJSON(
                answer, console: context.console, why: (link, result.form, result.receiver, result.heldBy))
        }
        let condition =
            result.conditions.isEmpty ? "" : " with " + result.conditions.map(\.description).joined(separator: " ")
        let (escapedLink, form) = (TerminalText.escaped(link), TerminalText.escaped(result.form))
        if result.router != true {
            context.console.out(
                "\(escapedLink) is of the form \(form): it ends on a "
                    + "\(TerminalText.escaped(result.receiver))\(TerminalText.escaped(condition)); nothing was applied\n"
            )
        } else if let holder = result.heldBy {
            // Held, as `open` would hold it: delivered once the app can handle it.
            context.console.out(
                "\(escapedLink) is the app's route \(form): \(TerminalText.escaped(holder)) would hold it until the "
                    + "app can handle it; nothing was applied\n")
            return
        } else {
            context.console.out(
                "\(escapedLink) is the app's route \(form): its router looks for a "
                    + "\(TerminalText.escaped(result.receiver)) that can handle it; nothing was applied\n")
        }
        try query(result).report(answer, console: context.console)
    }

    /// The last application of `link` among `events`, as the journal tells it: what it reached
    /// or why it failed, and the explanation the app made then. Nothing if none is kept.
    private static func printLastApplication(of link: String, in events: [JournalEvent], console: Console) {
        for event in events.reversed() {
            guard case .link(let applied) = event.kind, applied.url == link else { continue }
            var lines = ["\(TerminalText.escaped(link)) was last applied in event \(event.sequence):"]
            if let error = applied.error {
                lines.append("  failed: " + TerminalText.escaped(error))
            } else if applied.reached.isEmpty {
                lines.append("  it reached nothing in the tree")
            } else {
                lines.append(
                    "  reached: "
                        + applied.reached.map { TerminalText.escaped("\($0.type) #\($0.id)") }.joined(separator: " > "))
            }
            lines += (applied.explanation ?? []).map { "  " + TerminalText.escaped($0) }
            console.out(lines.joined(separator: "\n") + "\n")
            return
        }
    }

    /// The example app's table's answer.
    private static func explain<App: EmbeddedApp>(
        _ link: String, app: App, in snapshot: TreeSnapshot
    ) throws(CLIError) -> LinkExplanation {
        guard let routed = App.Definition.self as? any RoutedApp.Type else {
            throw .failure(
                "\(App.title) declares no route table (RoutedApp), so where a link would go cannot be told without "
                    + "applying it; 'open --trace' applies it and shows its searches")
        }
        return try explain(link, routed, in: snapshot)
    }

    private static func explain<Routed: RoutedApp>(
        _ link: String, _ app: Routed.Type, in snapshot: TreeSnapshot
    ) throws(CLIError) -> LinkExplanation {
        do {
            return try app.routes.why(link, in: snapshot)
        } catch {
            throw .failure(TerminalText.escaped(error.description))
        }
    }
}

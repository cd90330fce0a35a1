import Foundation
import RecipesDomain
import XTree
import XTreeInspector

extension Command {
    static let tree = Command(
        spec: CommandSpec(
            name: "tree",
            options: [
                .open, .approach,
                OptionSpec(name: "depth", value: "N", help: "Show nodes down to depth N (text only)."),
                OptionSpec(name: "max-nodes", value: "N", help: "Show at most N nodes (text only)."),
                .format,
                OptionSpec(name: "restore", value: "STATE.json", help: "Restore a saved navigation state first."),
                OptionSpec(name: "save-state", value: "STATE.json", help: "Save the navigation state at the end."),
                .catalog, .snapshot, .attach,
            ],
            positionals: 0...0
        ),
        summary: "Print the tree (the default command).",
        usage: "tree [--open URL]... [--depth N] [--max-nodes N] [--format text|json|dot|mermaid] "
            + "[--restore STATE.json] [--save-state STATE.json] [--snapshot FILE|- | --attach APP]",
        discussion: """
            Starts the app, restores --restore, applies every --open link in order, and prints the
            tree with the last link's path highlighted; or prints the tree of --snapshot, or of the
            running app --attach names. JSON output is a snapshot for 'diff', 'find --snapshot' and
            'tree --snapshot'.
            """
    ) { arguments, context throws(CLIError) in
        let format = try arguments.choice("format", as: Format.self) ?? .text
        let maxDepth = try arguments.integer("depth", minimum: 0)
        let maxNodes = try arguments.integer("max-nodes", minimum: 1)
        if format != .text, maxDepth != nil || maxNodes != nil {
            throw .usage("--depth and --max-nodes apply to --format text only", command: "tree")
        }
        let approach = try arguments.choice("approach", as: DeepLinkApproach.self) ?? .search
        let links = try context.links(arguments.all("open"))
        let home: DefaultHomeCoordinator
        switch try context.target(of: arguments) {
        case .snapshot(let snapshot):
            context.render(snapshot, format: format, maxDepth: maxDepth, maxNodes: maxNodes)
            return
        case .attached(let client):
            context.render(
                try live { () throws(InspectorError) in try client.snapshot() }, format: format, maxDepth: maxDepth,
                maxNodes: maxNodes)
            return
        case .app(let app):
            home = app
        }
        if let path = arguments.path("restore") {
            let state = try context.state(from: path)
            do {
                try await home.restore(state)
            } catch {
                throw .failure("cannot restore \(path): \("\(error)")")
            }
        }
        let (outcomes, failure) = await apply(links, to: home, approach: approach)
        let (snapshot, path) = context.located(outcomes.last, in: home)
        context.render(snapshot, format: format, highlighted: path, maxDepth: maxDepth, maxNodes: maxNodes)
        if let failure { throw failure }
        if let path = arguments.path("save-state") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try context.write(try encoder.encode(NavigationState(of: home)), to: path, what: "state")
            } catch let error as CLIError {
                throw error
            } catch {
                throw .failure("cannot encode state: \(error)")
            }
        }
    }

    /// Applies links in order through a navigation queue, stopping at the first that fails;
    /// returns what each applied link did and the failure, for the caller to report after
    /// printing the (unchanged) tree. With `recording`, `afterEach` also gets the traces of
    /// every search the link made, recorded around the app's own handler.
    static func apply(
        _ links: [DeepLink],
        to home: any HomeCoordinator,
        approach: DeepLinkApproach,
        recording: Bool = false,
        afterEach: (DeepLinkOutcome, [SearchTrace]) -> Void = { _, _ in }
    ) async -> (outcomes: [DeepLinkOutcome], failure: CLIError?) {
        let queue = NavigationQueue(home: home, approach: approach)
        var outcomes: [DeepLinkOutcome] = []
        for (index, link) in links.enumerated() {
            do {
                let (outcome, traces) =
                    recording
                    ? try await withSearchRecording { try await queue.enqueue(link).value }
                    : (try await queue.enqueue(link).value, [])
                outcomes.append(outcome)
                afterEach(outcome, traces)
            } catch {
                let skipped = links.count - index - 1
                let note = skipped == 0 ? "" : " (\(skipped) later link\(skipped == 1 ? "" : "s") not applied)"
                return (outcomes, .failure("\(error)" + note))
            }
        }
        return (outcomes, nil)
    }
}

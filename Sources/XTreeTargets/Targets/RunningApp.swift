import XTree
import XTreeArgumentParser
import XTreeInspectorClient

/// An app a command applies links to over its inspector: launched for the command (each case
/// then from a fresh root, in a new child after one that crashed) or attached as it runs.
@MainActor
package struct RunningApp {
    /// The app as it was when the command started.
    package let target: AttachedTarget
    package let launched: LaunchedApp?

    /// The app's client as it started: its name, type, link examples and sample values.
    package var client: InspectorClient { target.client }

    /// `'Recipes' (pid 12, RecipesDomain.RecipesApp)`: the app as a command announces it.
    /// `the recipes app`, or `'Recipes'`: the app as a sentence names it.
    package var name: String {
        target.example.map { type(of: $0).title } ?? TerminalText.quoted(client.app.name)
    }

    package var title: String {
        if let example = target.example { return type(of: example).title + (client.appType.map { " (\($0))" } ?? "") }
        return "\(TerminalText.quoted(client.app.name)) (pid \(client.app.pid)"
            + (client.appType.map { ", \($0))" } ?? ")")
    }

    /// Applies `link`, without its searches' steps: in a launched app from a fresh root, in an
    /// attached one from its start if `restoring`, else where the link before left it. Fails
    /// with the app's refusal, or with how the child ended.
    package func open(
        _ link: String, restoring: Bool = false
    ) -> Result<(result: OpenResult, snapshot: TreeSnapshot), LaunchedApp.CaseFailure> {
        if let launched {
            return launched.runCase { client throws(InspectorError) in try client.open(link, traces: false) }
        }
        return Result { () throws(InspectorError) in
            if restoring { _ = try client.restore(to: 0) }
            return try client.open(link, traces: false)
        }
        .mapError { LaunchedApp.CaseFailure(description: $0.description) }
    }
}

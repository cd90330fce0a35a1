import XTree
import XTreeArgumentParser
import XTreeInspectorClient

/// How commands that apply one link per case (`check`, `links`) name and use an app.
extension AttachedTarget {
    /// `the recipes app`, or `'Recipes'`: the app as a sentence names it.
    package var name: String {
        exampleTitle ?? TerminalText.quoted(client.app.name)
    }

    /// `'Recipes' (pid 12, RecipesDomain.RecipesApp)`, or `the recipes app
    /// (RecipesDomain.RecipesApp)`: the app as a command announces it.
    package var announced: String {
        if let exampleTitle { return exampleTitle + (client.appType.map { " (\($0))" } ?? "") }
        return "\(TerminalText.quoted(client.app.name)) (pid \(client.app.pid)"
            + (client.appType.map { ", \($0))" } ?? ")")
    }

    /// Applies `link`, without its searches' steps: in a launched app from a fresh root, in an
    /// attached one from its start if `restoring`, else where the link before left it; answered
    /// with where it ended and the type names in the tree, not the tree. Fails with the app's
    /// refusal, or with how the child ended.
    package func open(
        _ link: String, restoring: Bool = false
    ) -> Result<InspectorClient.OpenAnswer, LaunchedApp.CaseFailure> {
        if let launched {
            return launched.runCase { client throws(InspectorError) in try client.openAnswer(link, types: true) }
        }
        return Result { () throws(InspectorError) in
            if restoring { _ = try client.restore(to: 0) }
            return try client.openAnswer(link, types: true)
        }
        .mapError { LaunchedApp.CaseFailure(description: $0.description) }
    }
}

import XTree
import XTreeDebugger
import XTreeRoutes
import XTreeSupport

/// What an inspector knows of the app's ``DeepLinkableApp`` type: its name, which recorded
/// sessions carry so that a test can rebuild the app, and the links it says it takes.
package struct AppDefinition: Sendable {
    /// The type's module and name; `nil` if no generated test could name it (a nested,
    /// generic or local type).
    package let typeName: AppTypeName?
    package let linkExamples: [LinkExample]
    package let sampleValues: [String]
    package let sampleLinks: [LinkExample]
    /// When a link the app opened has landed (``DeepLinkableApp/linkLanding``).
    package let landing: LinkLanding
    /// Makes the app as it is at launch, where the inspector owns the app's root (an app
    /// launched for the CLI, ``Inspector/serve(_:name:)``): a restore to the start then makes a
    /// fresh root instead of restoring a captured state. `nil` where the app holds its root.
    package let makeRoot: (@MainActor @Sendable () -> any DeepLinkable)?
    /// Applies a link to a root of the app's type with the type's ``DeepLinkableApp/open(_:in:)``.
    package var open: @MainActor @Sendable (String, any DeepLinkable) async throws -> any DeepLinkable
    /// Where a link would end on a tree, without applying it, where the type declares its
    /// links in a route table (``RoutedApp``).
    package let why: (@Sendable (String, TreeSnapshot) throws(RouteError) -> LinkExplanation)?
    /// What a link of the route table must end on, read from the link alone, for a `why`
    /// answered by a search of the live view.
    package let ending: (@Sendable (String) throws(RouteError) -> WhyResult)?
    /// Where the app's own router would send a link now (``DeepLinkableApp/route(_:in:)``).
    package let route: @MainActor @Sendable (String, any DeepLinkable) -> LinkRoute
    /// The type's ``DeepLinkableApp/actions``, each run on a root of the type.
    package let actions: [(description: InspectorReply.ActionDescription, run: AnyAction)]
    package typealias AnyAction = @MainActor @Sendable (any DeepLinkable) -> String?
    /// The app's own check (XTreeReachability's `CheckedApp`), run inside the app for `check`.
    package var check: SelfCheck?

    @MainActor
    ///
    /// - Parameters:
    ///   - ownsRoot: Whether the inspector makes the root (``makeRoot``).
    ///   - named: `false` for an app that is not as the type makes it (an example app started
    ///     with options that change it): sessions then name no type, so no test is made from it.
    package init<App: DeepLinkableApp>(_ app: App.Type, ownsRoot: Bool = false, named: Bool = true) {
        typeName = named ? AppTypeName(of: app) : nil
        linkExamples = app.linkExamples
        sampleValues = app.sampleValues
        sampleLinks = app.sampleLinks
        landing = app.linkLanding
        check = (app as? any SelfCheckingApp.Type)?.selfCheck
        if ownsRoot {
            makeRoot = { @MainActor () -> any DeepLinkable in app.makeRoot() }
        } else {
            makeRoot = nil
        }
        why = (app as? any RoutedApp.Type).map { Self.explainer(of: $0) }
        ending = (app as? any RoutedApp.Type).map { Self.ending(of: $0) }
        route = { link, root in
            guard let root = root as? App.Root else { preconditionFailure("a root of another type than \(App.self)'s") }
            return app.route(link, in: root)
        }
        open = { link, root in
            guard let root = root as? App.Root else { preconditionFailure("a root of another type than \(App.self)'s") }
            return try await app.open(link, in: root)
        }
        actions = app.actions.map { action in
            let run: AnyAction = { root in
                guard let root = root as? App.Root else {
                    preconditionFailure("a root of another type than \(App.self)'s")
                }
                return action.run(root)
            }
            return (InspectorReply.ActionDescription(name: action.name, help: action.help), run)
        }
    }

    /// The ending of a link of a type's route table.
    @MainActor
    private static func ending<App: RoutedApp>(
        of app: App.Type
    ) -> @Sendable (String) throws(RouteError) -> WhyResult {
        let routes = app.routes
        return { link throws(RouteError) in
            let (form, receiver, conditions) = try routes.ending(of: link)
            return WhyResult(form: form, receiver: receiver, conditions: conditions)
        }
    }

    /// The `why` of a type's route table.
    @MainActor
    private static func explainer<App: RoutedApp>(
        of app: App.Type
    ) -> @Sendable (String, TreeSnapshot) throws(RouteError) -> LinkExplanation {
        let routes = app.routes
        return { link, snapshot throws(RouteError) in try routes.why(link, in: snapshot) }
    }

    /// Gives the debugger's `why` the app's router and route table, or takes them away.
    @MainActor
    static func registerForDebugger(_ definition: AppDefinition?, hub: WatchHub) {
        DebuggerView.shared.why.withLock { $0 = definition?.why }
        var route: (@MainActor @Sendable (String) -> LinkRoute)?
        if let definition {
            route = { [weak hub] link in
                guard let hub else { return .notGiven }
                return definition.route(link, hub.root)
            }
        }
        DebuggerView.shared.route.withLock { $0 = route }
    }
}

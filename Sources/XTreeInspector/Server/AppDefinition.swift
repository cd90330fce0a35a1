import XTree

/// What an inspector knows of the app's ``DeepLinkableApp`` type: its name, which recorded
/// sessions carry so that a test can rebuild the app, and the links it says it takes.
package struct AppDefinition: Sendable {
    /// The type's module and name; `nil` if no generated test could name it (a nested,
    /// generic or local type).
    package let typeName: AppTypeName?
    package let linkExamples: [LinkExample]
    package let sampleValues: [String]

    @MainActor
    package init<App: DeepLinkableApp>(_ app: App.Type) {
        typeName = AppTypeName(of: app)
        linkExamples = app.linkExamples
        sampleValues = app.sampleValues
    }
}

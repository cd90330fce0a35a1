import XTreeSnapshot

extension InspectorClient {
    /// A client on a connection already made, that has said hello, holding `tree` as a
    /// watcher does: for tests whose peer plays the app.
    package convenience init(testingOn connection: Connection, app: InspectableApp, watching tree: TreeSnapshot) {
        self.init(app: app, connection: connection)
        watched = TreeModel(tree)
    }
}

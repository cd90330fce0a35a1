import XTreeInspector
import XTreeJournal
import XTreeSnapshot

extension InspectorClient {
    /// A client on a connection already made, that has said hello, holding `tree` as a
    /// follower does: for tests whose peer plays the app.
    package convenience init(testingOn connection: Connection, app: InspectableApp, following tree: TreeSnapshot) {
        self.init(app: app, connection: connection)
        followed = EventTree(tree)
    }
}

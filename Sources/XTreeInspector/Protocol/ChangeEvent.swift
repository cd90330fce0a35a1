import XTree
import XTreeJournal

/// What changed in an attached app: the announcements of a short window, coalesced; or
/// objects that left the tree and are still alive after the grace period.
public struct ChangeEvent: Codable, Sendable, Hashable {
    /// How many announcements (`objectWillChange`, Observation) arrived.
    public var notifications: Int
    /// From how many objects.
    public var objects: Int
    /// The tree after, against the tree before.
    public var diff: TreeDiff
    /// The same change by ids, which the tree before and this make the tree after; `nil` for
    /// an event made without it.
    public var edit: TreeEdit?
    /// The objects still alive a grace period after they left the tree; `nil` for changes.
    public var outlived: [JournalEvent.Outlived]?

    /// Creates an event.
    public init(
        notifications: Int, objects: Int, diff: TreeDiff, edit: TreeEdit? = nil,
        outlived: [JournalEvent.Outlived]? = nil
    ) {
        self.notifications = notifications
        self.objects = objects
        self.diff = diff
        self.edit = edit
        self.outlived = outlived
    }
}

/// A watcher's change as the app sends it: the edit by ids, which the client applies to the
/// tree it holds to make the ``ChangeEvent``.
package struct ChangeRecord: Codable, Sendable, Hashable {
    package var notifications: Int
    package var objects: Int
    package var edit: TreeEdit
    package var outlived: [JournalEvent.Outlived]?

    package init(notifications: Int, objects: Int, edit: TreeEdit, outlived: [JournalEvent.Outlived]?) {
        self.notifications = notifications
        self.objects = objects
        self.edit = edit
        self.outlived = outlived
    }
}

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
    /// The objects still alive a grace period after they left the tree; `nil` for changes.
    public var outlived: [JournalEvent.Outlived]?

    /// Creates an event.
    public init(notifications: Int, objects: Int, diff: TreeDiff, outlived: [JournalEvent.Outlived]? = nil) {
        self.notifications = notifications
        self.objects = objects
        self.diff = diff
        self.outlived = outlived
    }
}

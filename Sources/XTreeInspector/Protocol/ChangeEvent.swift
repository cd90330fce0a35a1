import XTree

/// What changed in an attached app: the announcements of a short window, coalesced.
public struct ChangeEvent: Codable, Sendable, Hashable {
    /// How many announcements (`objectWillChange`, Observation) arrived.
    public var notifications: Int
    /// From how many objects.
    public var objects: Int
    /// The tree after, against the tree before.
    public var diff: TreeDiff

    /// Creates an event.
    public init(notifications: Int, objects: Int, diff: TreeDiff) {
        self.notifications = notifications
        self.objects = objects
        self.diff = diff
    }
}

import XTree

/// What returning an attached app to an earlier event's state did (`xtree-cli restore`).
public struct RestoreResult: Codable, Sendable, Hashable {
    /// The event whose state the app was returned to; 0 for the start.
    public var to: Int
    /// The restore's own event in the journal.
    public var event: Int
    /// How long the app took to restore the state, in seconds.
    public var duration: Double
    /// The app's error, described, if restoring threw.
    public var error: String?
    /// The tree now against the tree recorded after event ``to``: empty when the app is
    /// exactly as it was then.
    public var difference: TreeDiff

    /// Creates a result.
    public init(to: Int, event: Int, duration: Double, error: String?, difference: TreeDiff) {
        self.to = to
        self.event = event
        self.duration = duration
        self.error = error
        self.difference = difference
    }
}

import XTree

/// What an attached app's link handler did.
public struct OpenResult: Codable, Sendable, Hashable {
    /// The trace of every search the handler made, in the order they ended.
    public var traces: [SearchTrace]
    /// The handler's error, described, if it threw.
    public var error: String?
    /// Breadth-first numbers from the root to the object the link ended on, in the snapshot
    /// taken after it; empty if the handler threw or returned nothing in the tree.
    public var path: [Int]
    /// For a client that follows the journal: the link's event, sent before the reply, whose
    /// edit takes the tree the client holds to the tree after the link (no tree is sent).
    public var event: Int?
    /// For a client that asked for the answer alone: the nodes from the root to the object the
    /// link ended on, numbered as in a snapshot after it (no tree is sent); empty as `path` is.
    /// `nil` when the tree was sent, as an app of an earlier build always sends it.
    public var reached: [TreeSnapshot.Node]?
    /// With ``reached``, where the client asked for them: the type names in the tree after the
    /// link, each once.
    public var types: [String]?
    /// What the link made appear: the nodes its edit added (the screens a coordinator showed,
    /// waited for where the app's links land later), in the edit's order, at most
    /// ``maximumAppeared``; `nil` from an app that does not observe its tree, or of an earlier
    /// build.
    public var appeared: [TreeEdit.Node]?

    /// The most nodes ``appeared`` holds.
    public static let maximumAppeared = 16

    /// Creates a result.
    public init(traces: [SearchTrace], error: String?, path: [Int], event: Int? = nil) {
        self.traces = traces
        self.error = error
        self.path = path
        self.event = event
    }
}

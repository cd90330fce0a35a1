import XTree
import XTreeSnapshot

extension WatchHub {
    /// What applying a link did.
    struct Applied: Sendable {
        /// The handler's error, described.
        var error: String?
        /// The searches it made, if traced.
        var traces: [SearchTrace]
        /// The tree after it, and the path it reached there; `nil` if nobody asked for the
        /// tree and no journal keeps it.
        var snapshot: TreeSnapshot?
        var path: [Int]
        /// The link's journal event, if the tree is observed.
        var sequence: Int?
        /// Where it ended, from the live view, where the answer alone was asked for and the
        /// view can number the tree: the path's nodes, and the type names in the tree if asked.
        var answer: (path: [TreeSnapshot.Node], types: [String])?
        /// What the link added to the tree, from its edit (at most
        /// ``OpenResult/maximumAppeared``); `nil` where the tree is not observed.
        var appeared: [TreeEdit.Node]?
    }
}

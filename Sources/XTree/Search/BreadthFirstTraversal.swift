import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// One object met by a breadth-first traversal, with where it was met.
@MainActor
public struct BreadthFirstVisit {
    /// The object.
    public let node: any DeepLinkable
    /// Its distance from the start node, which has depth 0.
    public let depth: Int
    /// Its breadth-first number: the start node is 0, then its children in order, and so on.
    public let order: Int
    /// The breadth-first number of the object whose `children` led to this one first, or
    /// `nil` for the start node.
    public let parentOrder: Int?
    /// How many children were queued but not yet met just before this visit, this one
    /// included: the size of the search's frontier. Objects are marked visited when first
    /// met, so an object listed by several parents counts once per listing until it is met.
    public let frontier: Int
}

/// A breadth-first walk over every object reachable from a start node, each visited once.
///
/// The start node comes first, then its children in declaration order, then their
/// children, and so on. An object reached a second time, through a cycle back to an
/// ancestor or through a second parent, is not visited again. Children are asked for
/// lazily: a node's `children` are read just before the node after it is produced, so a
/// search that stops at a match never reads the match's children.
///
/// The walk is iterative and uses constant stack depth however deep the tree is. It reads
/// the `children` arrays in place, and holding them keeps every visited object alive until
/// the traversal is dropped, so an object's identity cannot be reused by a new object while
/// the walk is under way.
///
/// - Complexity: O(*n* + *e*) time for *n* reachable objects and *e* child links; memory
///   proportional to *n* for the visited set plus one entry per object with children.
@MainActor
public struct BreadthFirstTraversal: @MainActor Sequence, @MainActor IteratorProtocol {
    /// The walk, which owns its visited set: copies of a traversal share it, and go on from
    /// where the other left off.
    @MainActor
    private final class Walk {
        var core: BreadthFirstCore<AddressBitmap>
        var largestFrontier = 1

        init(root: any DeepLinkable) {
            core = BreadthFirstCore(root: root)
        }
    }

    private let walk: Walk

    /// The number of objects visited so far.
    public var visitedCount: Int { walk.core.visited }

    /// The largest ``BreadthFirstVisit/frontier`` so far.
    public var largestFrontier: Int { walk.largestFrontier }

    /// Creates a traversal that starts at `root`.
    public init(root: any DeepLinkable) {
        walk = Walk(root: root)
    }

    /// Returns the next object in breadth-first order, or `nil` when every reachable object
    /// has been visited.
    public mutating func next() -> BreadthFirstVisit? {
        guard let visit = walk.core.nextVisit() else { return nil }
        let frontier = walk.core.pending &+ 1
        walk.largestFrontier = Swift.max(walk.largestFrontier, frontier)
        return BreadthFirstVisit(
            node: visit.node,
            depth: walk.core.depth(ofArray: visit.array),
            order: visit.order,
            parentOrder: walk.core.parent(ofArray: visit.array),
            frontier: frontier
        )
    }
}

extension DeepLinkable {
    /// Every object reachable from this one, in breadth-first order, each visited once.
    ///
    /// ```swift
    /// for visit in home.breadthFirst() where visit.depth == 1 {
    ///     print(visit.order, type(of: visit.node))
    /// }
    /// ```
    ///
    /// - Returns: A lazy traversal that starts with this object.
    /// - Complexity: O(1) to create; O(*n* + *e*) to exhaust for *n* reachable objects and
    ///   *e* child links.
    public func breadthFirst() -> BreadthFirstTraversal {
        BreadthFirstTraversal(root: self)
    }
}

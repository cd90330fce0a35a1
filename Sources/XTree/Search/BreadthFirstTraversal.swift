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
    /// How many objects were discovered but not yet visited just before this visit, this
    /// one included: the size of the search's frontier.
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
/// The walk is iterative and uses constant stack depth however deep the tree is. Every
/// visited object is retained until the traversal is dropped, so its identity cannot be
/// reused by a new object while the walk is under way.
///
/// - Complexity: O(*n* + *e*) time for *n* reachable objects and *e* child links; memory
///   proportional to *n* for the visited set plus the largest frontier for the queue.
@MainActor
public struct BreadthFirstTraversal: @MainActor Sequence, @MainActor IteratorProtocol {
    private struct Entry {
        let node: any DeepLinkable
        let depth: Int
        let parentOrder: Int
    }

    // Entries are taken out of the queue (leaving nil) rather than copied, and the visited
    // prefix is dropped once it is half the queue, so the queue holds the frontier.
    private var queue: [Entry?]
    private var head = 0
    private var seen = IdentityTable()
    // Every visited object, kept alive so that no address in `seen` can be reused.
    private var visited: [any DeepLinkable] = []
    private var lastDepth = 0
    private var needsExpansion = false

    /// The number of objects visited so far.
    public var visitedCount: Int { visited.count }

    /// The largest number of discovered but not yet visited objects seen so far.
    public private(set) var largestFrontier = 1

    /// Creates a traversal that starts at `root`.
    public init(root: any DeepLinkable) {
        queue = [Entry(node: root, depth: 0, parentOrder: -1)]
        _ = seen.value(for: root, insertingIfAbsent: 0)
    }

    /// Returns the next object in breadth-first order, or `nil` when every reachable object
    /// has been visited.
    public mutating func next() -> BreadthFirstVisit? {
        if needsExpansion {
            needsExpansion = false
            let order = visited.count - 1
            for child in visited[order].children where seen.value(for: child, insertingIfAbsent: 0) == nil {
                queue.append(Entry(node: child, depth: lastDepth + 1, parentOrder: order))
            }
            largestFrontier = Swift.max(largestFrontier, queue.count - head)
        }
        guard head < queue.count, let entry = queue[head].take() else { return nil }
        let frontier = queue.count - head
        head += 1
        if head >= 1024, head * 2 >= queue.count {
            queue.removeSubrange(0..<head)
            head = 0
        }
        visited.append(entry.node)
        lastDepth = entry.depth
        needsExpansion = true
        return BreadthFirstVisit(
            node: entry.node,
            depth: entry.depth,
            order: visited.count - 1,
            parentOrder: entry.parentOrder < 0 ? nil : entry.parentOrder,
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

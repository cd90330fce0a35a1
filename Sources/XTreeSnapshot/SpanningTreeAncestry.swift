import XTreeEscaping

/// Which nodes are ancestors of which in the tree of `child` links, answered in O(1) from
/// the entry and exit times of one iterative depth-first walk.
package struct SpanningTreeAncestry {
    private var enter: [Int]
    private var exit: [Int]

    package init(_ columns: TreeSnapshot.Columns) {
        enter = [Int](repeating: 0, count: columns.count)
        exit = [Int](repeating: 0, count: columns.count)
        guard columns.count > 0 else { return }
        var clock = 0
        var stack: [(node: Int, nextLink: Int)] = [(0, columns.linkRange(of: 0).lowerBound)]
        while let top = stack.last {
            if top.nextLink < columns.linkRange(of: top.node).upperBound {
                stack[stack.count - 1].nextLink += 1
                let link = columns.links[top.nextLink]
                if TreeSnapshot.Columns.kind(link) == .child {
                    let child = TreeSnapshot.Columns.target(link)
                    clock += 1
                    enter[child] = clock
                    stack.append((child, columns.linkRange(of: child).lowerBound))
                }
            } else {
                clock += 1
                exit[top.node] = clock
                stack.removeLast()
            }
        }
    }

    /// Whether `ancestor` is `node` or above it.
    package func isAncestor(_ ancestor: Int, ofOrEqualTo node: Int) -> Bool {
        enter[ancestor] <= enter[node] && exit[node] <= exit[ancestor]
    }
}

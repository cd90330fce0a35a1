import XTreeEscaping

extension TreeSnapshot {
    /// The fields of nodes as read, before they are known to form a snapshot: what the checks
    /// need that the columns cannot hold until then (any order, depth, parent or link target
    /// a file may give). `init(nodes:)` and the snapshot reader both fill one, with the
    /// columns of everything else, and ``check(_:_:)`` is the one judge of both.
    package struct UncheckedNodes {
        package var orders: [Int] = []
        package var depths: [Int] = []
        /// The parent of each node; meaningful where `hasParent` is true.
        package var parents: [Int] = []
        package var hasParent: [Bool] = []
        /// Where each node's links end in `linkTargets` and `linkKinds`.
        package var linkEnds: [Int] = []
        package var linkTargets: [Int] = []
        package var linkKinds: [LinkKind] = []
        /// The `order` of the first node past which the snapshot holds more than `UInt32.max`
        /// attributes, links or bytes of labels, if any.
        package var firstOverflow: Int?

        package var count: Int { orders.count }

        /// Makes room for `count` nodes and as many links.
        package mutating func reserveCapacity(_ count: Int) {
            orders.reserveCapacity(count)
            depths.reserveCapacity(count)
            parents.reserveCapacity(count)
            hasParent.reserveCapacity(count)
            linkEnds.reserveCapacity(count)
            linkTargets.reserveCapacity(count)
            linkKinds.reserveCapacity(count)
        }

        package init() {}

        /// The fields of `nodes`, whose other fields are in `Columns(nodes)`.
        package init(_ nodes: [Node]) {
            var attributeCount = 0
            var labelBytes = 0
            for node in nodes {
                orders.append(node.order)
                depths.append(node.depth)
                parents.append(node.parent ?? 0)
                hasParent.append(node.parent != nil)
                for link in node.links {
                    linkTargets.append(link.node)
                    linkKinds.append(link.kind)
                }
                linkEnds.append(linkTargets.count)
                attributeCount += node.attributes.count
                labelBytes += node.label.utf8.count
                noteCounts(attributes: attributeCount, labelBytes: labelBytes, order: node.order)
            }
        }

        /// Records the node of `order` as the first past a limit if the counts so far are.
        @inline(__always)
        package mutating func noteCounts(attributes: Int, labelBytes: Int, order: Int) {
            if firstOverflow == nil,
                attributes > UInt32.max || linkTargets.count > UInt32.max || labelBytes > UInt32.max
            {
                firstOverflow = order
            }
        }

        func linkRange(of node: Int) -> Range<Int> {
            (node == 0 ? 0 : linkEnds[node - 1])..<linkEnds[node]
        }
    }

    /// Checks that `nodes`, with the ids and attributes in `columns`, form a snapshot, and
    /// completes the columns from them.
    ///
    /// - Throws: ``TreeSnapshotError`` naming the first node that is inconsistent, in the
    ///   order of the checks: the count, the limits, each node in order (its order, id,
    ///   parent, depth, breadth-first place, attribute keys, then its links), the child links
    ///   to each node, and the kinds of repeated links.
    package static func check(_ nodes: UncheckedNodes, _ columns: inout Columns) throws(TreeSnapshotError) {
        try checkCounts(nodes)
        try checkNodes(nodes, columns)
        // Checked, every number fits its column.
        columns.parents = zip(nodes.parents, nodes.hasParent).map { $1 ? Int32(truncatingIfNeeded: $0) : -1 }
        columns.levelStarts = [0]
        for node in 1..<nodes.count where nodes.depths[node] != nodes.depths[node - 1] {
            columns.levelStarts.append(UInt32(truncatingIfNeeded: node))
        }
        columns.links = zip(nodes.linkTargets, nodes.linkKinds).map { Columns.packed($0, $1) }
        columns.linkEnds = nodes.linkEnds.map { UInt32(truncatingIfNeeded: $0) }
        try checkRepeatedLinks(columns)
    }

    /// Checks that there are nodes, and not more of them, their attributes, links and bytes
    /// of labels than the columns hold.
    package static func checkCounts(_ nodes: UncheckedNodes) throws(TreeSnapshotError) {
        guard nodes.count > 0 else { throw .empty }
        guard nodes.count <= Columns.maxCount else {
            throw .invalidNode(index: Columns.maxCount, problem: "a snapshot holds at most \(Columns.maxCount) nodes")
        }
        if let order = nodes.firstOverflow {
            throw .invalidNode(
                index: order,
                problem: "a snapshot holds at most \(UInt32.max) attributes, as many links and as many bytes of labels")
        }
    }

    private static func checkNodes(_ nodes: UncheckedNodes, _ columns: Columns) throws(TreeSnapshotError) {
        let count = nodes.count
        var packedIDs = Set<UInt64>()
        var textIDs = Set<String>()
        switch columns.ids {
        case .packed: packedIDs.reserveCapacity(count)
        case .text: textIDs.reserveCapacity(count)
        }
        var childLinksTo = [Int](repeating: 0, count: count)
        for index in 0..<count {
            func fail(_ problem: String) -> TreeSnapshotError { .invalidNode(index: index, problem: problem) }
            let order = nodes.orders[index]
            guard order == index else { throw fail("order is \(order) but the node is at index \(index)") }
            let unique: Bool =
                switch columns.ids {
                case .packed(let values): packedIDs.insert(values[index]).inserted
                case .text(let strings): textIDs.insert(strings[index]).inserted
                }
            guard unique else { throw fail("id '\(columns.ids[index])' is used by an earlier node") }
            let depth = nodes.depths[index]
            if nodes.hasParent[index] {
                let parent = nodes.parents[index]
                guard (0..<index).contains(parent) else {
                    throw fail("parent \(parent) is not an earlier node (0..<\(index))")
                }
                guard depth == nodes.depths[parent] + 1 else {
                    throw fail("depth \(depth) is not one more than its parent's \(nodes.depths[parent])")
                }
                // Breadth first: children come in the order of their parents.
                if index > 1, nodes.hasParent[index - 1], parent < nodes.parents[index - 1] {
                    throw fail(
                        "parent \(parent) comes before the previous node's parent \(nodes.parents[index - 1]); nodes must be in breadth-first order"
                    )
                }
            } else {
                guard index == 0 else { throw fail("only the root (node 0) may have no parent") }
                guard depth == 0 else { throw fail("the root's depth is \(depth), not 0") }
            }
            if let key = firstRepeatedKey(columns.attributes[columns.attributeRange(of: index)]) {
                throw fail("attribute '\(TerminalText.shortened(key))' is given twice; keys must be unique")
            }
            var lastChild = index
            for link in nodes.linkRange(of: index) {
                let target = nodes.linkTargets[link]
                guard (0..<count).contains(target) else {
                    throw fail("links to node \(target), but there are \(count) nodes")
                }
                guard nodes.linkKinds[link] == .child else { continue }
                guard nodes.hasParent[target], nodes.parents[target] == index else {
                    throw fail("has a child link to node \(target), whose parent is not \(index)")
                }
                guard target >= lastChild else {
                    throw fail("child links are not in breadth-first order: node \(target) after node \(lastChild)")
                }
                lastChild = target
                childLinksTo[target] += 1
            }
        }
        for index in 1..<count where childLinksTo[index] != 1 {
            throw .invalidNode(index: index, problem: "has \(childLinksTo[index]) child links to it; expected 1")
        }
    }

    /// Checks that a link back to the node or an ancestor is a cycle, and any other repeated
    /// link is shared.
    private static func checkRepeatedLinks(_ columns: Columns) throws(TreeSnapshotError) {
        let ancestry = SpanningTreeAncestry(columns)
        for index in 0..<columns.count {
            for link in columns.linkRange(of: index) {
                let kind = Columns.kind(columns.links[link])
                guard kind != .child else { continue }
                let target = Columns.target(columns.links[link])
                let toAncestor = ancestry.isAncestor(target, ofOrEqualTo: index)
                if kind == .shared, toAncestor {
                    throw .invalidNode(
                        index: index,
                        problem:
                            "has a shared link to node \(target), \(target == index ? "itself" : "an ancestor"); that is a cycle"
                    )
                }
                if kind == .cycle, !toAncestor {
                    throw .invalidNode(
                        index: index,
                        problem: "has a cycle link to node \(target), which is not an ancestor; that is shared")
                }
            }
        }
    }
}

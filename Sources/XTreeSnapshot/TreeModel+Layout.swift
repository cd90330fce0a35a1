/// The tree's shape as a snapshot's walk finds it: breadth first from the root, children in
/// declaration order, each node numbered where it is first reached.
extension TreeModel {
    package struct Layout: Sendable {
        /// Each slot's breadth-first number; -1 for a free slot.
        package var order: [Int32]
        /// The slot of each breadth-first number.
        package var slot: [Int32]
        /// Each node's depth, by number.
        package var depth: [Int32]
        /// Each node's parent's number, by number; -1 for the root.
        package var parent: [Int32]
    }

    /// Numbers the nodes breadth first.
    ///
    /// - Complexity: O(*n* + *e*), with no look-up by id.
    package func layout() -> Layout {
        var layout = Layout(
            order: [Int32](repeating: -1, count: entries.count), slot: [root], depth: [0], parent: [-1])
        layout.slot.reserveCapacity(count)
        layout.order[Int(root)] = 0
        var next = 0
        while next < layout.slot.count {
            let depth = layout.depth[next] + 1
            for child in entry(layout.slot[next]).children where layout.order[Int(child)] < 0 {
                layout.order[Int(child)] = Int32(truncatingIfNeeded: layout.slot.count)
                layout.slot.append(child)
                layout.depth.append(depth)
                layout.parent.append(Int32(truncatingIfNeeded: next))
            }
            next += 1
        }
        return layout
    }

    /// The node in `slot` as a snapshot of the tree has it.
    package func node(_ slot: Int32, in layout: Layout) -> TreeSnapshot.Node {
        let order = Int(layout.order[Int(slot)])
        let entry = entry(slot)
        // The first link to a node it reached first makes the child; any other is a cycle
        // (to itself or an ancestor) or shares a node shown elsewhere.
        // Children first reached here were numbered in list order: a later link to one of
        // them (the list names it twice) has a number no greater than the last child's.
        var lastChild = -1
        let links = entry.children.map { child -> TreeSnapshot.Link in
            let target = Int(layout.order[Int(child)])
            if layout.parent[target] == Int32(order), target > lastChild {
                lastChild = target
                return TreeSnapshot.Link(kind: .child, node: target)
            }
            var ancestor = order
            while ancestor >= 0, ancestor != target { ancestor = Int(layout.parent[ancestor]) }
            return TreeSnapshot.Link(kind: ancestor == target ? .cycle : .shared, node: target)
        }
        return TreeSnapshot.Node(
            id: entry.node.id, type: entry.node.type, label: entry.node.label, attributes: entry.node.attributes,
            depth: Int(layout.depth[order]), order: order, parent: order == 0 ? nil : Int(layout.parent[order]),
            links: links, names: entry.node.names, identity: entry.node.identity)
    }

    /// The tree as a snapshot.
    package func snapshot() -> TreeSnapshot {
        let layout = layout()
        return TreeSnapshot(validColumns: TreeSnapshot.Columns(layout.slot.map { node($0, in: layout) }))
    }
}

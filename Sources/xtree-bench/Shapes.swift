import XTree

/// A searchable protocol that no benchmark node conforms to, except `Marked`: the
/// protocol-typed receiver of the measurements.
@MainActor protocol Receiver: DeepLinkable {}

/// A plain node; its children are stored, so reading them is a witness call and a retain.
@MainActor class Node: DeepLinkable {
    var kids: [any DeepLinkable] = []
    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { "" }
    var nodeAttributes: [(key: String, value: String)] { [] }
}

/// The node searched for in the "last" measurement.
@MainActor final class Marked: Node, Receiver {}

/// The hierarchies measured.
enum Shape: String, CaseIterable, Sendable {
    /// Every node has four children.
    case tree4
    /// Each node has one child.
    case chain
    /// One root with every other node as its child.
    case star
    /// A 4-ary tree whose internal nodes also list two leaves from elsewhere in the tree:
    /// half as many extra links as nodes, all to nodes shown elsewhere.
    case dag
}

/// A built hierarchy: its root, and how many distinct objects it has.
@MainActor struct Hierarchy {
    let root: Node
    let count: Int
    /// Every node in breadth-first order, kept to release chains without recursion.
    private let nodes: [Node]

    /// Builds `shape` with `count` objects; with `markLast`, the last object in
    /// breadth-first order is a `Marked`.
    init(_ shape: Shape, count: Int, markLast: Bool) {
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        for index in 0..<count { nodes.append(markLast && index == count - 1 ? Marked() : Node()) }
        switch shape {
        case .tree4, .dag:
            for index in 1..<count { nodes[(index - 1) / 4].kids.append(nodes[index]) }
            if shape == .dag {
                let firstLeaf = (count - 2) / 4 + 1
                let leaves = count - firstLeaf
                for index in 0..<firstLeaf where leaves > 0 {
                    // Two deterministic, scattered leaves per internal node.
                    nodes[index].kids.append(nodes[firstLeaf + (index &* 7919) % leaves])
                    nodes[index].kids.append(nodes[firstLeaf + (index &* 104_729 &+ 1) % leaves])
                }
            }
        case .chain:
            for index in 1..<count { nodes[index - 1].kids = [nodes[index]] }
        case .star:
            nodes[0].kids = Array(nodes[1...])
        }
        root = nodes[0]
        self.count = count
        self.nodes = nodes
    }

    /// Unlinks every node, so that releasing a chain does not recurse once per node.
    func dismantle() {
        for node in nodes { node.kids = [] }
    }
}

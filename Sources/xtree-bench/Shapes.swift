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

/// Tags that make `Screen` 36 distinct dynamic types, as an app has a few dozen.
enum K0 {}
enum K1 {}
enum K2 {}
enum K3 {}
enum K4 {}
enum K5 {}

/// A realistic app's node: one of 36 types, 6 x 6.
@MainActor final class Screen<Area, Role>: Node {}

/// A realistic app's receiver type: one of the 36, halfway down the breadth-first order.
@MainActor final class MarkedScreen: Node, Receiver {}

/// A tree shaped like a large app's: a few dozen types, every node above depth 6 with two to
/// eight children (from a fixed pseudo-random sequence), `count` nodes in all.
@MainActor struct RealisticApp {
    let root: Node
    let types: Int

    init(count: Int) {
        let makers: [() -> Node] = [
            { Screen<K0, K0>() }, { Screen<K0, K1>() }, { Screen<K0, K2>() }, { Screen<K0, K3>() },
            { Screen<K0, K4>() }, { Screen<K0, K5>() }, { Screen<K1, K0>() }, { Screen<K1, K1>() },
            { Screen<K1, K2>() }, { Screen<K1, K3>() }, { Screen<K1, K4>() }, { Screen<K1, K5>() },
            { Screen<K2, K0>() }, { Screen<K2, K1>() }, { Screen<K2, K2>() }, { Screen<K2, K3>() },
            { Screen<K2, K4>() }, { Screen<K2, K5>() }, { Screen<K3, K0>() }, { Screen<K3, K1>() },
            { Screen<K3, K2>() }, { Screen<K3, K3>() }, { Screen<K3, K4>() }, { Screen<K3, K5>() },
            { Screen<K4, K0>() }, { Screen<K4, K1>() }, { Screen<K4, K2>() }, { Screen<K4, K3>() },
            { Screen<K4, K4>() }, { Screen<K4, K5>() }, { Screen<K5, K0>() }, { Screen<K5, K1>() },
            { Screen<K5, K2>() }, { Screen<K5, K3>() }, { Screen<K5, K4>() }, { Screen<K5, K5>() },
        ]
        types = makers.count
        var random: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        let root = makers[0]()
        var level: [Node] = [root]
        var made = 1
        var depth = 0
        while made < count, depth < 6 {
            var nextLevel: [Node] = []
            for parent in level where made < count {
                for _ in 0..<(2 + next(7)) where made < count {
                    let child = made == count / 2 ? MarkedScreen() : makers[next(makers.count)]()
                    parent.kids.append(child)
                    nextLevel.append(child)
                    made += 1
                }
            }
            level = nextLevel
            depth += 1
        }
        self.root = root
    }
}

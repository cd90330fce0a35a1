import Foundation
import XTreeEscaping
import XTreeSupport

/// An immutable picture of a live tree: every reachable object once, with its description
/// and its links.
///
/// Stored flat: `nodes` is in breadth-first order, and nodes refer to each other by index,
/// so a million-deep chain is as easy to encode, decode, render and compare as a small tree.
/// Snapshots are `Sendable` values: take one on the main actor, render or diff it anywhere.
///
/// ```swift
/// let snapshot = TreeSnapshot(of: home)
/// print(TextRenderer().rendered(snapshot))
/// ```
public struct TreeSnapshot: Sendable, Hashable {
    /// How a parent refers to a child.
    public enum LinkKind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The first link to the child: the child is shown under this parent.
        case child
        /// A link back to an ancestor of the parent, or to the parent itself.
        case cycle
        /// A link to an object already shown elsewhere, which is not an ancestor.
        case shared
    }

    /// One entry of a node's `children`, in declaration order.
    public struct Link: Sendable, Hashable, Codable {
        /// How the child is reached.
        public var kind: LinkKind
        /// The child's index in ``TreeSnapshot/nodes``.
        public var node: Int

        /// Creates a link.
        public init(kind: LinkKind, node: Int) {
            self.kind = kind
            self.node = node
        }
    }

    /// One key/value pair of a node's state.
    public struct Attribute: Sendable, Hashable, Codable {
        /// The name, such as `tab`.
        public var key: String
        /// The value, such as `veggie`.
        public var value: String

        /// Creates an attribute.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// One object of the tree.
    public struct Node: Sendable, Hashable, Codable {
        /// A short id derived from the path of types that leads to the node, the same in
        /// every run that builds the same tree, and unique within the snapshot.
        public var id: String
        /// The object's dynamic type name.
        public var type: String
        /// The object's `NodeDescribing.nodeLabel`.
        public var label: String
        /// The object's `NodeDescribing.nodeAttributes`.
        public var attributes: [Attribute]
        /// Distance from the root.
        public var depth: Int
        /// Breadth-first number, which is also the node's index in ``TreeSnapshot/nodes``.
        public var order: Int
        /// The index of the node through which the object was first reached; `nil` for the root.
        public var parent: Int?
        /// The object's children, in declaration order.
        public var links: [Link]
        /// The qualified names the node answers to in searches by name: its type, its
        /// superclasses, and the `SearchableProtocols` it conforms to. Empty in snapshots of
        /// format version 1.
        public var names: [String]
        /// The object's `NodeDescribing.nodeIdentity`, if it supplied one.
        public var identity: String?

        /// Creates a node; ``TreeSnapshot/init(nodes:)`` checks that nodes fit together.
        public init(
            id: String,
            type: String,
            label: String,
            attributes: [Attribute],
            depth: Int,
            order: Int,
            parent: Int?,
            links: [Link],
            names: [String] = [],
            identity: String? = nil
        ) {
            self.names = names
            self.identity = identity
            self.id = id
            self.type = type
            self.label = label
            self.attributes = attributes
            self.depth = depth
            self.order = order
            self.parent = parent
            self.links = links
        }

        private enum CodingKeys: String, CodingKey {
            case id, type, label, attributes, depth, order, parent, links, names, identity
        }

        /// Decodes a node; `names` may be missing, as in format version 1.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            label = try container.decode(String.self, forKey: .label)
            attributes = try container.decode([Attribute].self, forKey: .attributes)
            depth = try container.decode(Int.self, forKey: .depth)
            order = try container.decode(Int.self, forKey: .order)
            parent = try container.decodeIfPresent(Int.self, forKey: .parent)
            links = try container.decode([Link].self, forKey: .links)
            names = try container.decodeIfPresent([String].self, forKey: .names) ?? []
            identity = try container.decodeIfPresent(String.self, forKey: .identity)
        }

        /// The value of the attribute named `key`, if the node has one.
        public func attribute(_ key: String) -> String? {
            attributes.first { $0.key == key }?.value
        }
    }

    /// The format version written to JSON.
    ///
    /// Version 2 added each node's `names` and, where the object supplies one, `identity`. Readers accept every version from 1 to this one
    /// (a version 1 node answers to its type name only) and reject a newer one with an error
    /// that names both versions, rather than guess at fields they do not know.
    public static let formatVersion = SnapshotCodec.version
    package let storage: ColumnStorage
    package var columns: Columns { storage.columns }

    /// Every object reachable from the root, in breadth-first order; the root is first.
    public var nodes: Nodes { Nodes(storage: storage) }

    /// The root node.
    public var root: Node { columns.node(at: 0) }

    /// The largest depth of any node.
    public var depth: Int { columns.depth }

    /// Groups of sibling nodes of one type that supplied the same identity, each group in
    /// breadth-first order; their ids tell them apart by position, so report them.
    public var duplicateIdentities: [[Int]] {
        let columns = columns
        var groups: [String: [Int]] = [:]
        for (node, identity) in zip(columns.identityNodes, columns.identities) {
            let index = Int(node)
            groups["\(columns.parents[index]) \(columns.types[index]) \(identity)", default: []].append(index)
        }
        return groups.values.filter { $0.count > 1 }.sorted { $0[0] < $1[0] }
    }

    /// How many links of each kind the snapshot has.
    public var linkCounts: [LinkKind: Int] {
        var counts = [0, 0, 0, 0]
        for link in columns.links { counts[Int(link & 3)] += 1 }
        return [.child: counts[0], .cycle: counts[1], .shared: counts[2]].filter { $0.value > 0 }
    }

    /// A snapshot of columns that are known to form one (the builder's).
    package init(validColumns: Columns) {
        storage = ColumnStorage(validColumns)
    }

    /// Creates a snapshot from nodes, checking that they form one.
    ///
    /// - Throws: ``TreeSnapshotError`` naming the first node that is inconsistent.
    public init(nodes: [Node]) throws(TreeSnapshotError) {
        guard !nodes.isEmpty else { throw .empty }
        // Each node's position and its links' targets must fit the columns.
        guard nodes.count <= Columns.maxCount else {
            throw .invalidNode(index: Columns.maxCount, problem: "a snapshot holds at most \(Columns.maxCount) nodes")
        }
        var attributeCount = 0
        var linkCount = 0
        var labelBytes = 0
        for node in nodes {
            attributeCount += node.attributes.count
            linkCount += node.links.count
            labelBytes += node.label.utf8.count
            guard attributeCount <= UInt32.max, linkCount <= UInt32.max, labelBytes <= UInt32.max else {
                throw .invalidNode(
                    index: node.order,
                    problem:
                        "a snapshot holds at most \(UInt32.max) attributes, as many links and as many bytes of labels")
            }
        }
        try Self.validate(nodes)
        // Validated, every number fits its column.
        let columns = Columns(nodes)
        try Self.validateRepeatedLinks(columns)
        storage = ColumnStorage(columns)
    }

    /// Decodes and checks a snapshot from its JSON form, as `JSONRenderer` writes it.
    ///
    /// - Throws: ``TreeSnapshotError`` with the position of malformed JSON, the path of a
    ///   missing or mistyped field, or the first inconsistent node.
    public init(json data: Data) throws(TreeSnapshotError) {
        self = try SnapshotCodec.read(data)
    }

    /// The indices of the nodes from the root to `node`, both included.
    public func path(to node: Int) -> [Int] {
        let columns = columns
        var path = [node]
        while let parent = columns.parent(of: path[path.count - 1]) { path.append(parent) }
        return path.reversed()
    }

    /// Whether two snapshots have the same nodes.
    public static func == (lhs: TreeSnapshot, rhs: TreeSnapshot) -> Bool {
        lhs.nodes == rhs.nodes
    }

    /// Hashes the nodes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(nodes)
    }

    private static func validate(_ nodes: [Node]) throws(TreeSnapshotError) {
        var ids = Set<String>(minimumCapacity: nodes.count)
        var childLinksTo = [Int](repeating: 0, count: nodes.count)
        for (index, node) in nodes.enumerated() {
            func fail(_ problem: String) -> TreeSnapshotError { .invalidNode(index: index, problem: problem) }
            guard node.order == index else { throw fail("order is \(node.order) but the node is at index \(index)") }
            guard ids.insert(node.id).inserted else { throw fail("id '\(node.id)' is used by an earlier node") }
            if let parent = node.parent {
                guard (0..<index).contains(parent) else {
                    throw fail("parent \(parent) is not an earlier node (0..<\(index))")
                }
                guard node.depth == nodes[parent].depth + 1 else {
                    throw fail("depth \(node.depth) is not one more than its parent's \(nodes[parent].depth)")
                }
                // Breadth first: children come in the order of their parents.
                if index > 1, let previous = nodes[index - 1].parent, parent < previous {
                    throw fail(
                        "parent \(parent) comes before the previous node's parent \(previous); nodes must be in breadth-first order"
                    )
                }
            } else {
                guard index == 0 else { throw fail("only the root (node 0) may have no parent") }
                guard node.depth == 0 else { throw fail("the root's depth is \(node.depth), not 0") }
            }
            if let key = Self.firstRepeatedKey(node.attributes[...]) {
                throw fail("attribute '\(TerminalText.shortened(key))' is given twice; keys must be unique")
            }
            var lastChild = index
            for link in node.links {
                guard nodes.indices.contains(link.node) else {
                    throw fail("links to node \(link.node), but there are \(nodes.count) nodes")
                }
                guard link.kind == .child else { continue }
                guard nodes[link.node].parent == index else {
                    throw fail("has a child link to node \(link.node), whose parent is not \(index)")
                }
                guard link.node >= lastChild else {
                    throw fail("child links are not in breadth-first order: node \(link.node) after node \(lastChild)")
                }
                lastChild = link.node
                childLinksTo[link.node] += 1
            }
        }
        for index in 1..<nodes.count where childLinksTo[index] != 1 {
            throw .invalidNode(index: index, problem: "has \(childLinksTo[index]) child links to it; expected 1")
        }
    }

    /// The first key that an earlier attribute of the same node already has.
    package static func firstRepeatedKey(_ attributes: ArraySlice<Attribute>) -> String? {
        // Nodes hold a few attributes: comparing pairs is cheaper than hashing up to about 8.
        if attributes.count <= 8 {
            for index in attributes.indices
            where attributes[..<index].contains(where: { $0.key == attributes[index].key }) {
                return attributes[index].key
            }
            return nil
        }
        var keys = Set<String>(minimumCapacity: attributes.count)
        return attributes.first { !keys.insert($0.key).inserted }?.key
    }

    /// Checks that a link back to the node or an ancestor is a cycle, and any other repeated
    /// link is shared.
    private static func validateRepeatedLinks(_ columns: Columns) throws(TreeSnapshotError) {
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

/// Why a list of nodes is not a ``TreeSnapshot``.
public enum TreeSnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There are no nodes; a snapshot has at least its root.
    case empty
    /// The node at `index` is inconsistent with the others.
    case invalidNode(index: Int, problem: String)
    /// The text is not JSON; `line` and `column` count from 1.
    case malformedJSON(line: Int, column: Int, problem: String)
    /// The JSON does not have a snapshot's shape at `path`, such as `nodes[3].links`.
    case wrongShape(path: String, problem: String)

    /// A sentence saying what is wrong and where.
    public var description: String {
        switch self {
        case .empty: "a snapshot needs at least its root node, but the node list is empty"
        case .invalidNode(let index, let problem): "node \(index): \(problem)"
        case .malformedJSON(let line, let column, let problem):
            DecodingProblem.malformedJSON(line: line, column: column, problem: problem).description
        case .wrongShape(let path, let problem): DecodingProblem.wrongShape(path: path, problem: problem).description
        }
    }

    package init(_ problem: DecodingProblem) {
        switch problem {
        case .malformedJSON(let line, let column, let problem):
            self = .malformedJSON(line: line, column: column, problem: problem)
        case .wrongShape(let path, let problem): self = .wrongShape(path: path, problem: problem)
        }
    }
}

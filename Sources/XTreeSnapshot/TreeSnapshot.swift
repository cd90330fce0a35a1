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
    public static let formatVersion = 2
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
        let unchecked = UncheckedNodes(nodes)
        try Self.checkCounts(unchecked)
        var columns = Columns(nodes)
        try Self.check(unchecked, &columns)
        storage = ColumnStorage(columns)
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

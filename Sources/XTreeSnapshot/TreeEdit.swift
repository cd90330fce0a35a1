/// What changed in a tree, by node id and by structure: the nodes that came and went, with
/// their descriptions, the nodes whose description changed, and the places in lists of
/// children where ids were replaced.
///
/// Where ``TreeDiff`` tells a person what changed, a `TreeEdit` lets a program follow it: the
/// tree before and the edit make the tree after (``TreeSnapshot/applying(_:)``), and the edit
/// says nothing of breadth-first numbers, so an insertion near the root is one entry, not a
/// renumbering of the rest. It is also exactly reversible (``inverted``).
///
/// ```swift
/// let edit = TreeEdit(from: before, to: after)
/// try before.applying(edit) == after   // true
/// try after.applying(edit.inverted) == before   // true
/// ```
///
/// An inspector sends one per journal event, made from what changed rather than from two
/// whole trees.
public struct TreeEdit: Sendable, Hashable, Codable {
    /// What a node is, apart from its place: the fields of ``TreeSnapshot/Node`` that a tree's
    /// shape does not decide.
    public struct Node: Sendable, Hashable, Codable {
        /// The node's id.
        public var id: String
        /// The object's dynamic type name.
        public var type: String
        /// Its label.
        public var label: String
        /// Its attributes, in order.
        public var attributes: [TreeSnapshot.Attribute]
        /// The names it answers to in searches by name.
        public var names: [String]
        /// Its identity, if it supplied one.
        public var identity: String?

        /// Describes a node.
        public init(
            id: String, type: String, label: String, attributes: [TreeSnapshot.Attribute], names: [String],
            identity: String?
        ) {
            self.id = id
            self.type = type
            self.label = label
            self.attributes = attributes
            self.names = names
            self.identity = identity
        }

        /// The description of a snapshot's node.
        public init(_ node: TreeSnapshot.Node) {
            self.init(
                id: node.id, type: node.type, label: node.label, attributes: node.attributes, names: node.names,
                identity: node.identity)
        }
    }

    /// A node that stayed, whose description changed.
    public struct Change: Sendable, Hashable, Codable {
        /// The description before; its `id` is the node's.
        public var old: Node
        /// The description after, with the same `id`.
        public var new: Node

        /// Records a change.
        public init(old: Node, new: Node) {
            self.old = old
            self.new = new
        }
    }

    /// A replacement in one node's list of children (its `children`, in declaration order,
    /// by id): from `index`, the ids `removed` give way to `inserted`.
    public struct Splice: Sendable, Hashable, Codable {
        /// The node whose children these are.
        public var parent: String
        /// Where in the list, counted in the list as the splices before this one left it.
        public var index: Int
        /// The ids there before, in order.
        public var removed: [String]
        /// The ids there after, in order.
        public var inserted: [String]

        /// Records a splice.
        public init(parent: String, index: Int, removed: [String], inserted: [String]) {
            self.parent = parent
            self.index = index
            self.removed = removed
            self.inserted = inserted
        }
    }

    /// Nodes only in the tree after. Their children are given by splices on their ids.
    public var added: [Node]
    /// Nodes only in the tree before. Splices empty their lists of children.
    public var removed: [Node]
    /// Nodes in both whose description differs.
    public var changed: [Change]
    /// The changes to lists of children, applied in order.
    public var splices: [Splice]
    /// A new root: the root's id before and after, if the root is another node than before
    /// (the old one is then among `removed`, the new one among `added`); `nil` if it stayed.
    public var root: RootChange?

    /// The root's id before and after.
    public struct RootChange: Sendable, Hashable, Codable {
        /// The id of the root before.
        public var old: String
        /// The id of the root after.
        public var new: String

        /// Records a new root.
        public init(old: String, new: String) {
            self.old = old
            self.new = new
        }
    }

    /// An edit that changes nothing.
    public init() {
        self.init(added: [], removed: [], changed: [], splices: [], root: nil)
    }

    /// An edit of these parts.
    public init(added: [Node], removed: [Node], changed: [Change], splices: [Splice], root: RootChange? = nil) {
        self.added = added
        self.removed = removed
        self.changed = changed
        self.splices = splices
        self.root = root
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty && splices.isEmpty && root == nil }

    /// The edit that undoes this one: applied to the tree after, it makes the tree before.
    public var inverted: TreeEdit {
        TreeEdit(
            added: removed, removed: added, changed: changed.map { Change(old: $0.new, new: $0.old) },
            splices: splices.reversed().map {
                Splice(parent: $0.parent, index: $0.index, removed: $0.inserted, inserted: $0.removed)
            },
            root: root.map { RootChange(old: $0.new, new: $0.old) })
    }

    private enum CodingKeys: String, CodingKey {
        case added, removed, changed, splices, root
    }

    /// Decodes an edit; empty parts may be left out.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        added = try container.decodeIfPresent([Node].self, forKey: .added) ?? []
        removed = try container.decodeIfPresent([Node].self, forKey: .removed) ?? []
        changed = try container.decodeIfPresent([Change].self, forKey: .changed) ?? []
        splices = try container.decodeIfPresent([Splice].self, forKey: .splices) ?? []
        root = try container.decodeIfPresent(RootChange.self, forKey: .root)
    }

    /// Encodes the parts that are not empty: a one-node change is a short line.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !added.isEmpty { try container.encode(added, forKey: .added) }
        if !removed.isEmpty { try container.encode(removed, forKey: .removed) }
        if !changed.isEmpty { try container.encode(changed, forKey: .changed) }
        if !splices.isEmpty { try container.encode(splices, forKey: .splices) }
        try container.encodeIfPresent(root, forKey: .root)
    }
}

/// Why an edit does not apply to a tree: it was made from another tree, or is malformed.
public struct TreeEditError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What does not fit.
    public var description: String

    /// Describes a problem.
    public init(_ description: String) {
        self.description = description
    }
}

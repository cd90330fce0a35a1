import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// A node named the way every output names it: breadth-first number, type, id and label.
///
/// What audits and reachability reports hold of the nodes they mention, so that they can be
/// written, sent and compared long after the live objects are gone.
public struct NodeReference: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The breadth-first number in a snapshot of the tree, or `nil` for an object that is not
    /// in the tree.
    public var order: Int?
    /// The snapshot id, or `nil` for an object that is not in the tree.
    public var id: String?
    /// The dynamic type name.
    public var type: String
    /// The object's ``NodeDescribing/nodeLabel``.
    public var label: String

    /// Creates a reference.
    public init(order: Int?, id: String?, type: String, label: String) {
        self.order = order
        self.id = id
        self.type = type
        self.label = label
    }

    /// A reference to a snapshot's node.
    public init(_ node: TreeSnapshot.Node) {
        self.init(order: node.order, id: node.id, type: node.type, label: node.label)
    }

    /// A reference to a live object outside any snapshot.
    @MainActor
    public init(_ object: any DeepLinkable) {
        self.init(
            order: nil, id: nil, type: TypeNameCache.name(of: Swift.type(of: object)), label: object.nodeLabelText)
    }

    /// `order Type #id "label"`, escaped for a terminal; parts that are absent are left out.
    public var description: String {
        var text = order.map { "\($0) " } ?? ""
        text += TerminalText.escaped(type)
        if let id { text += " #" + TerminalText.escaped(id) }
        if !label.isEmpty { text += " " + TerminalText.quoted(label) }
        return text
    }

    /// `0 Type > 2 Type > …` for a path of references.
    package static func describe(_ path: [NodeReference]) -> String {
        pathDescription(path.map { ($0.order, $0.type) })
    }
}

extension TreeSnapshot {
    /// References to the nodes from the root to `node`, both included.
    package func references(to node: Int) -> [NodeReference] {
        path(to: node).map { NodeReference(nodes[$0]) }
    }
}

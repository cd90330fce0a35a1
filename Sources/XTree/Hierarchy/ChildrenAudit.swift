import XTreeEscaping
import XTreeSnapshot

/// What `auditChildren(valueLimit:)` found: objects a node holds but forgot to
/// list in `children`, objects listed by more than one parent, and objects of another kind
/// among a node's children.
///
/// A coordinator that forgets to list a child makes every search for that child return
/// `nil`, with nothing to say why. The audit checks `children` against what each node
/// actually stores:
///
/// ```swift
/// let audit = home.auditChildren()
/// for finding in audit.problems { print(finding) }
/// ```
/// ```text
/// 1 CartViewModel holds PromotionScreen "Spring sale" in "promotion" but does not list it, and nothing else in the tree does
/// ```
///
/// ## What it reads
/// Each node's stored properties, by reflection (`Mirror`), its superclasses' included, and
/// through optionals, arrays, sets, dictionaries, tuples, structs and enums with payloads,
/// `@Published` (read through its publisher, as default attributes are), `Store`, and the
/// storage of `@Observable` classes. It stops at objects that are not `DeepLinkable`
/// (services, caches): what they hold is not the node's to list.
///
/// ## What it cannot see
/// - Reflection cannot tell a `weak` or `unowned` back-reference from a strong one, so an
///   object that is in the tree anyway is never a finding: only objects nowhere in the tree
///   are.
/// - Objects created on demand by a computed property, held by a non-`DeepLinkable` object,
///   or hidden by a custom `customMirror`.
/// - Objects inside a forgotten object: the forgotten one is reported, not what it holds.
/// - Past `valueLimit` values read in one node (a large array of plain values), the rest of
///   that node is not read, and an ``Finding/Kind/incomplete`` finding says where.
public struct ChildrenAudit: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One thing the audit found.
    public struct Finding: Sendable, Hashable, Codable, CustomStringConvertible {
        /// What kind of finding it is.
        public enum Kind: String, Sendable, Hashable, Codable {
            /// A node holds an object that no node lists: a forgotten child. A problem.
            case unlisted
            /// A node lists an object that an earlier node listed first. Reported, not a
            /// problem; an object whose `isSharedByDesign` is `true` is not
            /// reported.
            case shared
            /// The audit stopped reading a node's properties at its value limit.
            case incomplete
            /// A node holds an object that is not `DeepLinkable` among objects that are (a
            /// coordinator's children of another class): no search can reach it. A problem.
            case unconforming
        }

        /// What kind of finding it is.
        public var kind: Kind
        /// The path from the root to the node that holds the object (``Kind/unlisted``), lists
        /// it a second time (``Kind/shared``), or was not read whole (``Kind/incomplete``).
        public var owner: [NodeReference]
        /// Where in the owner: the property holding the object, such as `detail`,
        /// `screens[2]` or `byID["a1"]`; for ``Kind/incomplete``, where reading stopped;
        /// `nil` for ``Kind/shared``.
        public var property: String?
        /// The object held or shared; `nil` for ``Kind/incomplete``.
        public var object: NodeReference?
        /// For ``Kind/shared``: the path to the node that listed the object first.
        public var firstOwner: [NodeReference]?

        /// One sentence, escaped for a terminal.
        public var description: String {
            let owner = NodeReference.describe(owner)
            let property = TerminalText.quoted(self.property ?? "")
            switch kind {
            case .unlisted:
                return "\(owner) holds \(object.map(\.description) ?? "?") in \(property) but does not list it, "
                    + "and nothing else in the tree does"
            case .shared:
                return "\(object.map(\.description) ?? "?") is listed by \(owner) "
                    + "and first by \(NodeReference.describe(firstOwner ?? []))"
            case .incomplete:
                return "\(owner) was audited only up to \(property), at the value limit"
            case .unconforming:
                return "\(owner) holds \(object.map(\.description) ?? "?") in \(property) among DeepLinkable "
                    + "objects, but it is not DeepLinkable: no search reaches it"
            }
        }
    }

    /// Everything found, in breadth-first order of the owners.
    public var findings: [Finding]

    /// The findings that are problems: forgotten children, and children of another kind.
    public var problems: [Finding] { findings.filter { $0.kind == .unlisted || $0.kind == .unconforming } }

    /// One line per finding, and what to do about forgotten children.
    public var description: String {
        guard !findings.isEmpty else { return "every held object is listed\n" }
        let lines = findings.map { "\($0.kind.rawValue): \($0)\n" }.joined()
        guard !problems.isEmpty else { return lines }
        var advice: [String] = []
        if problems.contains(where: { $0.kind == .unlisted }) {
            advice.append(
                "list each forgotten child in its owner's children, or return reflectedChildren from children "
                    + "to list everything the owner stores\n")
        }
        if problems.contains(where: { $0.kind == .unconforming }) {
            advice.append("conform each object of another kind to DeepLinkable, or keep it out of its owner's nodes\n")
        }
        return lines + advice.joined()
    }
}

extension DeepLinkable {
    /// Checks `children` against what each node of the tree stores: objects held but not in
    /// the tree (forgotten children), and objects listed by two parents.
    ///
    /// ```swift
    /// #expect(home.auditChildren().problems.isEmpty)
    /// ```
    ///
    /// See ``ChildrenAudit`` for what it reads and what it cannot see.
    ///
    /// - Parameter valueLimit: How many values to read in one node before giving up on the
    ///   rest of it.
    /// - Returns: The findings.
    /// - Complexity: O(*n* + *e*) for the walk, plus the values read, at most `valueLimit`
    ///   per node.
    public func auditChildren(valueLimit: Int = 100_000) -> ChildrenAudit {
        let snapshot = TreeSnapshot(of: self)
        // The traversal meets the objects in the snapshot's order, and keeps them alive.
        let objects = breadthFirst().map(\.node)
        var orders: [ObjectIdentifier: Int] = [:]
        for (order, object) in objects.enumerated() { orders[ObjectIdentifier(object)] = order }

        var findings: [ChildrenAudit.Finding] = []
        for (order, object) in objects.enumerated() {
            for link in snapshot.nodes[order].links where link.kind == .shared {
                guard !objects[link.node].isSharedByDesign, let first = snapshot.nodes[link.node].parent else {
                    continue
                }
                findings.append(
                    .init(
                        kind: .shared, owner: snapshot.references(to: order), property: nil,
                        object: NodeReference(snapshot.nodes[link.node]), firstOwner: snapshot.references(to: first)))
            }
            var reader = PropertyReader(limit: valueLimit)
            reader.read(object)
            for held in reader.found where orders[ObjectIdentifier(held.object)] == nil {
                findings.append(
                    .init(
                        kind: .unlisted, owner: snapshot.references(to: order), property: held.property,
                        object: NodeReference(held.object)))
            }
            for stranger in reader.strangers {
                let type = TypeNameCache.name(of: stranger.type)
                findings.append(
                    .init(
                        kind: .unconforming, owner: snapshot.references(to: order), property: stranger.property,
                        object: NodeReference(order: nil, id: nil, type: type, label: "")))
            }
            if let stop = reader.stoppedAt {
                findings.append(.init(kind: .incomplete, owner: snapshot.references(to: order), property: stop))
            }
        }
        return ChildrenAudit(findings: findings)
    }
}

/// Walks a live tree once, breadth first, and records it as ``TreeSnapshot`` nodes.
@MainActor
struct SnapshotBuilder {
    private var names = TypeNameCache()
    // The 40-bit ids given so far, each with a bit above them set so that none is 0.
    private var usedIDs = IdentityTable(storesValues: false)
    private var searchNames: [ObjectIdentifier: [String]] = [:]
    private var lastSearchNames: (type: ObjectIdentifier, names: [String])?
    private let searchable = SearchableProtocols.entries

    /// The breadth-first number of the object being located, once captured.
    private(set) var locatedOrder: Int?

    /// The nodes of a snapshot of `root`; if `target` is reachable, its number goes to
    /// `locatedOrder`.
    mutating func capture(_ root: any DeepLinkable, locating target: AnyObject? = nil) -> [TreeSnapshot.Node] {
        var core = BreadthFirstCore<VisitOrders>(root: root)
        var idHashes: [UInt64] = []
        var nodes: [TreeSnapshot.Node] = []
        var laterLinks: [(node: Int, link: Int)] = []
        var siblingTypes: [(type: UInt64, count: Int)] = []
        var currentArray = -1
        // Each array is one parent's children in declaration order, so each parent's links
        // are appended in order as its array is met.
        while let element = core.nextElement() {
            let parent = core.parent(ofArray: element.array)
            if element.array != currentArray {
                currentArray = element.array
                siblingTypes.removeAll(keepingCapacity: true)
                if let parent { nodes[parent].links.reserveCapacity(core.count(ofArray: element.array)) }
            }
            guard let child = element.node else {
                // Only the root's array has no parent, and its one element is new.
                guard let parent else { continue }
                laterLinks.append((parent, nodes[parent].links.count))
                nodes[parent].links.append(TreeSnapshot.Link(kind: .shared, node: element.order))
                continue
            }
            // Number children per type, so an id survives siblings of other types coming and
            // going; a child with an identity is named by it instead of its position.
            let typeHash = names.entry(of: child).hash
            let identity = child.nodeIdentity
            let key = identity.map { typeHash ^ stableHash($0) &* 0x9E37_79B9 } ?? typeHash
            let sameKey: Int
            if let slot = siblingTypes.firstIndex(where: { $0.type == key }) {
                siblingTypes[slot].count += 1
                sameKey = siblingTypes[slot].count
            } else {
                siblingTypes.append((key, 0))
                sameKey = 0
            }
            if child === target { locatedOrder = element.order }
            if let parent { nodes[parent].links.append(TreeSnapshot.Link(kind: .child, node: element.order)) }
            nodes.append(
                describe(
                    child,
                    order: element.order,
                    depth: core.depth(ofArray: element.array),
                    parent: parent,
                    idHash: &idHashes,
                    seed: parent.map { idHashes[$0] } ?? 0,
                    identity: identity,
                    siblingIndex: sameKey
                )
            )
        }
        classify(laterLinks, in: &nodes)
        return nodes
    }

    private mutating func describe(
        _ object: any DeepLinkable,
        order: Int,
        depth: Int,
        parent: Int?,
        idHash: inout [UInt64],
        seed: UInt64,
        identity: String?,
        siblingIndex: Int
    ) -> TreeSnapshot.Node {
        let (type, typeHash) = names.entry(of: object)
        let step =
            identity.map { mix(typeHash ^ mix(stableHash($0))) &+ UInt64(siblingIndex) } ?? typeHash
            &+ UInt64(siblingIndex)
        var hash = mix(seed ^ mix(step))
        // 40 bits keep ids short; on the rare collision, derive the next candidate.
        while usedIDs.value(forKey: UInt(hash & 0xFF_FFFF_FFFF | 1 << 40), insertingIfAbsent: 0) != nil {
            hash = mix(hash)
        }
        idHash.append(hash)
        return TreeSnapshot.Node(
            id: shortID(hash & 0xFF_FFFF_FFFF),
            type: type,
            label: object.nodeLabel,
            attributes: attributes(of: object),
            depth: depth,
            order: order,
            parent: parent,
            links: [],
            names: searchNames(of: object),
            identity: identity
        )
    }

    /// The node's attributes with its private values redacted.
    private func attributes(of object: any DeepLinkable) -> [TreeSnapshot.Attribute] {
        let hidden = object.privateAttributeKeys
        return object.nodeAttributes.map { attribute in
            TreeSnapshot.Attribute(
                key: attribute.key, value: hidden.contains(attribute.key) ? "<private>" : attribute.value)
        }
    }

    /// The names a node answers to, computed once per dynamic type (conformance and
    /// superclasses depend on nothing else), so nodes of one type share one array.
    private mutating func searchNames(of object: AnyObject) -> [String] {
        let key = ObjectIdentifier(type(of: object))
        if let lastSearchNames, lastSearchNames.type == key { return lastSearchNames.names }
        if let known = searchNames[key] {
            lastSearchNames = (key, known)
            return known
        }
        var result = [qualifiedName(of: type(of: object))]
        var ancestor = Mirror(reflecting: object).superclassMirror
        while let mirror = ancestor {
            result.append(qualifiedName(of: mirror.subjectType))
            ancestor = mirror.superclassMirror
        }
        result += searchable.filter { $0.matches(object) }.map(\.name)
        searchNames[key] = result
        return result
    }

    /// Marks each link to an already-seen node as a cycle (to an ancestor or itself) or
    /// shared: O(1) per link with the spanning tree's ancestry.
    private func classify(_ laterLinks: [(node: Int, link: Int)], in nodes: inout [TreeSnapshot.Node]) {
        guard !laterLinks.isEmpty else { return }
        let ancestry = SpanningTreeAncestry(nodes)
        for (node, linkIndex) in laterLinks {
            let target = nodes[node].links[linkIndex].node
            if ancestry.isAncestor(target, ofOrEqualTo: node) {
                nodes[node].links[linkIndex].kind = .cycle
            }
        }
    }
}

/// Which nodes are ancestors of which in the tree of `child` links, answered in O(1) from
/// the entry and exit times of one iterative depth-first walk.
struct SpanningTreeAncestry {
    private var enter: [Int]
    private var exit: [Int]

    init(_ nodes: [TreeSnapshot.Node]) {
        enter = [Int](repeating: 0, count: nodes.count)
        exit = [Int](repeating: 0, count: nodes.count)
        guard !nodes.isEmpty else { return }
        var clock = 0
        var stack: [(node: Int, nextLink: Int)] = [(0, 0)]
        while let top = stack.last {
            let links = nodes[top.node].links
            if top.nextLink < links.count {
                stack[stack.count - 1].nextLink += 1
                let link = links[top.nextLink]
                if link.kind == .child {
                    clock += 1
                    enter[link.node] = clock
                    stack.append((link.node, 0))
                }
            } else {
                clock += 1
                exit[top.node] = clock
                stack.removeLast()
            }
        }
    }

    /// Whether `ancestor` is `node` or above it.
    func isAncestor(_ ancestor: Int, ofOrEqualTo node: Int) -> Bool {
        enter[ancestor] <= enter[node] && exit[node] <= exit[ancestor]
    }
}

/// A 64-bit finaliser (splitmix64): small input changes flip about half the output bits.
private func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

private let idAlphabet = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)

/// Eight characters from an alphabet without look-alikes (no i, l, o, u).
///
/// The eight bytes are packed into one integer and decoded as a small string, which needs no
/// allocation and no API newer than the package's oldest platforms.
private func shortID(_ value: UInt64) -> String {
    var value = value
    var packed: UInt64 = 0
    for _ in 0..<8 {
        packed = packed << 8 | UInt64(idAlphabet[Int(value & 31)])
        value >>= 5
    }
    packed = packed.littleEndian
    return withUnsafeBytes(of: &packed) { String(decoding: $0, as: UTF8.self) }
}

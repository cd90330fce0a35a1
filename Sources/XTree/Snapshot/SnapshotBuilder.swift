import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// Walks a live tree once, breadth first, and records it as a ``TreeSnapshot``'s columns.
@MainActor
package struct SnapshotBuilder: ~Copyable {
    /// What every snapshot records of a dynamic type: found once per type in the process
    /// (a type's name, superclasses and conformances never change), and again only when
    /// more protocols are made searchable.
    package struct TypeFacts {
        package var hash: UInt64
        package var name: String
        package var searchNames: [String]
        /// Whether each node of the type names its own type (a ``ValueNode``, by its value's
        /// case): its facts are then asked of the node, ``facts(ofValueNode:)``.
        package var byValue = false
    }
    @MainActor private static var knownTypes: [ObjectIdentifier: TypeFacts] = [:]
    // How many protocols were searchable when `knownTypes` was filled: they are only added.
    @MainActor private static var knownSearchableCount = 0
    @MainActor private static var knownValueTypes: [String: TypeFacts] = [:]

    /// What this snapshot records of a dynamic type: its facts' hash, and the numbers of its
    /// name and of its list of search names in this snapshot's columns.
    private struct TypeEntry {
        var hash: UInt64
        var name: UInt32
        var searchNames: UInt32
        var byValue: Bool
    }
    private var entries: [TypeEntry] = []
    private var valueEntries: [String: TypeEntry] = [:]
    // The place in `entries` of each type met, by the address of its metadata.
    private var entryPlaces = IdentityTable()
    private var lastType: (type: ObjectIdentifier, entry: TypeEntry)?
    private var typeNumbers: [String: UInt32] = [:]
    private var nameListNumbers: [[String]: UInt32] = [:]
    private var columns = TreeSnapshot.Columns()

    /// The breadth-first number of the object being located, once captured.
    private(set) var locatedOrder: Int?

    /// The columns of a snapshot of `root`; if `target` is reachable, its number goes to
    /// `locatedOrder`.
    mutating func capture(_ root: any DeepLinkable, locating target: AnyObject? = nil) -> TreeSnapshot.Columns {
        ObjectValues.reading(for: root) { walk(root, locating: target) }
    }

    private mutating func walk(_ root: any DeepLinkable, locating target: AnyObject?) -> TreeSnapshot.Columns {
        var core = BreadthFirstCore<VisitOrders>(root: root, expandsVisits: false)
        var ids = NodeIDs()
        var laterLinks: [(node: Int, link: Int)] = []
        var siblingTypes: [(type: UInt64, count: Int)] = []
        var currentArray = -1
        // Each array is one parent's children in declaration order, and arrays come in the
        // order of their parents, so links are appended node after node.
        while let element = core.nextElement() {
            let parent = core.parent(ofArray: element.array)
            if element.array != currentArray {
                currentArray = element.array
                siblingTypes.removeAll(keepingCapacity: true)
                if let parent { endLinks(before: parent) }
            }
            guard let child = element.node else {
                // Only the root's array has no parent, and its one element is new.
                guard let parent else { continue }
                laterLinks.append((parent, columns.links.count))
                columns.links.append(TreeSnapshot.Columns.packed(element.order, .shared))
                continue
            }
            precondition(element.order < TreeSnapshot.Columns.maxCount, "a snapshot holds at most 2^30 nodes")
            let type = entry(of: child)
            // Number children per type, so an id survives siblings of other types coming and
            // going; a child with an identity is named by it instead of its position.
            let identity = child.nodeIdentityText
            // Plain conditions, not closures: a closure made on the main actor checks its
            // executor each time a function of no actor calls it.
            var identityHash: UInt64?
            if let identity { identityHash = stableHash(identity) }
            let key = Self.siblingKey(typeHash: type.hash, identityHash: identityHash)
            let sameKey = countSibling(key, in: &siblingTypes)
            if target != nil, child === target { locatedOrder = element.order }
            if parent != nil { columns.links.append(TreeSnapshot.Columns.packed(element.order, .child)) }
            ids.append(
                step: Self.step(typeHash: type.hash, identityHash: identityHash, sameKey: sameKey), parent: parent)
            columns.types.append(type.name)
            columns.appendLabel(child.nodeLabelText)
            appendAttributes(of: child)
            columns.noteDepth(core.depth(ofArray: element.array))
            columns.parents.append(parent == nil ? -1 : Int32(truncatingIfNeeded: parent!))
            columns.noteNameList(type.searchNames, type: type.name)
            columns.appendIdentity(identity, of: element.order)
            core.enqueue(children: child.children)
        }
        endLinks(before: columns.count)
        ids.resolveCollisions(parents: columns.parents)
        columns.ids = .packed(ids.ids())
        classify(laterLinks)
        return columns
    }

    /// What a node's siblings are counted by, for its id: its type, and its identity if any.
    /// The live view of an inspector derives ids by this rule too.
    @inline(__always)
    package static func siblingKey(typeHash: UInt64, identityHash: UInt64?) -> UInt64 {
        guard let identityHash else { return typeHash }
        return typeHash ^ identityHash &* 0x9E37_79B9
    }

    /// A node's step, which its id mixes with its parent's: its type, identity and how many
    /// siblings before it have its key (``siblingKey(typeHash:identityHash:)``).
    @inline(__always)
    package static func step(typeHash: UInt64, identityHash: UInt64?, sameKey: Int) -> UInt64 {
        guard let identityHash else { return typeHash &+ UInt64(sameKey) }
        return mix(typeHash ^ mix(identityHash)) &+ UInt64(sameKey)
    }

    /// Ends the links of the nodes before `node`: their arrays are behind the walk.
    private mutating func endLinks(before node: Int) {
        let end = UInt32(truncatingIfNeeded: columns.links.count)
        while columns.linkEnds.count < node { columns.linkEnds.append(end) }
    }

    private mutating func appendAttributes(of object: any DeepLinkable) {
        Self.appendAttributes(of: object, to: &columns.attributes)
        columns.attributeEnds.append(UInt32(truncatingIfNeeded: columns.attributes.count))
    }

    /// Runs `body`, which describes objects of `root`'s tree, with object values read as the
    /// root asks (``ReadableObjectValues``). Once per pass over the tree, not per object:
    /// asking the root is a dynamic cast and a task-local read, which per object took about 8%
    /// of a live update of 100,000 plain nodes.
    package static func describing<Result>(treeOf root: any DeepLinkable, _ body: () throws -> Result) rethrows
        -> Result
    {
        try ObjectValues.reading(for: root, body)
    }

    /// Appends the node's attributes with its private values redacted; of a key given twice,
    /// the first value (snapshots hold each key once, so that diffs match them by key). The
    /// one rule for snapshots and an inspector's live view, which calls it inside
    /// ``describing(treeOf:_:)``.
    package static func appendAttributes(of object: any DeepLinkable, to destination: inout [TreeSnapshot.Attribute]) {
        let attributes = object.nodeAttributePairs
        guard !attributes.isEmpty else { return }
        let hidden = object.privateAttributeKeySet
        let start = destination.count
        for attribute in attributes {
            destination.append(
                TreeSnapshot.Attribute(
                    key: attribute.key, value: hidden.contains(attribute.key) ? "<private>" : attribute.value))
        }
        if attributes.count > 1, TreeSnapshot.firstRepeatedKey(destination[start...]) != nil {
            var keys = Set<String>()
            let unique = destination[start...].filter { keys.insert($0.key).inserted }
            destination.replaceSubrange(start..., with: unique)
        }
    }

    /// What the snapshot records of the object's dynamic type, the last one's checked first
    /// (nodes of one type often come in runs).
    private mutating func entry(of object: any DeepLinkable) -> TypeEntry {
        let type: AnyObject.Type = Swift.type(of: object)
        let key = ObjectIdentifier(type)
        let entry = lastType?.type == key ? lastType!.entry : newEntry(of: object, type: type)
        return entry.byValue ? valueEntry(of: object) : entry
    }

    /// What this snapshot records of a value node's type and case.
    private mutating func valueEntry(of object: any DeepLinkable) -> TypeEntry {
        let facts = Self.facts(ofValueNode: object)
        if let entry = valueEntries[facts.searchNames[0]] { return entry }
        let entry = TypeEntry(
            hash: facts.hash,
            name: TreeSnapshot.Columns.number(of: facts.name, in: &columns.typeNames, numbers: &typeNumbers),
            searchNames: TreeSnapshot.Columns.number(
                of: facts.searchNames, in: &columns.nameLists, numbers: &nameListNumbers),
            byValue: false)
        valueEntries[facts.searchNames[0]] = entry
        return entry
    }

    private mutating func newEntry(of object: any DeepLinkable, type: AnyObject.Type) -> TypeEntry {
        let key = ObjectIdentifier(type)
        let place = entryPlaces.value(forKey: UInt(bitPattern: key), insertingIfAbsent: entries.count)
        if let place {
            lastType = (key, entries[place])
            return entries[place]
        }
        let facts = Self.facts(of: object, type: type)
        // A value node's class names no node: each node's value names its own type.
        let entry =
            facts.byValue
            ? TypeEntry(hash: 0, name: 0, searchNames: 0, byValue: true)
            : TypeEntry(
                hash: facts.hash,
                name: TreeSnapshot.Columns.number(of: facts.name, in: &columns.typeNames, numbers: &typeNumbers),
                searchNames: TreeSnapshot.Columns.number(
                    of: facts.searchNames, in: &columns.nameLists, numbers: &nameListNumbers),
                byValue: false)
        entries.append(entry)
        lastType = (key, entry)
        return entry
    }

    /// The facts of `object`'s dynamic type, found the first time it is asked.
    package static func facts(of object: any DeepLinkable) -> TypeFacts {
        facts(of: object, type: Swift.type(of: object))
    }

    /// How many protocols are searchable: when it changes, every type's names may change.
    package static var searchableCount: Int { SearchableProtocols.entries.count }

    /// The facts of `object`'s dynamic type `type`, found the first time it is asked.
    private static func facts(of object: any DeepLinkable, type: AnyObject.Type) -> TypeFacts {
        let searchable = SearchableProtocols.entries
        if searchable.count != knownSearchableCount {
            knownTypes = [:]
            knownSearchableCount = searchable.count
        }
        let key = ObjectIdentifier(type)
        if let known = knownTypes[key] { return known }
        if object is any NodeTypedByValue {
            knownTypes[key] = TypeFacts(hash: 0, name: TypeNameCache.name(of: type), searchNames: [], byValue: true)
            return knownTypes[key]!
        }
        var searchNames = [qualifiedName(of: type)]
        var ancestor = Mirror(reflecting: object).superclassMirror
        while let mirror = ancestor {
            searchNames.append(qualifiedName(of: mirror.subjectType))
            ancestor = mirror.superclassMirror
        }
        searchNames += searchable.filter { $0.matches(object) }.map(\.name)
        let facts = TypeFacts(
            hash: stableHash(searchNames[0]), name: TypeNameCache.name(of: type), searchNames: searchNames)
        knownTypes[key] = facts
        return facts
    }

    /// The facts of a value node's type and case (the node's type ``TypeFacts/byValue``).
    package static func facts(ofValueNode object: any DeepLinkable) -> TypeFacts {
        let names = (object as! any NodeTypedByValue).typeNames
        if let known = knownValueTypes[names.searchNames[0]] { return known }
        let facts = TypeFacts(hash: stableHash(names.searchNames[0]), name: names.name, searchNames: names.searchNames)
        knownValueTypes[names.searchNames[0]] = facts
        return facts
    }

    /// Marks each link to an already-seen node as a cycle (to an ancestor or itself) or
    /// shared: O(1) per link with the spanning tree's ancestry.
    private mutating func classify(_ laterLinks: [(node: Int, link: Int)]) {
        guard !laterLinks.isEmpty else { return }
        let ancestry = SpanningTreeAncestry(columns)
        for (node, link) in laterLinks {
            let target = TreeSnapshot.Columns.target(columns.links[link])
            if ancestry.isAncestor(target, ofOrEqualTo: node) {
                columns.links[link] = TreeSnapshot.Columns.packed(target, .cycle)
            }
        }
    }
}

/// How many siblings before this one had `key`, counting this one in `counts`; free of the
/// main actor, so that its closure runs without an executor check.
private func countSibling(_ key: UInt64, in counts: inout [(type: UInt64, count: Int)]) -> Int {
    if let slot = counts.firstIndex(where: { $0.type == key }) {
        counts[slot].count += 1
        return counts[slot].count
    }
    counts.append((key, 0))
    return 0
}

import Foundation
import XTree
import XTreeObservation
import XTreeSnapshot
import XTreeSupport

#if canImport(Observation)
    import Observation
#endif

/// The inspector's view of the live tree, kept from event to event: each object with its
/// id, description and children, so that an event costs what changed, not the tree.
///
/// Objects that announce their changes (an `ObservableObject` through `objectWillChange`, an
/// `@Observable` class through Observation) are described again only after they announce,
/// and only then are their children read again. Other objects may change silently, so each
/// event describes them again. ``update()`` turns what it finds into a ``TreeEdit`` by ids,
/// the one every consumer of the journal follows.
///
/// Ids follow the snapshot's rule (``SnapshotBuilder``). Where following it piece by piece
/// would need the whole tree (an object shared by two lists or in a cycle, an object moved to
/// another parent, two ids that collide, searchable protocols registered since), the view is
/// built again from a full walk and the edit found by comparing the two: slower, never wrong.
@MainActor
package final class LiveTree {
    /// One object of the tree, in a slot.
    struct Record {
        weak var object: (any DeepLinkable)?
        var key: ObjectIdentifier
        /// The 64-bit hash of its id, which seeds its children's.
        var hash: UInt64
        var parent: Int32
        var depth: Int32
        var children: [Int32]
        var type: Int32
        var label: String
        var attributes: [TreeSnapshot.Attribute]
        var identity: String?
        /// Whether it announces its changes; otherwise it is described at every event.
        var announces: Bool
        var subscription: AnyCancellable?
        /// Whether the slot holds a node; a free slot's record holds nothing.
        var isLive = true
    }

    /// An object that left the tree in an update and was still alive then.
    package struct Departure {
        package let object: any DeepLinkable
        package let node: NodeReference

        package init(object: any DeepLinkable, node: NodeReference) {
            self.object = object
            self.node = node
        }

        /// Every object of the tree under `root`, as it leaves with it: when a root is replaced.
        @MainActor
        package static func all(under root: any DeepLinkable) -> [Departure] {
            root.breadthFirst().map { Departure(object: $0.node, node: NodeReference($0.node)) }
        }
    }

    /// What an update found.
    package struct Update {
        package var edit = TreeEdit()
        package var departures: [Departure] = []
        /// How many announcements arrived since the last update, and from how many objects.
        package var notifications = 0
        package var objects = 0
        /// Whether the view was built again from a full walk.
        package var rebuilt = false
    }

    static let keyMask: UInt64 = (1 << 40) - 1

    let root: any DeepLinkable
    /// The records by slot; a free slot's is not ``Record/isLive``.
    var records: [Record] = []
    var freeSlots: [Int32] = []
    var slotOf: [ObjectIdentifier: Int32] = [:]
    /// The 40-bit keys of the ids in the tree: a new id that takes one is a collision.
    var keys = Set<UInt64>()
    /// The objects described at every event.
    var plain = Set<Int32>()
    /// Nodes whose id a collision decided at the last full walk: what moves them, or removes
    /// their partner, needs another full walk.
    var partners = Set<Int32>()
    var types: [SnapshotBuilder.TypeFacts] = []
    var typeNumbers: [ObjectIdentifier: Int32] = [:]
    /// The numbers in ``types`` of value nodes' types and cases, by their qualified names.
    var valueTypeNumbers: [String: Int32] = [:]
    var rootSlot: Int32 = 0
    /// Whether some object is in more than one list, or in a cycle: then every event is a
    /// full walk.
    var sharesObjects = false
    var searchableCount = -1
    /// Announcements since the last update, from any thread.
    let announcements = Locked((keys: Set<ObjectIdentifier>(), count: 0))
    let onChange: @Sendable () -> Void

    /// A view of the tree under `root`, built at once; `onChange` is called, on whatever
    /// thread announced, after each announcement is noted, to schedule an ``update()``.
    package init(root: any DeepLinkable, onChange: @escaping @Sendable () -> Void) {
        self.root = root
        self.onChange = onChange
        _ = SnapshotBuilder.describing(treeOf: root) { rebuild() }
    }

    // MARK: - Reading the view

    /// Whether `object` is in the tree as of the last update.
    package func contains(_ object: AnyObject) -> Bool {
        slotOf[ObjectIdentifier(object)].flatMap { records[Int($0)].object } === object
    }

    /// The path from the root to `object`, as types and ids; empty if it is not in the tree.
    package func path(to object: AnyObject) -> [(type: String, id: String)] {
        guard contains(object), var slot = slotOf[ObjectIdentifier(object)] else { return [] }
        var path: [(type: String, id: String)] = []
        while slot >= 0 {
            let record = records[Int(slot)]
            path.append((types[Int(record.type)].name, id(of: record)))
            slot = record.parent
        }
        return path.reversed()
    }

    /// How many nodes the tree has.
    package var count: Int { slotOf.count }

    func id(of record: Record) -> String { ShortID.string(record.hash & Self.keyMask) }

    /// The description an edit gives the record's node.
    func node(of record: Record) -> TreeEdit.Node {
        let facts = types[Int(record.type)]
        return TreeEdit.Node(
            id: id(of: record), type: facts.name, label: record.label, attributes: record.attributes,
            names: facts.searchNames, identity: record.identity)
    }

    /// The view as a model of ids, as a consumer of its edits holds it.
    package func model() -> TreeModel {
        var entries: [TreeModel.Entry?] = []
        entries.reserveCapacity(records.count)
        for record in records {
            entries.append(record.isLive ? TreeModel.Entry(node: node(of: record), children: record.children) : nil)
        }
        return TreeModel(entries: entries, root: rootSlot)
    }

    // MARK: - Updating

    /// Describes again what announced a change and what cannot announce, and returns the
    /// edit from the tree at the last update to the tree now.
    package func update() -> Update {
        let (fired, notifications) = announcements.withLock { state in
            defer { state = ([], 0) }
            return state
        }
        var update = SnapshotBuilder.describing(treeOf: root) { () -> Update in
            if sharesObjects || searchableCount != SnapshotBuilder.searchableCount { return rebuild() }
            do throws(NeedsFullWalk) {
                return try updateInPlace(fired: fired)
            } catch {
                return rebuild()
            }
        }
        update.notifications = notifications
        update.objects = fired.count
        if Self.checksEveryUpdate { checkAgainstFullSnapshot() }
        return update
    }

    /// Whether each update is checked against a full snapshot taken beside it: set
    /// `XTREE_CHECK_LIVE_TREE=1` in the app's environment to find a tree the view does not
    /// follow. Slow: a full snapshot per event.
    package static let checksEveryUpdate = ProcessInfo.processInfo.environment["XTREE_CHECK_LIVE_TREE"] == "1"

    /// Stops the app where the view and a full snapshot of the tree differ, saying how.
    package func checkAgainstFullSnapshot() {
        let (view, full) = (model().snapshot(), TreeSnapshot(of: root))
        guard Array(view.nodes) != Array(full.nodes) else { return }
        let first = zip(view.nodes, full.nodes).first { $0 != $1 }
        preconditionFailure(
            "the inspector's view of the tree differs from a full snapshot (XTREE_CHECK_LIVE_TREE): "
                + "\(view.nodes.count) against \(full.nodes.count) nodes; first difference: "
                + (first.map { "\($0.0) against \($0.1)" } ?? "in the number of nodes"))
    }

    /// Whether something announced a change since the last update.
    package var hasAnnouncements: Bool { announcements.withLock { $0.count > 0 } }

    /// Notes an announcement from `key`'s object; on any thread.
    nonisolated func announce(_ key: ObjectIdentifier) {
        announcements.withLock { state in
            state.keys.insert(key)
            state.count += 1
        }
        onChange()
    }
}

/// What the piece-by-piece update cannot follow: a full walk follows it instead.
struct NeedsFullWalk: Error {}

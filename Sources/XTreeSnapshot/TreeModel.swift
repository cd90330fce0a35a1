/// A tree as a program follows it from edit to edit: each node by id, with its description and
/// its list of children's ids. Breadth-first numbers, depths, parents and the kinds of links
/// are not kept: ``layout()`` works them out as a snapshot's walk does.
///
/// Clients of an inspector keep one per watched or followed app: the tree it sent once, then
/// each event's ``TreeEdit``. Edits come from outside, so each is checked before it changes
/// anything: an edit that does not fit leaves the model as it was.
package struct TreeModel: Sendable {
    /// A node: its description and its children, by slot.
    package struct Entry: Sendable {
        package var node: TreeEdit.Node
        package var children: [Int32]

        package init(node: TreeEdit.Node, children: [Int32]) {
            self.node = node
            self.children = children
        }
    }

    /// The nodes by slot; a free slot is `nil`.
    package private(set) var entries: [Entry?] = []
    private var freeSlots: [Int32] = []
    /// Each node's slot, by id.
    package private(set) var slots: [String: Int32] = [:]
    /// How many lists of children name each slot.
    private var referrers: [Int32] = []
    package private(set) var root: Int32 = 0
    /// Whether some node is named by more than one list, or the root by any: then an edit is
    /// checked against the whole tree, since counts alone no longer prove every node reachable.
    private var hasSharedLinks = false

    /// How many nodes the tree has.
    package var count: Int { slots.count }

    /// The tree of `snapshot`.
    package init(_ snapshot: TreeSnapshot) {
        let columns = snapshot.columns
        entries.reserveCapacity(columns.count)
        referrers = [Int32](repeating: 0, count: columns.count)
        for index in columns.indices {
            let node = TreeEdit.Node(
                id: columns.ids[index], type: columns.type(of: index), label: columns.label(of: index),
                attributes: Array(columns.attributes[columns.attributeRange(of: index)]),
                names: columns.nameLists[columns.nameListNumber(of: index)], identity: columns.identity(of: index))
            let children = columns.linkRange(of: index).map {
                Int32(truncatingIfNeeded: TreeSnapshot.Columns.target(columns.links[$0]))
            }
            for child in children {
                referrers[Int(child)] += 1
                if referrers[Int(child)] > 1 || child == 0 { hasSharedLinks = true }
            }
            entries.append(Entry(node: node, children: children))
            slots[node.id] = Int32(truncatingIfNeeded: index)
        }
    }

    /// A tree of these entries (free slots `nil`), with `root` as its root.
    package init(entries: [Entry?], root: Int32) {
        self.entries = entries
        self.root = root
        referrers = [Int32](repeating: 0, count: entries.count)
        for (slot, entry) in entries.enumerated() {
            guard let entry else {
                freeSlots.append(Int32(truncatingIfNeeded: slot))
                continue
            }
            slots[entry.node.id] = Int32(truncatingIfNeeded: slot)
            for child in entry.children {
                referrers[Int(child)] += 1
                if referrers[Int(child)] > 1 || child == root { hasSharedLinks = true }
            }
        }
    }

    /// The node in `slot`.
    package func entry(_ slot: Int32) -> Entry { entries[Int(slot)]! }

    /// The description of the node with `id`, if the tree has it.
    package func node(_ id: String) -> TreeEdit.Node? { slots[id].map { entry($0).node } }

    // MARK: - Applying an edit

    /// Applies `edit`, or throws and changes nothing if it does not fit this tree.
    ///
    /// - Complexity: O(*k*) for an edit of *k* entries and the lists of children it splices,
    ///   in a tree where each node has one parent and nothing moves to another parent;
    ///   otherwise O(*n*), to see that every node is still reachable.
    package mutating func apply(_ edit: TreeEdit) throws(TreeEditError) {
        commit(try plan(edit))
    }

    /// What an edit will do, worked out without changing the model. Added nodes have
    /// negative slots, `-1 - index`, until they are inserted.
    private struct Plan {
        var removed: [Int32] = []
        var changed: [(slot: Int32, node: TreeEdit.Node)] = []
        var added: [TreeEdit.Node] = []
        var lists: [Int32: [Int32]] = [:]
        var referrers: [Int32: Int32] = [:]
        var root: Int32?
        var sharesLinks = false
    }

    private func plan(_ edit: TreeEdit) throws(TreeEditError) -> Plan {
        var plan = Plan()
        var seen = Set<String>()
        var addedSlots: [String: Int32] = [:]
        for node in edit.removed {
            guard seen.insert(node.id).inserted else { throw TreeEditError("node \(node.id) is removed twice") }
            guard let slot = slots[node.id] else {
                throw TreeEditError("the removed node \(node.id) is not in the tree")
            }
            guard entry(slot).node == node else {
                throw TreeEditError("the removed node \(node.id) is not described as the tree has it")
            }
            plan.removed.append(slot)
        }
        for change in edit.changed {
            guard change.old.id == change.new.id, seen.insert(change.old.id).inserted else {
                throw TreeEditError("node \(change.old.id) is changed twice, or removed and changed")
            }
            guard let slot = slots[change.old.id], entry(slot).node == change.old else {
                throw TreeEditError("the changed node \(change.old.id) is not described as the tree has it")
            }
            plan.changed.append((slot, change.new))
        }
        for node in edit.added {
            guard slots[node.id] == nil, seen.insert(node.id).inserted else {
                throw TreeEditError("the added node \(node.id) is already in the tree or added twice")
            }
            addedSlots[node.id] = -1 - Int32(truncatingIfNeeded: plan.added.count)
            plan.added.append(node)
        }
        func slot(_ id: String) -> Int32? { slots[id] ?? addedSlots[id] }
        func referrers(_ slot: Int32) -> Int32 { plan.referrers[slot] ?? (slot < 0 ? 0 : self.referrers[Int(slot)]) }
        if let change = edit.root {
            guard entry(root).node.id == change.old, let new = addedSlots[change.new] else {
                throw TreeEditError("the root's change does not name the root and an added node")
            }
            plan.root = new
        }
        let root = plan.root ?? self.root
        var relinked = false
        for splice in edit.splices {
            guard let parent = slot(splice.parent) else {
                throw TreeEditError("a splice names the parent \(splice.parent), which is not in the tree")
            }
            var list = plan.lists[parent] ?? (parent < 0 ? [] : entry(parent).children)
            // Index and count come from outside: compared before any arithmetic, so none overflows.
            guard splice.index >= 0, splice.index <= list.count, splice.removed.count <= list.count - splice.index
            else {
                throw TreeEditError("a splice of \(splice.parent)'s children does not match them")
            }
            let end = splice.index + splice.removed.count
            guard
                list[splice.index..<end].map({ $0 < 0 ? plan.added[Int(-1 - $0)].id : entry($0).node.id })
                    == splice.removed
            else {
                throw TreeEditError("a splice of \(splice.parent)'s children does not match them")
            }
            var inserted: [Int32] = []
            for id in splice.inserted {
                guard let child = slot(id) else {
                    throw TreeEditError("a splice inserts \(id), which is not in the tree")
                }
                inserted.append(child)
            }
            for child in list[splice.index..<end] { plan.referrers[child] = referrers(child) - 1 }
            for child in inserted {
                plan.referrers[child] = referrers(child) + 1
                if referrers(child) > 1 || child == root { plan.sharesLinks = true }
                // An existing node put in a list: it may have moved under a node of its own.
                if child >= 0, !splice.removed.contains(entry(child).node.id) { relinked = true }
            }
            list.replaceSubrange(splice.index..<end, with: inserted)
            plan.lists[parent] = list
        }
        for slot in plan.removed {
            guard (plan.lists[slot] ?? entry(slot).children).isEmpty, referrers(slot) == 0, slot != root else {
                throw TreeEditError("the removed node \(entry(slot).node.id) is still in the tree")
            }
        }
        let removed = Set(plan.removed)
        for (slot, count) in plan.referrers where count == 0 && slot != root && !removed.contains(slot) {
            throw TreeEditError(
                "node \(slot < 0 ? plan.added[Int(-1 - slot)].id : entry(slot).node.id) is left in no list")
        }
        // Counts prove every node reachable only while each has one parent and none moved.
        if hasSharedLinks || plan.sharesLinks || relinked || plan.root != nil {
            let reached = reachableCount(from: root, lists: plan.lists, added: plan.added.count)
            let total = count + plan.added.count - plan.removed.count
            guard reached == total else {
                throw TreeEditError("\(total - reached) nodes are not reachable from the root")
            }
        } else if !plan.added.isEmpty {
            // Each added node must hang from a node that was there, through added nodes only.
            var queue = plan.lists.filter { $0.key >= 0 }.flatMap { $0.value.filter { $0 < 0 } }
            var reached = Set(queue)
            var next = 0
            while next < queue.count {
                for child in plan.lists[queue[next]] ?? [] where child < 0 && reached.insert(child).inserted {
                    queue.append(child)
                }
                next += 1
            }
            guard reached.count == plan.added.count else {
                throw TreeEditError("added nodes are not reachable from the root")
            }
        }
        return plan
    }

    private mutating func commit(_ plan: Plan) {
        var real: [Int32] = []
        for node in plan.added { real.append(insert(node)) }
        func resolved(_ slot: Int32) -> Int32 { slot < 0 ? real[Int(-1 - slot)] : slot }
        for (parent, list) in plan.lists { entries[Int(resolved(parent))]!.children = list.map(resolved) }
        for (slot, count) in plan.referrers { referrers[Int(resolved(slot))] = count }
        for (slot, node) in plan.changed { entries[Int(slot)]!.node = node }
        for slot in plan.removed { release(slot) }
        if let root = plan.root { self.root = resolved(root) }
        if plan.sharesLinks { hasSharedLinks = true }
    }

    private mutating func insert(_ node: TreeEdit.Node) -> Int32 {
        let entry = Entry(node: node, children: [])
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            entries[Int(slot)] = entry
            referrers[Int(slot)] = 0
        } else {
            slot = Int32(truncatingIfNeeded: entries.count)
            entries.append(entry)
            referrers.append(0)
        }
        slots[node.id] = slot
        return slot
    }

    private mutating func release(_ slot: Int32) {
        slots[entry(slot).node.id] = nil
        entries[Int(slot)] = nil
        freeSlots.append(slot)
    }

    /// How many nodes a walk from `root` reaches, with the lists in `lists` in place of the
    /// model's and `added` more nodes (negative slots).
    private func reachableCount(from root: Int32, lists: [Int32: [Int32]], added: Int) -> Int {
        var seenExisting = [Bool](repeating: false, count: entries.count)
        var seenAdded = [Bool](repeating: false, count: added)
        func visit(_ slot: Int32) -> Bool {
            if slot < 0 {
                defer { seenAdded[Int(-1 - slot)] = true }
                return !seenAdded[Int(-1 - slot)]
            }
            defer { seenExisting[Int(slot)] = true }
            return !seenExisting[Int(slot)]
        }
        var queue = [root]
        _ = visit(root)
        var next = 0
        while next < queue.count {
            let slot = queue[next]
            for child in lists[slot] ?? (slot < 0 ? [] : entry(slot).children) where visit(child) {
                queue.append(child)
            }
            next += 1
        }
        return queue.count
    }
}

import XTree
import XTreeObservation
import XTreeSnapshot

/// The update piece by piece: first a plan, made by reading the objects that may have changed
/// and changing nothing; then, if nothing in it needs a full walk, the plan carried out.
extension LiveTree {
    /// An object new to the tree, and where it goes.
    struct NewNode {
        let object: any DeepLinkable
        let type: Int32
        let hash: UInt64
        let description: Description
        let heard: (subscription: AnyCancellable?, announces: Bool)
        let depth: Int32
        var children: [Child] = []
    }

    /// A place in a list of children: a node already there, or a new one.
    enum Child {
        case kept(Int32)
        case new(Int)
    }

    struct Plan {
        /// Each node read again, by slot; for a node whose object was replaced, the new one's.
        var described: [Int32: Description] = [:]
        /// Lists of children that change, with their ids before, in the order they are found.
        var lists: [(parent: Int32, oldIDs: [String], children: [Child])] = []
        /// The parents in `lists`: a rebound node's list is planned with it.
        var planned = Set<Int32>()
        var newNodes: [NewNode] = []
        /// Nodes that stay, whose object is replaced by another with the same id.
        var rebinds: [(slot: Int32, object: any DeepLinkable, heard: (AnyCancellable?, Bool))] = []
        /// Nodes whose id changes, from the top down, with their new hash.
        var rehashed: [(slot: Int32, hash: UInt64)] = []
        var rehashedSlots = Set<Int32>()
        /// The first node of each subtree that leaves, and every node of them.
        var removed: [Int32] = []
        var leaving = Set<Int32>()
        /// Every object new to the tree or to its node: none may be met twice.
        var met = Set<ObjectIdentifier>()

        /// The identity a node has now: as read again, or as the view has it.
        func identity(of slot: Int32, else kept: String?) -> String? {
            guard let described = described[slot] else { return kept }
            return described.identity
        }
    }

    /// Finds what changed since the last update and applies it to the view.
    ///
    /// - Throws: ``NeedsFullWalk`` before changing anything, if something found needs one.
    func updateInPlace(fired: Set<ObjectIdentifier>) throws(NeedsFullWalk) -> Update {
        var plan = Plan()
        let dirty = dirtySlots(fired: fired)
        var lists = Set<Int32>()
        // Nothing changes while the plan is made, and lists are planned from the top down below.
        let rootChanged = records.withUnsafeBufferPointer { buffer in
            // Fields are read through a mutable pointer's `pointee`, in place (nothing is
            // written): a read through a buffer or an `UnsafePointer` copies the whole record,
            // weak reference and all, to read one field.
            guard let base = buffer.baseAddress else { return false }
            let records = UnsafeMutablePointer(mutating: base)
            for slot in dirty {
                let record = records + Int(slot)
                // An object gone from memory is gone from its parent's list too, which is looked
                // at again (``same(_:_:in:)`` leaves a plain child's life to be checked here).
                guard let object = record.pointee.object else {
                    if record.pointee.parent >= 0 { lists.insert(record.pointee.parent) }
                    continue
                }
                let tracking =
                    record.pointee.subscription == nil
                    && fired.contains(record.pointee.key)
                let description = describe(object, tracking: tracking)
                let childrenChanged = !Self.same(
                    record.pointee.children, description.children, in: records)
                let identityChanged = description.identity != record.pointee.identity
                if childrenChanged || identityChanged || description.label != record.pointee.label
                    || description.attributes != record.pointee.attributes
                {
                    plan.described[slot] = description
                }
                if identityChanged {
                    // Its id changes, and maybe its siblings': its parent's list is looked at again.
                    guard record.pointee.parent >= 0 else { return true }
                    lists.insert(record.pointee.parent)
                }
                if childrenChanged { lists.insert(slot) }
            }
            return false
        }
        // The root's id would change: only a full walk gives the tree a new root.
        if rootChanged { throw NeedsFullWalk() }
        for parent in lists.sorted(by: { records[Int($0)].depth < records[Int($1)].depth }) {
            guard !plan.leaving.contains(parent), !plan.planned.contains(parent) else { continue }
            guard !plan.rehashedSlots.contains(parent) else { throw NeedsFullWalk() }
            let children: [any DeepLinkable]
            if let described = plan.described[parent] {
                children = described.children
            } else if let object = records[Int(parent)].object {
                children = object.children
            } else {
                throw NeedsFullWalk()
            }
            try planList(of: parent, children, &plan)
        }
        try checkKeys(plan)
        return commit(plan)
    }

    /// The slots to describe again: every plain object's, and those of the objects that
    /// announced. In slot order, which is about the order the objects were first met and
    /// allocated in: read in hash order, each record, object and weak reference's side table
    /// is a cache miss, which made a plain tree's event four times a snapshot.
    private func dirtySlots(fired: Set<ObjectIdentifier>) -> [Int32] {
        let announced = fired.compactMap { key in slotOf[key] }
        guard plain.count >= records.count / 8 else { return (Array(plain) + announced).sorted() }
        // Most nodes are described anyway: one pass over the slots costs less than a sort.
        var slots: [Int32] = []
        slots.reserveCapacity(plain.count + announced.count)
        records.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let records = UnsafeMutablePointer(mutating: base)
            for index in 0..<buffer.count where records[index].isLive && !records[index].announces {
                slots.append(Int32(truncatingIfNeeded: index))
            }
        }
        // An object that announces is never plain: no slot is listed twice.
        return slots + announced.sorted()
    }

    /// Whether a list of children still names exactly these objects: the same addresses, each
    /// still alive there, so no other object can have taken it. Whether a plain child is
    /// alive is checked where it is described, at this same update: one weak load a node.
    private static func same(
        _ slots: [Int32], _ objects: [any DeepLinkable], in records: UnsafeMutablePointer<Record>
    ) -> Bool {
        guard slots.count == objects.count else { return false }
        for index in slots.indices {
            let child = records + Int(slots[index])
            guard child.pointee.key == ObjectIdentifier(objects[index]) else { return false }
            if child.pointee.announces, child.pointee.object == nil { return false }
        }
        return true
    }

    /// Plans the list of `parent`'s children becoming `objects`.
    private func planList(of parent: Int32, _ objects: [any DeepLinkable], _ plan: inout Plan) throws(NeedsFullWalk) {
        let record = records[Int(parent)]
        let oldSlots = record.children
        let oldIDs = oldSlots.map { id(of: records[Int($0)]) }
        // The objects already in this list stay in their nodes, wherever they moved in it.
        var seen = Set<ObjectIdentifier>()
        var existing = [Int32?](repeating: nil, count: objects.count)
        var kept = Set<Int32>()
        for (index, object) in objects.enumerated() {
            let key = ObjectIdentifier(object)
            // Listed twice: a shared object, which only a full walk numbers.
            guard seen.insert(key).inserted else { throw NeedsFullWalk() }
            guard let slot = slotOf[key], records[Int(slot)].object === object else { continue }
            // From another parent, or a cycle: only a full walk numbers it.
            guard records[Int(slot)].parent == parent, !plan.leaving.contains(slot) else { throw NeedsFullWalk() }
            existing[index] = slot
            kept.insert(slot)
        }
        var counts: [(key: UInt64, count: Int)] = []
        var children: [Child] = []
        // The old children no object stays in, by hash: a new object with the same id and
        // type takes the node's place. Made when a new object first needs it.
        var vacated: [UInt64: Int32]?
        for (index, object) in objects.enumerated() {
            if let slot = existing[index] {
                let node = records[Int(slot)]
                let identity = plan.identity(of: slot, else: node.identity)
                let hash = childHash(parent: record.hash, type: node.type, identity: identity, counts: &counts)
                children.append(.kept(slot))
                if hash != node.hash { try planRehash(slot, to: hash, &plan) }
                continue
            }
            let type = typeNumber(of: object)
            let hash = childHash(parent: record.hash, type: type, identity: object.nodeIdentityText, counts: &counts)
            if vacated == nil {
                vacated = Dictionary(
                    oldSlots.filter { !kept.contains($0) }.map { (records[Int($0)].hash, $0) },
                    uniquingKeysWith: { first, _ in first })
            }
            if let same = vacated?[hash], records[Int(same)].type == type {
                vacated?[hash] = nil
                kept.insert(same)
                children.append(.kept(same))
                try planRebind(same, to: object, &plan)
                continue
            }
            children.append(.new(try planSubtree(object, type: type, hash: hash, depth: record.depth + 1, &plan)))
        }
        for slot in oldSlots where !kept.contains(slot) { try planRemoval(slot, &plan) }
        if !partners.isEmpty {
            // Reordered nodes could reorder a collision's pair.
            let before = oldSlots.filter(kept.contains)
            let after = children.compactMap { child -> Int32? in
                if case .kept(let slot) = child { slot } else { nil }
            }
            if before != after { throw NeedsFullWalk() }
        }
        plan.lists.append((parent, oldIDs, children))
        plan.planned.insert(parent)
    }

    /// Plans a node's object being replaced by `object`, which has the same id: its
    /// description read anew, its children matched with the old ones'.
    private func planRebind(_ slot: Int32, to object: any DeepLinkable, _ plan: inout Plan) throws(NeedsFullWalk) {
        guard plan.met.insert(ObjectIdentifier(object)).inserted else { throw NeedsFullWalk() }
        let heard = listen(to: object)
        let description = describe(object, tracking: heard.subscription == nil)
        plan.described[slot] = description
        plan.rebinds.append((slot, object, heard))
        try planList(of: slot, description.children, &plan)
    }

    /// Plans a node and its subtree getting new ids under a parent whose hash changed, or
    /// whose list moved it among siblings of its kind.
    private func planRehash(_ slot: Int32, to hash: UInt64, _ plan: inout Plan) throws(NeedsFullWalk) {
        var queue = [(slot, hash)]
        var next = 0
        while next < queue.count {
            let (node, hash) = queue[next]
            guard !partners.contains(node), plan.rehashedSlots.insert(node).inserted else { throw NeedsFullWalk() }
            plan.rehashed.append((node, hash))
            var counts: [(key: UInt64, count: Int)] = []
            for child in records[Int(node)].children {
                let record = records[Int(child)]
                let identity = plan.identity(of: child, else: record.identity)
                queue.append((child, childHash(parent: hash, type: record.type, identity: identity, counts: &counts)))
            }
            next += 1
        }
    }

    /// Plans a subtree leaving the tree.
    private func planRemoval(_ slot: Int32, _ plan: inout Plan) throws(NeedsFullWalk) {
        plan.removed.append(slot)
        var stack = [slot]
        while let node = stack.popLast() {
            guard !partners.contains(node), plan.leaving.insert(node).inserted else { throw NeedsFullWalk() }
            stack += records[Int(node)].children
        }
    }

    /// Plans a new object's subtree joining the tree; the index of its first node.
    private func planSubtree(
        _ object: any DeepLinkable, type: Int32, hash: UInt64, depth: Int32, _ plan: inout Plan
    ) throws(NeedsFullWalk) -> Int {
        let first = plan.newNodes.count
        var queue: [(object: any DeepLinkable, type: Int32, hash: UInt64, depth: Int32)] = [(object, type, hash, depth)]
        var next = 0
        while next < queue.count {
            let (object, type, hash, depth) = queue[next]
            let key = ObjectIdentifier(object)
            // An object of the tree under a new one (moved, shared, or a cycle), or one met
            // twice: only a full walk numbers it.
            guard plan.met.insert(key).inserted, slotOf[key].flatMap({ records[Int($0)].object }) !== object else {
                throw NeedsFullWalk()
            }
            let heard = listen(to: object)
            let description = describe(object, tracking: heard.subscription == nil)
            var counts: [(key: UInt64, count: Int)] = []
            var children: [Child] = []
            for child in description.children {
                let childType = typeNumber(of: child)
                let childHash = childHash(
                    parent: hash, type: childType, identity: child.nodeIdentityText, counts: &counts)
                children.append(.new(first + queue.count))
                queue.append((child, childType, childHash, depth + 1))
            }
            plan.newNodes.append(
                NewNode(
                    object: object, type: type, hash: hash, description: description, heard: heard, depth: depth,
                    children: children))
            next += 1
        }
        return first
    }

    /// Refuses a plan whose new ids collide with each other or with ids that stay in the
    /// tree. An id that leaves (its node removed, or renamed) may be taken by a new node.
    private func checkKeys(_ plan: Plan) throws(NeedsFullWalk) {
        var freed = Set<UInt64>()
        for slot in plan.leaving { freed.insert(records[Int(slot)].hash & Self.keyMask) }
        for (slot, _) in plan.rehashed { freed.insert(records[Int(slot)].hash & Self.keyMask) }
        var added = Set<UInt64>()
        for key in plan.newNodes.map({ $0.hash & Self.keyMask }) + plan.rehashed.map({ $0.hash & Self.keyMask }) {
            guard !keys.contains(key) || freed.contains(key), added.insert(key).inserted else { throw NeedsFullWalk() }
        }
    }
}

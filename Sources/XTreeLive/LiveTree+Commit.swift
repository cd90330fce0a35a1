import XTree
import XTreeSnapshot

/// Carrying out a plan: the view changed, and the edit that says how, made as it goes.
extension LiveTree {
    func commit(_ plan: Plan) -> Update {
        var update = Update()
        var edit = TreeEdit()
        // What leaves, and the old ids of what is renamed, as the view has them now.
        for first in plan.removed {
            var queue = [first]
            var next = 0
            while next < queue.count {
                queue += records[Int(queue[next])].children
                next += 1
            }
            for slot in queue { noteRemoval(of: slot, in: &edit) }
        }
        for (slot, _) in plan.rehashed { noteRemoval(of: slot, in: &edit) }
        var changes: [(slot: Int32, old: TreeEdit.Node)] = []
        for slot in plan.described.keys where !plan.leaving.contains(slot) && !plan.rehashedSlots.contains(slot) {
            changes.append((slot, node(of: records[Int(slot)])))
        }
        for slot in plan.leaving {
            let record = records[Int(slot)]
            if let object = record.object {
                update.departures.append(Departure(object: object, node: reference(record)))
            }
            release(slot)
        }
        for (slot, hash) in plan.rehashed {
            keys.remove(records[Int(slot)].hash & Self.keyMask)
            records[Int(slot)].hash = hash
            keys.insert(hash & Self.keyMask)
        }
        for (slot, object, heard) in plan.rebinds {
            let old = records[Int(slot)]
            if let previous = old.object, previous !== object {
                update.departures.append(Departure(object: previous, node: reference(old)))
            }
            if slotOf[old.key] == slot { slotOf[old.key] = nil }
            var record = old
            record.object = object
            record.key = ObjectIdentifier(object)
            record.announces = heard.1
            record.subscription = heard.0
            records[Int(slot)] = record
            slotOf[record.key] = slot
            if heard.1 { plain.remove(slot) } else { plain.insert(slot) }
        }
        let newSlots = plan.newNodes.map(insert)
        func resolved(_ child: Child) -> Int32 {
            switch child {
            case .kept(let slot): slot
            case .new(let index): newSlots[index]
            }
        }
        for (index, node) in plan.newNodes.enumerated() {
            let slot = newSlots[index]
            let children = node.children.map(resolved)
            for child in children { records[Int(child)].parent = slot }
            records[Int(slot)].children = children
        }
        for (parent, _, children) in plan.lists {
            let slots = children.map(resolved)
            for child in slots { records[Int(child)].parent = parent }
            records[Int(parent)].children = slots
        }
        for (slot, description) in plan.described where !plan.leaving.contains(slot) {
            records[Int(slot)].label = description.label
            records[Int(slot)].attributes = description.attributes
            records[Int(slot)].identity = description.identity
        }
        for (slot, old) in changes.sorted(by: { $0.slot < $1.slot }) {
            let new = node(of: records[Int(slot)])
            if new != old { edit.changed.append(TreeEdit.Change(old: old, new: new)) }
        }
        for (slot, _) in plan.rehashed { noteAddition(of: slot, in: &edit) }
        for slot in newSlots { noteAddition(of: slot, in: &edit) }
        for (parent, oldIDs, _) in plan.lists {
            let newIDs = records[Int(parent)].children.map { id(of: records[Int($0)]) }
            if let splice = TreeModel.splice(of: id(of: records[Int(parent)]), from: oldIDs, to: newIDs) {
                edit.splices.append(splice)
            }
        }
        update.edit = edit.mergingReusedIDs()
        return update
    }

    /// A node leaving under its id now, with its list of children emptied.
    private func noteRemoval(of slot: Int32, in edit: inout TreeEdit) {
        let record = records[Int(slot)]
        edit.removed.append(node(of: record))
        if !record.children.isEmpty {
            edit.splices.append(
                .init(
                    parent: id(of: record), index: 0, removed: record.children.map { id(of: records[Int($0)]) },
                    inserted: []))
        }
    }

    /// A node joining under its id now, with its list of children filled.
    private func noteAddition(of slot: Int32, in edit: inout TreeEdit) {
        let record = records[Int(slot)]
        edit.added.append(node(of: record))
        if !record.children.isEmpty {
            edit.splices.append(
                .init(
                    parent: id(of: record), index: 0, removed: [],
                    inserted: record.children.map { id(of: records[Int($0)]) }))
        }
    }

    private func insert(_ node: NewNode) -> Int32 {
        let key = ObjectIdentifier(node.object)
        let record = Record(
            object: node.object, key: key, hash: node.hash, parent: -1, depth: node.depth, children: [],
            type: node.type, label: node.description.label, attributes: node.description.attributes,
            identity: node.description.identity, announces: node.heard.announces,
            subscription: node.heard.subscription)
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            records[Int(slot)] = record
        } else {
            slot = Int32(truncatingIfNeeded: records.count)
            records.append(record)
        }
        slotOf[key] = slot
        keys.insert(node.hash & Self.keyMask)
        if !node.heard.announces { plain.insert(slot) }
        return slot
    }

    private func release(_ slot: Int32) {
        let record = records[Int(slot)]
        keys.remove(record.hash & Self.keyMask)
        if slotOf[record.key] == slot { slotOf[record.key] = nil }
        plain.remove(slot)
        records[Int(slot)] = Record(
            object: nil, key: record.key, hash: 0, parent: -1, depth: 0, children: [], type: 0, label: "",
            attributes: [], identity: nil, announces: true, subscription: nil, isLive: false)
        freeSlots.append(slot)
    }
}

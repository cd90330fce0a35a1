import XTree
import XTreeObservation
import XTreeSnapshot

#if canImport(Observation)
    import Observation
#endif

/// Reading objects, hearing their announcements, and the full walk.
extension LiveTree {
    /// What the view reads of an object.
    struct Description {
        var label: String
        var attributes: [TreeSnapshot.Attribute]
        var identity: String?
        var children: [any DeepLinkable]
    }

    /// Reads `object`'s description and children; with `tracking`, inside a new Observation
    /// tracking of those reads, whose first change is announced. Called within
    /// `SnapshotBuilder.describing(treeOf: root)`, which ``update()`` and `init` enter.
    func describe(_ object: any DeepLinkable, tracking: Bool) -> Description {
        #if canImport(Observation)
            if tracking, #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
                let key = ObjectIdentifier(object)
                var description: Description?
                withObservationTracking {
                    description = Self.read(object)
                } onChange: { [weak self] in
                    self?.announce(key)
                }
                return description!
            }
        #endif
        return Self.read(object)
    }

    private static func read(_ object: any DeepLinkable) -> Description {
        var attributes: [TreeSnapshot.Attribute] = []
        SnapshotBuilder.appendAttributes(of: object, to: &attributes)
        return Description(
            label: object.nodeLabelText, attributes: attributes, identity: object.nodeIdentityText,
            children: object.children)
    }

    /// Whether `object` announces its changes through Observation (an `@Observable` class).
    private static func isObservable(_ object: AnyObject) -> Bool {
        #if canImport(Observation)
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { return object is any Observable }
        #endif
        return false
    }

    /// Starts hearing `object`: its `objectWillChange` subscription, if it has one, and
    /// whether it announces its changes at all. An object without `objectWillChange` is
    /// tracked through Observation by ``describe(_:tracking:)``.
    func listen(to object: any DeepLinkable) -> (subscription: AnyCancellable?, announces: Bool) {
        let key = ObjectIdentifier(object)
        if let subscription = subscribeToObjectWillChange(of: object, { [weak self] in self?.announce(key) }) {
            return (subscription, true)
        }
        return (nil, Self.isObservable(object))
    }

    /// The number of `object`'s dynamic type in ``types``.
    func typeNumber(of object: any DeepLinkable) -> Int32 {
        let key = ObjectIdentifier(type(of: object))
        var number = typeNumbers[key]
        if number == nil {
            number = Int32(truncatingIfNeeded: types.count)
            types.append(SnapshotBuilder.facts(of: object))
            typeNumbers[key] = number
        }
        guard types[Int(number!)].byValue else { return number! }
        let facts = SnapshotBuilder.facts(ofValueNode: object)
        if let known = valueTypeNumbers[facts.searchNames[0]] { return known }
        let valueNumber = Int32(truncatingIfNeeded: types.count)
        types.append(facts)
        valueTypeNumbers[facts.searchNames[0]] = valueNumber
        return valueNumber
    }

    /// A child's hash under a parent's, from its type, identity and how many siblings before
    /// it share its key: the snapshot's rule.
    func childHash(
        parent: UInt64, type: Int32, identity: String?, counts: inout [(key: UInt64, count: Int)]
    ) -> UInt64 {
        mix(parent ^ mix(childStep(type: type, identity: identity, counts: &counts)))
    }

    /// The step a child adds to its parent's id, the snapshot's rule: its type, its identity,
    /// and how many siblings before it share both (`counts`, the list's so far).
    func childStep(type: Int32, identity: String?, counts: inout [(key: UInt64, count: Int)]) -> UInt64 {
        let typeHash = types[Int(type)].hash
        let identityHash = identity.map(stableHash)
        let key = SnapshotBuilder.siblingKey(typeHash: typeHash, identityHash: identityHash)
        var sameKey = 0
        if let slot = counts.firstIndex(where: { $0.key == key }) {
            counts[slot].count += 1
            sameKey = counts[slot].count
        } else {
            counts.append((key, 0))
        }
        return SnapshotBuilder.step(typeHash: typeHash, identityHash: identityHash, sameKey: sameKey)
    }

    // MARK: - The full walk

    /// Builds the view again from a walk of the whole tree, as a snapshot walks it, keeping
    /// the subscriptions of the objects still in it; the edit is found by comparing the view
    /// before with the view after.
    func rebuild() -> Update {
        var update = Update()
        update.rebuilt = true
        let before = records.isEmpty ? nil : model()
        let (oldRecords, oldSlots) = (records, slotOf)
        records = []
        freeSlots = []
        slotOf = [:]
        keys = []
        plain = []
        partners = []
        sharesObjects = false
        searchableCount = SnapshotBuilder.searchableCount
        var ids = NodeIDs()
        var parents: [Int32] = [-1]
        var objects: [any DeepLinkable] = [root]
        rootSlot = 0
        var counts: [(key: UInt64, count: Int)] = []
        let rootType = typeNumber(of: root)
        ids.append(
            step: SnapshotBuilder.step(
                typeHash: types[Int(rootType)].hash, identityHash: root.nodeIdentityText.map(stableHash), sameKey: 0),
            parent: nil)
        var next = 0
        while next < objects.count {
            let object = objects[next]
            let key = ObjectIdentifier(object)
            let old = oldSlots[key].map { oldRecords[Int($0)] }.flatMap { $0.object === object ? $0 : nil }
            let heard = old.map { ($0.subscription, $0.announces) } ?? listen(to: object)
            let description = describe(object, tracking: heard.0 == nil)
            var children: [Int32] = []
            counts.removeAll(keepingCapacity: true)
            for child in description.children {
                let childKey = ObjectIdentifier(child)
                if let seen = slotOf[childKey], objects[Int(seen)] === child {
                    sharesObjects = true
                    children.append(seen)
                    continue
                }
                let slot = Int32(truncatingIfNeeded: objects.count)
                let step = childStep(type: typeNumber(of: child), identity: child.nodeIdentityText, counts: &counts)
                ids.append(step: step, parent: next)
                slotOf[childKey] = slot
                objects.append(child)
                parents.append(Int32(truncatingIfNeeded: next))
                children.append(slot)
            }
            slotOf[key] = Int32(truncatingIfNeeded: next)
            records.append(
                Record(
                    object: object, key: key, hash: 0, parent: parents[next],
                    depth: next == 0 ? 0 : records[Int(parents[next])].depth + 1, children: children,
                    type: next == 0 ? rootType : typeNumber(of: object), label: description.label,
                    attributes: description.attributes, identity: description.identity, announces: heard.1,
                    subscription: heard.0))
            if !heard.1 { plain.insert(Int32(truncatingIfNeeded: next)) }
            next += 1
        }
        let candidates = ids.hashes
        ids.resolveCollisions(parents: parents)
        for (slot, hash) in ids.hashes.enumerated() {
            records[slot].hash = hash
            keys.insert(hash & Self.keyMask)
        }
        notePartners(candidates: candidates, hashes: ids.hashes)
        for record in oldRecords {
            guard record.isLive, let object = record.object, !contains(object) else { continue }
            update.departures.append(Departure(object: object, node: reference(record)))
        }
        if let before { update.edit = TreeModel.edit(from: before, to: model()) }
        return update
    }

    /// Notes the nodes a collision decided: each whose id was mixed again, and the earlier
    /// node whose id it would have had.
    private func notePartners(candidates: [UInt64], hashes: [UInt64]) {
        let moved = candidates.indices.filter { candidates[$0] != hashes[$0] }
        guard !moved.isEmpty else { return }
        var slotOfKey: [UInt64: Int] = [:]
        for (slot, hash) in hashes.enumerated() { slotOfKey[hash & Self.keyMask] = slot }
        for slot in moved {
            partners.insert(Int32(truncatingIfNeeded: slot))
            if let winner = slotOfKey[candidates[slot] & Self.keyMask] {
                partners.insert(Int32(truncatingIfNeeded: winner))
            }
        }
    }

    /// How the journal names a node that left: its type, id and label.
    func reference(_ record: Record) -> NodeReference {
        NodeReference(order: nil, id: id(of: record), type: types[Int(record.type)].name, label: record.label)
    }
}

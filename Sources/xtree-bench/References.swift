import XTree

/// The two references XTree is measured against, written here from their descriptions.
@MainActor enum References {
    /// The floor: the cheapest breadth-first walk over the same `children` arrays, with an
    /// index-advanced queue, no type test and no visited set. Returns how many nodes it
    /// dequeued (more than the objects when some are shared).
    static func floorWalk(_ root: any DeepLinkable) -> Int {
        var queue: [any DeepLinkable] = [root]
        var head = 0
        while head < queue.count {
            queue.append(contentsOf: queue[head].children)
            head += 1
        }
        return head
    }

    /// The in-place floor: the cheapest walk of all, over the `children` arrays in place (a
    /// queue of arrays, each read by index, so no element is copied into a second queue),
    /// with no type test and no visited set. Returns how many nodes it met.
    static func inPlaceFloorWalk(_ root: any DeepLinkable) -> Int {
        var arrays: [[any DeepLinkable]] = [[root]]
        var head = 0
        var met = 0
        while head < arrays.count {
            let count = arrays[head].count
            for index in 0..<count {
                let children = arrays[head][index].children
                if !children.isEmpty { arrays.append(children) }
            }
            met += count
            head += 1
        }
        return met
    }

    /// The algorithm XUI 1.0 published for `firstReceiver`: a method that calls itself once
    /// per visited node; a Swift array as the queue, advanced with `removeFirst()`; children
    /// filtered against a `Set<ObjectIdentifier>` before being appended; nodes marked
    /// visited when they are dequeued.
    static func baselineFirstReceiver<Receiver>(
        from root: any DeepLinkable,
        as type: Receiver.Type,
        where predicate: (Receiver) -> Bool
    ) -> Receiver? {
        var visited = Set<ObjectIdentifier>()
        var queue: [any DeepLinkable] = []
        let matches: (Any) -> Bool = { ($0 as? Receiver).map(predicate) ?? false }
        return root.baselineStep(matches: matches, visited: &visited, queue: &queue) as? Receiver
    }
}

extension DeepLinkable {
    /// One step of the baseline, called on the next node, as the published version is.
    fileprivate func baselineStep(
        matches: (Any) -> Bool,
        visited: inout Set<ObjectIdentifier>,
        queue: inout [any DeepLinkable]
    ) -> Any? {
        visited.insert(ObjectIdentifier(self))
        if matches(self) { return self }
        queue.append(contentsOf: children.filter { !visited.contains(ObjectIdentifier($0)) })
        guard let next = queue.first else { return nil }
        queue.removeFirst()
        return next.baselineStep(matches: matches, visited: &visited, queue: &queue)
    }
}

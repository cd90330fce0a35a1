import XTreeSnapshot

/// The order a search visits objects in.
public enum SearchOrder: Sendable, Hashable {
    /// This object, then its children in declaration order, then theirs: the nearest match.
    case breadthFirst
    /// This object, then each child's whole subtree in declaration order (pre-order): the
    /// order of a router that asks each coordinator and then its children, as many apps do.
    case depthFirst
}

extension DeepLinkable {
    /// Returns the first object in `order` that is a `Receiver` and satisfies `predicate`.
    ///
    /// Breadth first is ``firstReceiver(as:where:)``. Depth first visits this object, then each
    /// child's subtree in declaration order, each object once: an app whose router asks
    /// coordinators depth first (`canHandle`) finds the same one through XTree, so its searches
    /// are counted, traced and explained as any other:
    ///
    /// ```swift
    /// let handler = scene.firstReceiver(as: BaseCoordinator.self, order: .depthFirst) {
    ///     $0.canHandle(route)
    /// }
    /// ```
    ///
    /// A recorded trace lists the objects in the order visited; each step's `order` is the
    /// object's breadth-first number, as in a ``TreeSnapshot``.
    ///
    /// - Throws: Whatever `predicate` throws; the search stops there.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before the
    ///   match; a traced depth-first search first numbers the whole tree breadth first.
    public func firstReceiver<Receiver>(
        as type: Receiver.Type, order: SearchOrder, where predicate: (Receiver) throws -> Bool
    ) rethrows -> Receiver? {
        guard order == .depthFirst else { return try firstReceiver(as: type, where: predicate) }
        let current = SearchLog.current
        let log = current?.isTracing == true ? current : nil
        // Breadth-first numbers, depths and parents, for a trace that agrees with snapshots.
        var numbers: [ObjectIdentifier: (order: Int, depth: Int, parent: Int?)] = [:]
        if log != nil {
            for visit in breadthFirst() {
                numbers[ObjectIdentifier(visit.node)] = (visit.order, visit.depth, visit.parentOrder)
            }
        }
        var steps: [SearchTrace.Step] = []
        var stack: [any DeepLinkable] = [self]
        var seen: Set<ObjectIdentifier> = []
        var largest = 1
        var match: Receiver?
        defer {
            if let log {
                let path = match == nil ? [] : Self.breadthFirstPath(to: steps.last?.order, numbers.values)
                log.append(
                    SearchTrace(
                        receiverType: TypeNameCache.name(of: type), steps: steps, path: path, largestFrontier: largest))
            } else {
                current?.count(visits: seen.count, missed: match == nil ? TypeNameCache.name(of: type) : nil)
            }
        }
        while let node = stack.popLast() {
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            var verdict = SearchTrace.Verdict.wrongType
            if let candidate = node as? Receiver {
                verdict = try predicate(candidate) ? .matched : .rejected
                if verdict == .matched { match = candidate }
            }
            if log != nil, let number = numbers[ObjectIdentifier(node)] {
                steps.append(
                    SearchTrace.Step(
                        order: number.order, depth: number.depth, parentOrder: number.parent,
                        type: TypeNameCache.name(of: Swift.type(of: node)), label: node.nodeLabelText,
                        verdict: verdict))
            }
            if match != nil { return match }
            stack += node.children.reversed()
            largest = Swift.max(largest, stack.count)
        }
        return nil
    }

    /// The breadth-first orders from the start to `order`, by the numbers' parents.
    private static func breadthFirstPath(
        to order: Int?, _ numbers: some Collection<(order: Int, depth: Int, parent: Int?)>
    ) -> [Int] {
        guard var current = order else { return [] }
        let parents = Dictionary(numbers.map { ($0.order, $0.parent) }, uniquingKeysWith: { first, _ in first })
        var path = [current]
        while let parent = parents[current] ?? nil {
            path.append(parent)
            current = parent
        }
        return path.reversed()
    }
}

import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

extension DeepLinkable {
    /// Returns the first object in breadth-first order that is a `Receiver` and satisfies
    /// `predicate`.
    ///
    /// `Receiver` may be a protocol, used as an existential, or a class. This object is
    /// tested first, then its children in declaration order, then theirs. A deep link
    /// therefore names only the types it talks to, not the path to them:
    ///
    /// ```swift
    /// let list = home.firstReceiver(as: (any RecipeListCoordinator).self) { $0.filter(recipe) }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - predicate: A test for candidates of the right type.
    /// - Returns: The first match, or `nil` if no reachable object matches.
    /// - Throws: Whatever `predicate` throws; the search stops there.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before the
    ///   match; constant stack depth.
    public func firstReceiver<Receiver>(
        as type: Receiver.Type,
        where predicate: (Receiver) throws -> Bool
    ) rethrows -> Receiver? {
        var match: Receiver?
        try walk(
            for: type,
            classifying: { try classify($0, as: type, where: predicate, into: &match) },
            until: { $0 == .matched }
        )
        return match
    }

    /// Returns every object that is a `Receiver` and satisfies `predicate`, in breadth-first
    /// order.
    ///
    /// For a lazy version, filter ``breadthFirst()`` yourself:
    /// `breadthFirst().lazy.compactMap { $0.node as? any RecipeViewModel }`.
    ///
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - predicate: A test for candidates of the right type.
    /// - Returns: All matches, each object once.
    /// - Throws: Whatever `predicate` throws; the search stops there.
    /// - Complexity: O(*n* + *e*) for *n* reachable objects and *e* child links.
    public func receivers<Receiver>(
        as type: Receiver.Type,
        where predicate: (Receiver) throws -> Bool
    ) rethrows -> [Receiver] {
        var matches: [Receiver] = []
        var match: Receiver?
        try walk(
            for: type,
            classifying: { try classify($0, as: type, where: predicate, into: &match) },
            until: { verdict in
                if verdict == .matched, let match { matches.append(match) }
                return false
            }
        )
        return matches
    }

    /// Returns the chain of objects from this one to the first match of
    /// ``firstReceiver(as:where:)``, both ends included.
    ///
    /// Each object in the chain is the parent through which breadth-first search first
    /// reached the next, so the chain is a shortest path.
    ///
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - predicate: A test for candidates of the right type.
    /// - Returns: The path, starting with this object and ending with the match, or `nil`
    ///   if nothing matches.
    /// - Throws: Whatever `predicate` throws; the search stops there.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before the
    ///   match; O(*n*) extra memory for the parent links.
    public func pathToFirstReceiver<Receiver>(
        as type: Receiver.Type,
        where predicate: (Receiver) throws -> Bool
    ) rethrows -> [any DeepLinkable]? {
        var match: Receiver?
        let path = try walk(
            for: type,
            findingPath: true,
            classifying: { try classify($0, as: type, where: predicate, into: &match) },
            until: { $0 == .matched }
        )
        return match == nil ? nil : path
    }

    /// Returns the breadth-first numbers of the path from this object to `node`, both
    /// included, or `nil` if `node` is not reachable.
    ///
    /// The numbers agree with a ``TreeSnapshot`` of this object, so they can be passed to a
    /// renderer to highlight where a deep link ended up.
    ///
    /// - Parameter node: The object to find, by identity.
    /// - Returns: The path's breadth-first numbers, starting with 0 for this object.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before
    ///   `node`; O(*n*) extra memory for the parent links.
    public func pathOrders(to node: AnyObject) -> [Int]? {
        var parents: [Int?] = []
        for visit in breadthFirst() {
            parents.append(visit.parentOrder)
            if visit.node === node { return followParents(from: visit.order) { parents[$0] } }
        }
        return nil
    }

    /// Searches like ``firstReceiver(as:where:)`` and records how the search went.
    ///
    /// The trace lists every visited object with its verdict, so a deep link that found
    /// nothing, or found the wrong object, can be explained. It is the same trace that
    /// ``withSearchRecording(_:)`` records for the search:
    ///
    /// ```swift
    /// let (list, trace) = home.tracingFirstReceiver(as: (any RecipeListCoordinator).self) {
    ///     $0.filter(recipe)
    /// }
    /// print(trace)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to look for.
    ///   - predicate: A test for candidates of the right type.
    /// - Returns: The first match, or `nil`, and the trace of the search.
    /// - Throws: Whatever `predicate` throws; the search stops there.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before the
    ///   match; O(*n*) memory for the trace.
    public func tracingFirstReceiver<Receiver>(
        as type: Receiver.Type,
        where predicate: (Receiver) throws -> Bool
    ) rethrows -> (receiver: Receiver?, trace: SearchTrace) {
        let (match, traces) = try withSearchRecording { try firstReceiver(as: type, where: predicate) }
        // Searches made by the predicate end first; this search's trace is the last.
        guard let trace = traces.last else { preconditionFailure("a recorded search left no trace") }
        return (match, trace)
    }

    /// Returns the first object in breadth-first order that is a `Receiver`.
    ///
    /// The same as ``firstReceiver(as:where:)`` with a predicate that accepts every candidate.
    ///
    /// - Parameter type: The type to look for.
    /// - Returns: The first match, or `nil` if no reachable object is a `Receiver`.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before the
    ///   match; constant stack depth.
    public func firstReceiver<Receiver>(as type: Receiver.Type) -> Receiver? {
        firstReceiver(as: type) { _ in true }
    }

    /// Returns every object that is a `Receiver`, in breadth-first order.
    ///
    /// - Parameter type: The type to look for.
    /// - Returns: All matches, each object once.
    /// - Complexity: O(*n* + *e*) for *n* reachable objects and *e* child links.
    public func receivers<Receiver>(as type: Receiver.Type) -> [Receiver] {
        receivers(as: type) { _ in true }
    }

    /// Returns the chain of objects from this one to the first `Receiver`, both ends included.
    ///
    /// - Parameter type: The type to look for.
    /// - Returns: The path, or `nil` if no reachable object is a `Receiver`.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before the
    ///   match; O(*n*) extra memory for the parent links.
    public func pathToFirstReceiver<Receiver>(as type: Receiver.Type) -> [any DeepLinkable]? {
        pathToFirstReceiver(as: type) { _ in true }
    }

    /// Searches like ``firstReceiver(as:)`` and records how the search went.
    ///
    /// - Parameter type: The type to look for.
    /// - Returns: The first match, or `nil`, and the trace of the search.
    /// - Complexity: O(*n* + *e*) for *n* objects and *e* child links reachable before the
    ///   match; O(*n*) memory for the trace.
    public func tracingFirstReceiver<Receiver>(as type: Receiver.Type) -> (receiver: Receiver?, trace: SearchTrace) {
        tracingFirstReceiver(as: type) { _ in true }
    }
}

extension DeepLinkable {
    /// The loop under every search: visits breadth first over the children arrays in place,
    /// asks `classify` about each object unless an object of the same dynamic type was
    /// already of the wrong type, and hands each verdict on an object of the receiver type to
    /// `stop`, which ends the walk by returning `true`; an object of another type never ends it. Inside a ``withSearchRecording(_:)`` it also records the search's
    /// trace; with `findingPath` it returns the objects from this one to where it stopped.
    ///
    /// Not generic, so the loop runs without generic metadata look-ups even where the
    /// caller's receiver type is not known to the optimiser; only `classify` is generic, and
    /// it runs once per type that is not the receiver type. What a plain search does not
    /// need (depths, parents, frontier, a visit value per object) it does not compute.
    @discardableResult
    func walk(
        for receiverType: Any.Type,
        findingPath: Bool = false,
        classifying classify: (any DeepLinkable) throws -> SearchTrace.Verdict,
        until stop: (SearchTrace.Verdict) -> Bool
    ) rethrows -> [any DeepLinkable]? {
        var wrongTypes = TypeSet()
        let current = SearchLog.current
        let log = current?.isTracing == true ? current : nil
        var core = BreadthFirstCore<AddressBitmap>(root: self, tracksStructure: log != nil || findingPath)
        guard log != nil || findingPath else {
            // A counting log learns how many objects were visited, however the walk ends, and
            // the receiver type of a search that found nothing (named only then).
            var visits = 0
            var matched = false
            defer {
                current?.count(visits: visits, missed: matched ? nil : TypeNameCache.name(of: receiverType))
            }
            // An object of a type already found wrong is never copied out of its array.
            while core.advanceToNextVisit() {
                visits &+= 1
                let type = core.currentType
                if wrongTypes.contains(type) { continue }
                let verdict = try classify(core.current)
                if verdict == .wrongType {
                    wrongTypes.insert(type)
                } else {
                    if verdict == .matched { matched = true }
                    if stop(verdict) { return nil }
                }
            }
            return nil
        }
        // Where each visited object is, by order: enough to climb from any object to the start.
        var places: [(array: Int32, position: Int32)] = []
        var names = TypeNameCache()
        var steps: [SearchTrace.Step] = []
        var largestFrontier = 1
        var stopped = false
        var matched = false
        var visits = 0
        // The trace is recorded however the walk ends, a throwing predicate included.
        defer {
            if log == nil {
                current?.count(visits: visits, missed: matched ? nil : TypeNameCache.name(of: receiverType))
            }
            if let log {
                let matched = steps.last?.verdict == .matched
                let path = matched ? followParents(from: steps.count - 1) { steps[$0].parentOrder } : []
                log.append(
                    SearchTrace(
                        receiverType: TypeNameCache.name(of: receiverType),
                        steps: steps,
                        path: path,
                        largestFrontier: largestFrontier
                    )
                )
            }
        }
        while true {
            guard let visit = core.nextVisit() else { break }
            visits &+= 1
            let frontier = core.pending &+ 1
            var verdict = SearchTrace.Verdict.wrongType
            if !wrongTypes.contains(typeOf: visit.node) {
                verdict = try classify(visit.node)
                if verdict == .wrongType { wrongTypes.insert(typeOf: visit.node) }
                if verdict == .matched { matched = true }
            }
            if findingPath {
                places.append((Int32(truncatingIfNeeded: visit.array), Int32(truncatingIfNeeded: visit.position)))
            }
            if log != nil {
                steps.append(
                    SearchTrace.Step(
                        order: visit.order,
                        depth: core.depth(ofArray: visit.array),
                        parentOrder: core.parent(ofArray: visit.array),
                        type: names.name(of: visit.node),
                        label: visit.node.nodeLabelText,
                        verdict: verdict
                    )
                )
                largestFrontier = Swift.max(largestFrontier, frontier)
            }
            if verdict != .wrongType, stop(verdict) {
                stopped = true
                break
            }
        }
        guard findingPath, stopped, !places.isEmpty else { return nil }
        let orders = followParents(from: places.count - 1) { core.parent(ofArray: Int(places[$0].array)) }
        return orders.map { core.node(inArray: Int(places[$0].array), at: Int(places[$0].position)) }
    }
}

/// The verdict on `node`; on a match, the node as a `Receiver` is stored in `match`.
private func classify<Receiver>(
    _ node: any DeepLinkable,
    as type: Receiver.Type,
    where predicate: (Receiver) throws -> Bool,
    into match: inout Receiver?
) rethrows -> SearchTrace.Verdict {
    guard let receiver = node as? Receiver else { return .wrongType }
    guard try predicate(receiver) else { return .rejected }
    match = receiver
    return .matched
}

/// Follows parent links from `order` back to the start node; returns the orders, start first.
private func followParents(from order: Int, parentOrder: (Int) -> Int?) -> [Int] {
    var path = [order]
    var current = order
    while let parent = parentOrder(current) {
        path.append(parent)
        current = parent
    }
    return path.reversed()
}

import XTreeEscaping

extension TreeSnapshot {
    /// Searches the snapshot breadth first for nodes that answer to `name` and satisfy
    /// `predicate`, as `DeepLinkable.firstReceiver(as:where:)` searches a live tree by type.
    ///
    /// A node answers to its type's name, its superclasses' names, and the names of the
    /// `SearchableProtocols` it conformed to when the snapshot was taken; each as `Name` or
    /// `Module.Name`, and a generic type also by its base name. A snapshot of format version 1
    /// records no names: its nodes answer to their type name only.
    ///
    /// ```swift
    /// let trace = snapshot.search(forName: "RecipeViewModel") { $0.attribute("recipe") == "irish-stew" }
    /// if let match = trace.match { print(snapshot.nodes[match.order]) }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name to look for.
    ///   - all: Whether to go on after the first match, visiting every node.
    ///   - predicate: A test for nodes that answer to `name`.
    /// - Returns: The trace: every visited node with its verdict, and the path to the first
    ///   match.
    /// - Complexity: O(*n*) for the *n* nodes visited.
    public func search(forName name: String, all: Bool = false, where predicate: (Node) -> Bool = { _ in true })
        -> SearchTrace
    {
        var steps: [SearchTrace.Step] = []
        var firstMatch: Int?
        // As in a live walk: the nodes discovered but not yet visited, this one included.
        var discovered = 1
        var largestFrontier = 1
        // Read from the columns; whether a node answers to `name` is decided once per list of
        // names, and a node value is built only for the predicate.
        let nodes = columns
        var answersByList = [Bool?](repeating: nil, count: nodes.nameLists.count)
        for node in nodes.indices {
            largestFrontier = Swift.max(largestFrontier, discovered - node)
            discovered += nodes.linkRange(of: node).count { Columns.kind(nodes.links[$0]) == .child }
            let list = nodes.nameListNumber(of: node)
            let answers: Bool
            if let known = answersByList[list] {
                answers = known
            } else {
                let names = nodes.nameLists[list]
                answers =
                    names.isEmpty
                    ? typeName(name, matches: nodes.type(of: node)) : names.contains { typeName(name, matches: $0) }
                // A list with no names answers by the node's type, which other nodes may not share.
                if !names.isEmpty { answersByList[list] = answers }
            }
            let verdict: SearchTrace.Verdict =
                !answers ? .wrongType : predicate(nodes.node(at: node)) ? .matched : .rejected
            steps.append(
                SearchTrace.Step(
                    order: node,
                    depth: nodes.depth(of: node),
                    parentOrder: nodes.parent(of: node),
                    type: nodes.type(of: node),
                    label: nodes.label(of: node),
                    verdict: verdict
                )
            )
            if verdict == .matched {
                if firstMatch == nil { firstMatch = node }
                if !all { break }
            }
        }
        return SearchTrace(
            receiverType: name,
            steps: steps,
            path: firstMatch.map { path(to: $0) } ?? [],
            largestFrontier: largestFrontier
        )
    }
}

import XTree
import XTreeLive

/// What `find` prints, made where the tree is: in the app (a `find` request with `answer`), or
/// in the CLI for a snapshot or the example app. A line or two per match and at most the
/// visited nodes asked for, never the tree: at a million nodes the answer costs a search, not
/// a copy of the tree.
package struct FoundAnswer: Codable, Sendable, Hashable {
    /// A node the search matched.
    package struct Match: Codable, Sendable, Hashable {
        package var order: Int
        package var id: String
        package var type: String
        package var label: String
        /// The breadth-first numbers from the root to it.
        package var path: [Int]
        /// The node as the tree prints it, escaped for a terminal.
        package var line: String
        /// Its path as `find` prints it.
        package var pathText: String
    }

    /// The search's one-line summary: `search for Foo: no match among 6 visited …`.
    package var headline: String
    /// How many nodes the search visited.
    package var visited: Int
    package var matches: [Match]
    /// Why nothing matched, in lines; `nil` when something did.
    package var explanation: [String]?
    /// The first visited nodes, a line each, as `find` prints them when nothing matched.
    package var visitedLines: [String]

    /// The answer of a search of `snapshot` for `name` whose matches meet `conditions`.
    ///
    /// - Parameters:
    ///   - shown: How many visited nodes to give lines of when nothing matched.
    ///   - knownNames: The protocol names the app registered, for an explanation.
    package init(
        searching snapshot: TreeSnapshot, forName name: String, conditions: [NodeCondition], all: Bool, shown: Int,
        knownNames: [String]
    ) {
        let trace = snapshot.search(forName: name, all: all) { node in conditions.allSatisfy { $0.matches(node) } }
        self.init(
            trace: trace, in: snapshot, forName: name, conditions: conditions, shown: shown, knownNames: knownNames)
    }

    /// The answer `trace`, a search of `snapshot`, gives.
    package init(
        trace: SearchTrace, in snapshot: TreeSnapshot, forName name: String, conditions: [NodeCondition], shown: Int,
        knownNames: [String]
    ) {
        headline = trace.headline
        visited = trace.steps.count
        matches = trace.steps.filter { $0.verdict == .matched && snapshot.nodes.indices.contains($0.order) }.map {
            let node = snapshot.nodes[$0.order]
            let path = snapshot.path(to: $0.order)
            return Match(
                order: $0.order, id: node.id, type: node.type, label: node.label, path: path,
                line: node.description, pathText: snapshot.pathDescription(path))
        }
        explanation =
            matches.isEmpty
            ? snapshot.explainNoMatch(forName: name, conditions: conditions, knownNames: knownNames) : nil
        visitedLines = matches.isEmpty ? trace.steps.prefix(max(0, shown)).map(trace.line(of:)) : []
    }

    /// The answer a search of an inspector's live view found (``LiveTree/find(name:all:shown:where:)``):
    /// the same as a search of a snapshot of it, with no snapshot made.
    package init(found: LiveTree.Found, forName name: String, conditions: [NodeCondition], knownNames: [String]) {
        headline = SearchTrace.headline(
            for: name, match: found.lastMatch, visited: found.visited, largestFrontier: found.largestFrontier)
        visited = found.visited
        matches = found.matches.map { node, path in
            Match(
                order: node.order, id: node.id, type: node.type, label: node.label, path: path.compactMap(\.order),
                line: node.description, pathText: pathDescription(path))
        }
        explanation =
            matches.isEmpty
            ? TreeSnapshot.explainNoMatch(
                answering: found.answering, forName: name, conditions: conditions, knownNames: knownNames,
                treeNames: found.treeNames) : nil
        visitedLines = matches.isEmpty ? found.shown.map(SearchTrace.line(of:)) : []
    }
}

import XTree
import XTreeInspector

extension InspectorClient {
    /// Where a link ended, without the tree after it: what `check`, a fuzz case's starting
    /// links and a crash's replay read.
    package struct OpenAnswer: Sendable {
        /// What the handler did; its ``OpenResult/traces`` are empty.
        package var result: OpenResult
        /// The nodes from the root to where the link ended, numbered as in a snapshot after
        /// it, without their links; empty if the handler threw or returned nothing in the tree.
        package var path: [TreeSnapshot.Node]
        /// The type names in the tree after the link, where asked for.
        package var types: Set<String>?
    }

    /// Has the app apply `url` and answer with where it ended alone (and, with `types`, the type
    /// names in the tree): no tree is sent where the app's live view can say it. An app of an
    /// earlier build, or one whose tree holds an object twice, sends the tree, from which the
    /// answer is made here.
    package func openAnswer(_ url: String, types: Bool = false) throws(InspectorError) -> OpenAnswer {
        let (reply, opened) = try exchangeOpen(
            .open(link: url, traces: false, hold: holdTimeout, answerOnly: true, types: types))
        if let reached = opened.reached {
            guard reached.map(\.order) == opened.path,
                reached.enumerated().allSatisfy({ $0.element.depth == $0.offset })
            else { throw .refused("an open reply whose path is not a path from the root") }
            guard !types || opened.types != nil else { throw .refused("an open reply without the tree's types") }
            return OpenAnswer(result: opened, path: reached, types: types ? Set(opened.types ?? []) : nil)
        }
        let snapshot: TreeSnapshot
        var path = opened.path
        if let sequence = opened.event, let followed {
            // A follower was sent the link's event before the reply: its tree is the tree after.
            guard let event = buffered[nextBuffered...].last(where: { $0.event.sequence == sequence }) else {
                throw .refused("an open reply naming event \(sequence), which did not come before it")
            }
            (snapshot, path) = (followed.snapshot(), event.path)
        } else {
            snapshot = try readSnapshot(announced: reply)
        }
        guard path.allSatisfy({ snapshot.nodes.indices.contains($0) }) else {
            throw .refused("an open reply whose path is not in its snapshot")
        }
        // As the live view gives them: without their links to children.
        let nodes = path.map { order in
            var node = snapshot.nodes[order]
            node.links = []
            return node
        }
        return OpenAnswer(
            result: opened, path: nodes,
            types: types ? Set(snapshot.nodes.map(\.type)) : nil)
    }
}

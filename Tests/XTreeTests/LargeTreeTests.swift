import Foundation
import Testing
import XTree

/// Million-node shapes: each must be searched, snapshotted, rendered and round-tripped
/// without deep recursion. Only completion and counts are checked here; speed is measured
/// by the benchmark.
@MainActor
@Suite(.serialized) struct LargeTreeTests {
    nonisolated static let size = 1_000_000

    @Test(arguments: ["chain", "star"])
    func millionNodesSurviveEveryOperation(shape: String) async throws {
        let root = shape == "chain" ? chain(Self.size) : star(Self.size)
        defer { dismantle(root) }
        #expect(root.firstReceiver(as: DetailModel.self) == nil)
        #expect(root.receivers(as: TestNode.self).count == Self.size)

        let snapshot = TreeSnapshot(of: root)
        #expect(snapshot.nodes.count == Self.size)
        #expect(snapshot.depth == (shape == "chain" ? Self.size - 1 : 1))
        // The snapshot is a value: it is written and read off the main actor, which the
        // other suites' tests need meanwhile.
        try await Self.writeAndRead(snapshot)
    }

    @concurrent nonisolated private static func writeAndRead(_ snapshot: TreeSnapshot) async throws {
        var text = CountingStream()
        TextRenderer().render(snapshot, to: &text)
        #expect(text.lines == Self.size + 1)
        #expect(text.lastLine.hasPrefix("1000000 nodes"))

        var json = ""
        JSONRenderer().render(snapshot, to: &json)
        let decoded = try TreeSnapshot(json: Data(json.utf8))
        #expect(decoded == snapshot)
        #expect(TreeDiff(from: snapshot, to: decoded).unchangedCount == Self.size)

        var dot = CountingStream()
        DOTRenderer().render(snapshot, to: &dot)
        #expect(dot.lines == 2 + 2 * Self.size - 1 + 1)
        var mermaid = CountingStream()
        MermaidRenderer().render(snapshot, to: &mermaid)
        #expect(mermaid.lines == 1 + 2 * Self.size - 1)
    }
}

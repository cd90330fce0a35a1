import Foundation
import Testing
import XTree
import XTreeSupport

@MainActor
@Suite struct StrictReadingTests {
    nonisolated static let valid: String = MainActor.assumeIsolated {
        JSONRenderer().rendered(TreeSnapshot(of: RecipesShape().home))
    }

    /// Each case: how to spoil a valid snapshot, and what the error must say.
    nonisolated static let cases: [(name: String, spoil: @Sendable (String) -> String, message: String)] = [
        (
            "duplicate key", { $0.replacingOccurrences(of: #""depth":0,"#, with: #""depth":0,"depth":0,"#) },
            "field nodes[0].depth: appears twice in one object; keys must be unique"
        ),
        (
            "fraction for a whole number", { $0.replacingOccurrences(of: #""depth":0,"#, with: #""depth":4.5,"#) },
            "field nodes[0].depth: holds 4.5, where a whole number is expected"
        ),
        (
            "number too large", { $0.replacingOccurrences(of: #""depth":0,"#, with: #""depth":1e400,"#) },
            "not valid JSON at line 2, column 26: the number 1e400 is too large for any reader (in nodes[0].depth)"
        ),
        (
            "lone surrogate", { $0.replacingOccurrences(of: #""label":"Home""#, with: #""label":"\ud800""#) },
            "not valid JSON at line 2, column 53: a lone surrogate \\uD800 in a string (in nodes[0].label)"
        ),
        (
            "nesting past the limit",
            { _ in #"{"nodes":"# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}" },
            "not valid JSON at line 1, column 521: nesting deeper than 512 levels (in nodes[0][0]"
        ),
    ]

    @Test(arguments: 0..<cases.count)
    func aSnapshotThatBreaksAReadingRuleIsRejectedWithWhatAndWhere(index: Int) {
        let (_, spoil, message) = Self.cases[index]
        let text = spoil(Self.valid)
        #expect(text != Self.valid)
        do {
            _ = try TreeSnapshot(json: Data(text.utf8))
            Issue.record("accepted: \(Self.cases[index].name)")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func theValidSnapshotStillReads() throws {
        #expect(try TreeSnapshot(json: Data(Self.valid.utf8)).nodes.count == 7)
    }

    /// The scan that checks a document also finds where the values of a key lie, by path, for
    /// a reader that hands them to the reader of their own format (a session's trees).
    @Test func theScanFindsWhereAKeysValuesLie() throws {
        let document = """
            {"start": {"sequence": 0, "tree": {"nodes": [{"tree": 1}], "version": 2}},
             "events": [{"tree" :"x\\"y"}, {"edit": {}}, {"\\u0074ree": [true, {"tree": null}]}],
             "other": {"trees": 3}, "tree": 12}
            """
        let data = Data(document.utf8)
        let scan = JSONScan(data, valuesOf: "tree")
        #expect(scan.problem == nil)
        func text(_ path: String) -> String? {
            scan.values[path].map { String(decoding: data[$0], as: UTF8.self) }
        }
        #expect(text("start.tree") == #"{"nodes": [{"tree": 1}], "version": 2}"#)
        #expect(text("events[0].tree") == #""x\"y""#)
        #expect(text("events[2].tree") == #"[true, {"tree": null}]"#)
        #expect(text("tree") == "12")
        // Not inside another value of the key, and not of another key.
        #expect(scan.values.keys.sorted() == ["events[0].tree", "events[2].tree", "start.tree", "tree"])
        #expect(JSONScan(data).values.isEmpty)
        #expect(JSONScan(Data(#"{"tree": {"a": 1}"#.utf8), valuesOf: "tree").problem != nil)
    }

    @Test func aKeyEscapedDifferentlyIsStillTheSameKey() {
        let text = Self.valid.replacingOccurrences(of: #""depth":0,"#, with: #""depth":0,"d\u0065pth":0,"#)
        #expect(throws: TreeSnapshotError.self) { try TreeSnapshot(json: Data(text.utf8)) }
    }
}

@Suite struct SnapshotShapeTests {
    func node(_ order: Int, parent: Int?, depth: Int, _ links: [TreeSnapshot.Link] = []) -> TreeSnapshot.Node {
        TreeSnapshot.Node(
            id: "n\(order)", type: "T", label: "", attributes: [], depth: depth, order: order, parent: parent,
            links: links)
    }

    @Test func aDepthFirstOrderedSnapshotIsRejected() {
        let nodes = [
            node(0, parent: nil, depth: 0, [.init(kind: .child, node: 1), .init(kind: .child, node: 3)]),
            node(1, parent: 0, depth: 1, [.init(kind: .child, node: 2)]),
            node(2, parent: 1, depth: 2),
            node(3, parent: 0, depth: 1),
        ]
        #expect(
            throws: TreeSnapshotError.invalidNode(
                index: 3,
                problem: "parent 0 comes before the previous node's parent 1; nodes must be in breadth-first order")
        ) { try TreeSnapshot(nodes: nodes) }
    }

    @Test func aSharedLinkToItselfIsRejected() {
        let nodes = [node(0, parent: nil, depth: 0, [.init(kind: .shared, node: 0)])]
        #expect(
            throws: TreeSnapshotError.invalidNode(
                index: 0, problem: "has a shared link to node 0, itself; that is a cycle")
        ) { try TreeSnapshot(nodes: nodes) }
    }

    @Test func aCycleLinkToANonAncestorIsRejected() {
        let nodes = [
            node(0, parent: nil, depth: 0, [.init(kind: .child, node: 1), .init(kind: .child, node: 2)]),
            node(1, parent: 0, depth: 1, [.init(kind: .cycle, node: 2)]),
            node(2, parent: 0, depth: 1),
        ]
        #expect(
            throws: TreeSnapshotError.invalidNode(
                index: 1, problem: "has a cycle link to node 2, which is not an ancestor; that is shared")
        ) { try TreeSnapshot(nodes: nodes) }
    }

    @Test func childLinksOutOfOrderAreRejected() {
        let nodes = [
            node(0, parent: nil, depth: 0, [.init(kind: .child, node: 2), .init(kind: .child, node: 1)]),
            node(1, parent: 0, depth: 1),
            node(2, parent: 0, depth: 1),
        ]
        #expect(
            throws: TreeSnapshotError.invalidNode(
                index: 0, problem: "child links are not in breadth-first order: node 1 after node 2")
        ) { try TreeSnapshot(nodes: nodes) }
    }
}

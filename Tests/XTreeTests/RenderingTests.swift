import Foundation
import Testing
import XTree

/// The recipes shape with a cycle (the detail links back to home) and a shared node (the
/// meat list also lists the vegetarian detail).
@MainActor func tangledSnapshot() -> TreeSnapshot {
    let app = RecipesShape()
    app.detail.kids = [app.home]
    app.meat.kids.append(app.detail)
    return TreeSnapshot(of: app.home)
}

@MainActor
@Suite struct RenderingTests {
    @Test func textShowsTreeCyclesSharedAndSummary() {
        #expect(
            TextRenderer().rendered(tangledSnapshot()) == """
                0 Home #d8cgzgea "Home"
                ├── 1 ListCoordinator #t0vk2mfc "Vegetarian"
                │   ├── 4 ListModel #hqm6v119 "Vegetarian list"
                │   └── 5 DetailModel #2e8dqd77 "Orange Marmalade"
                │       └── ↺ cycle to 0 Home #d8cgzgea "Home"
                ├── 2 ListCoordinator #85e45m4n "Meat"
                │   ├── 6 ListModel #4vgbrvb2 "Meat list"
                │   └── → shared 5 DetailModel #2e8dqd77 "Orange Marmalade"
                └── 3 SettingsModel #2fzstz3r "Settings"
                7 nodes, depth 2, links: 6 child, 1 cycle, 1 shared

                """
        )
    }

    @Test func textDepthLimitCountsWhatIsLeftOutAndMarksThePath() {
        #expect(
            TextRenderer(maxDepth: 1, highlighted: [0, 1, 5]).rendered(tangledSnapshot()) == """
                0 Home #d8cgzgea "Home" ◀
                ├── 1 ListCoordinator #t0vk2mfc "Vegetarian" ◀
                │   └── … 2 nodes below depth 1
                ├── 2 ListCoordinator #85e45m4n "Meat"
                │   └── … 1 node below depth 1
                └── 3 SettingsModel #2fzstz3r "Settings"
                7 nodes, depth 2, links: 6 child, 1 cycle, 1 shared; 3 nodes not shown (the depth limit of 1)

                """
        )
    }

    @Test func textNodeLimitStopsAndCounts() {
        #expect(
            TextRenderer(maxNodes: 3).rendered(tangledSnapshot()) == """
                0 Home #d8cgzgea "Home"
                ├── 1 ListCoordinator #t0vk2mfc "Vegetarian"
                │   ├── 4 ListModel #hqm6v119 "Vegetarian list"
                7 nodes, depth 2, links: 6 child, 1 cycle, 1 shared; 4 nodes not shown (the limit of 3 nodes)

                """
        )
    }

    @Test func textColorsOnlyWhenAsked() {
        let colored = TextRenderer(colors: true).rendered(tangledSnapshot())
        #expect(colored.contains("\u{1B}[33m↺ cycle to"))
        #expect(!TextRenderer().rendered(tangledSnapshot()).contains("\u{1B}"))
    }

    @Test func textSummarisesIndentationOfDeepChains() {
        let lines = TextRenderer(maxIndentation: 4).rendered(TreeSnapshot(of: chain(40))).split(separator: "\n")
        #expect(lines[4] == "            └── 4 TestNode #" + lines[4].suffix(8))
        #expect(lines[39].hasPrefix("┆+35             └── 39 TestNode #"))
        #expect(lines.map(\.count).max()! < 60)
    }

    @Test func utf8OutputIsTheBytesOfTheStringsInBlocksOfWholeLines() {
        let large = star(20_000)
        defer { dismantle(large) }
        let renderers: [any TreeRenderer] = [
            TextRenderer(), TextRenderer(maxDepth: 1, highlighted: [0, 2, 5], colors: true),
            TextRenderer(maxNodes: 4), JSONRenderer(), DOTRenderer(highlighted: [0, 1]), MermaidRenderer(),
        ]
        for snapshot in [tangledSnapshot(), TreeSnapshot(of: large)] {
            for renderer in renderers {
                var blocks: [[UInt8]] = []
                renderer.render(snapshot, toUTF8: { blocks.append($0.bytes) })
                #expect(blocks.joined().elementsEqual(renderer.rendered(snapshot).utf8), "\(renderer)")
                guard let text = renderer as? TextRenderer else { continue }
                #expect(blocks.allSatisfy { $0.last == UInt8(ascii: "\n") }, "\(renderer)")
                if text.maxNodes == nil, text.maxDepth == nil, snapshot.nodes.count > 1_000 {
                    #expect(blocks.count > 2, "a large tree is written in several blocks")
                }
            }
        }
    }

    @Test func jsonIsTheCodableFormOneNodePerLine() throws {
        let snapshot = tangledSnapshot()
        let json = JSONRenderer().rendered(snapshot)
        #expect(
            json == """
                {"nodes":[
                {"attributes":[],"depth":0,"id":"d8cgzgea","label":"Home","links":[{"kind":"child","node":1},{"kind":"child","node":2},{"kind":"child","node":3}],"names":["XTreeTests.Home","XTreeTests.TestNode","XTree.DeepLinkable"],"order":0,"type":"Home"},
                {"attributes":[],"depth":1,"id":"t0vk2mfc","label":"Vegetarian","links":[{"kind":"child","node":4},{"kind":"child","node":5}],"names":["XTreeTests.ListCoordinator","XTreeTests.TestNode","XTree.DeepLinkable"],"order":1,"parent":0,"type":"ListCoordinator"},
                {"attributes":[],"depth":1,"id":"85e45m4n","label":"Meat","links":[{"kind":"child","node":6},{"kind":"shared","node":5}],"names":["XTreeTests.ListCoordinator","XTreeTests.TestNode","XTree.DeepLinkable"],"order":2,"parent":0,"type":"ListCoordinator"},
                {"attributes":[],"depth":1,"id":"2fzstz3r","label":"Settings","links":[],"names":["XTreeTests.SettingsModel","XTreeTests.TestNode","XTree.DeepLinkable"],"order":3,"parent":0,"type":"SettingsModel"},
                {"attributes":[],"depth":2,"id":"hqm6v119","label":"Vegetarian list","links":[],"names":["XTreeTests.ListModel","XTreeTests.TestNode","XTree.DeepLinkable"],"order":4,"parent":1,"type":"ListModel"},
                {"attributes":[],"depth":2,"id":"2e8dqd77","label":"Orange Marmalade","links":[{"kind":"cycle","node":0}],"names":["XTreeTests.DetailModel","XTreeTests.TestNode","XTree.DeepLinkable"],"order":5,"parent":1,"type":"DetailModel"},
                {"attributes":[],"depth":2,"id":"4vgbrvb2","label":"Meat list","links":[],"names":["XTreeTests.ListModel","XTreeTests.TestNode","XTree.DeepLinkable"],"order":6,"parent":2,"type":"ListModel"}
                ],"version":2}

                """
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(
            json.replacingOccurrences(of: "\n", with: "")
                == String(decoding: try encoder.encode(EncodedSnapshot(snapshot)), as: UTF8.self))
        #expect(try TreeSnapshot(json: Data(json.utf8)) == snapshot)
    }

    @Test func jsonEscapesLikeJSONEncoder() throws {
        let node = TestNode("quote \" backslash \\ slash / newline \n tab \t bell \u{7} é 😀")
        let model = DefaultCounterModel()
        model.name = "\u{1}\u{8}\u{C}\r"
        // Every control, DEL, a C1 control and the line separators, which JSONEncoder leaves.
        let controls = TestNode(String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))))
        let others = TestNode("del \u{7F} c1 \u{85} separators \u{2028}\u{2029} rtl \u{202E}")
        let root = TestNode("root", [node, model, controls, others])
        let snapshot = TreeSnapshot(of: root)
        let json = JSONRenderer().rendered(snapshot)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(
            json.replacingOccurrences(of: "\n", with: "")
                == String(decoding: try encoder.encode(EncodedSnapshot(snapshot)), as: UTF8.self))
        #expect(try TreeSnapshot(json: Data(json.utf8)) == snapshot)
    }

    @Test func dotStylesPathCyclesAndShared() {
        #expect(
            DOTRenderer(highlighted: [0, 1, 5]).rendered(tangledSnapshot()) == #"""
                digraph XTree {
                  node [shape=box, fontname="Helvetica"];
                  n0 [label="0 Home #d8cgzgea\nHome", color="#dc2626", penwidth=2];
                  n1 [label="1 ListCoordinator #t0vk2mfc\nVegetarian", color="#dc2626", penwidth=2];
                  n2 [label="2 ListCoordinator #85e45m4n\nMeat"];
                  n3 [label="3 SettingsModel #2fzstz3r\nSettings"];
                  n4 [label="4 ListModel #hqm6v119\nVegetarian list"];
                  n5 [label="5 DetailModel #2e8dqd77\nOrange Marmalade", color="#dc2626", penwidth=2];
                  n6 [label="6 ListModel #4vgbrvb2\nMeat list"];
                  n0 -> n1 [color="#dc2626", penwidth=2];
                  n0 -> n2;
                  n0 -> n3;
                  n1 -> n4;
                  n1 -> n5 [color="#dc2626", penwidth=2];
                  n2 -> n6;
                  n2 -> n5 [style=dotted, color="#2563eb", label="shared"];
                  n5 -> n0 [style=dashed, color="#d97706", label="cycle"];
                }

                """#
        )
    }

    @Test func dotEscapesQuotesAndBackslashes() {
        let dot = DOTRenderer().rendered(TreeSnapshot(of: TestNode(#"say "hi" \ bye"#)))
        #expect(dot.contains(#"[label="0 TestNode #"#))
        #expect(dot.contains(#"\nsay \"hi\" \\ bye"];"#))
    }

    @Test func mermaidStylesPathCyclesAndShared() {
        #expect(
            MermaidRenderer(highlighted: [0, 1, 5]).rendered(tangledSnapshot()) == """
                flowchart TD
                  n0["0 Home #35;d8cgzgea<br/>Home"]
                  n1["1 ListCoordinator #35;t0vk2mfc<br/>Vegetarian"]
                  n2["2 ListCoordinator #35;85e45m4n<br/>Meat"]
                  n3["3 SettingsModel #35;2fzstz3r<br/>Settings"]
                  n4["4 ListModel #35;hqm6v119<br/>Vegetarian list"]
                  n5["5 DetailModel #35;2e8dqd77<br/>Orange Marmalade"]
                  n6["6 ListModel #35;4vgbrvb2<br/>Meat list"]
                  n0 --> n1
                  n0 --> n2
                  n0 --> n3
                  n1 --> n4
                  n1 --> n5
                  n2 --> n6
                  n2 -. shared .-> n5
                  n5 -. cycle .-> n0
                  classDef path stroke:#dc2626,stroke-width:3px
                  class n0,n1,n5 path
                  linkStyle 0,4 stroke:#dc2626,stroke-width:3px

                """
        )
    }

    @Test func dotBreaksLinesBetweenFieldsOnlyAndShowsLineBreaksInDataAsText() {
        let node = AttributedNode([("note", "one\r\ntwo")])
        let dot = DOTRenderer().rendered(TreeSnapshot(of: node))
        let label = dot.split(separator: "\n").first { $0.hasPrefix("  n0 ") }.map(String.init) ?? ""
        // One DOT line break (`\n`) between the headline and the attribute, none from the data.
        #expect(label.hasSuffix(#"\nnote=one\\u{d}\\u{a}two"];"#), "\(label)")
        #expect(label.components(separatedBy: #"\n"#).count == 2, "\(label)")
    }

    @Test func mermaidShowsLineBreaksInDataAsEntityCodes() {
        let mermaid = MermaidRenderer().rendered(TreeSnapshot(of: TestNode("one\r\ntwo")))
        #expect(mermaid.contains("<br/>one#13;#10;two\"]"))
    }

    @Test func keysThatCouldPoseAsSeveralAttributesAreQuotedEverywhereTheyAreShown() {
        let node = AttributedNode([("plain_key.v-2", "1"), ("a=1 b", "2"), ("", "3"), ("tab\t", "4")])
        let text = TextRenderer().rendered(TreeSnapshot(of: node))
        #expect(text.hasPrefix(#"0 AttributedNode #"#))
        #expect(text.contains(#" plain_key.v-2=1 "a=1 b"=2 ""=3 "tab\t"=4"#), "\(text)")
        let colored = TextRenderer(colors: true).rendered(TreeSnapshot(of: node))
        #expect(colored.contains(#" plain_key.v-2=1 "a=1 b"=2 ""=3 "tab\t"=4"#), "\(colored)")
        let before = TreeSnapshot(of: node)
        node.attributes = [("plain_key.v-2", "1"), ("a=1 b", "9"), ("", "3"), ("tab\t", "4")]
        let diff = TreeDiff(from: before, to: TreeSnapshot(of: node))
        #expect(diff.description.contains(#": "a=1 b" "2" -> "9""#), "\(diff)")
    }

    /// Each scalar a terminal obeys, in each field of a node, through every renderer that
    /// writes for people and through the diff: none reaches the output as it is, whichever
    /// fast path the field takes (plain ASCII, the 0xC2 and 0xE2 lead bytes, long values).
    @Test(arguments: unsafeTestScalars)
    func noRendererWritesAnUnsafeScalarAsItIs(scalar: Unicode.Scalar) throws {
        for text in ["\(scalar)", "x\(scalar)y", "é\(scalar)", String(repeating: "v", count: 120) + "\(scalar)"] {
            let nodes = [
                TreeSnapshot.Node(
                    id: "i\(text)", type: "T\(text)", label: text, attributes: [.init(key: "k\(text)", value: text)],
                    depth: 0, order: 0, parent: nil,
                    links: [.init(kind: .child, node: 1), .init(kind: .cycle, node: 0)]),
                TreeSnapshot.Node(
                    id: "j", type: "U\(text)", label: text, attributes: [.init(key: text, value: "v")], depth: 1,
                    order: 1,
                    parent: 0, links: []),
            ]
            let snapshot = try TreeSnapshot(nodes: nodes)
            var changed = nodes
            changed[1].attributes = [.init(key: text, value: text), .init(key: "k", value: text)]
            changed[1].label = "other"
            let outputs = [
                TextRenderer().rendered(snapshot), TextRenderer(maxDepth: 0).rendered(snapshot),
                DOTRenderer().rendered(snapshot),
                MermaidRenderer().rendered(snapshot),
                TreeDiff(from: snapshot, to: try TreeSnapshot(nodes: changed)).description,
                TreeDiff(from: try TreeSnapshot(nodes: changed), to: snapshot).description,
                snapshot.search(forName: "T\(text)", all: true) { _ in true }.description,
            ]
            for output in outputs {
                #expect(!output.unicodeScalars.contains(scalar), "\(output)")
            }
            // Colours are escape sequences of the renderer's own; nothing else is.
            let colored = withoutColours(TextRenderer(colors: true).rendered(snapshot))
            #expect(!colored.unicodeScalars.contains(scalar), "\(colored)")
        }
    }

    @Test func mermaidEscapesMarkup() {
        let mermaid = MermaidRenderer().rendered(TreeSnapshot(of: TestNode(#"<b>"x"</b> #1"#)))
        #expect(mermaid.contains("<br/>#lt;b#gt;#quot;x#quot;#lt;/b#gt; #35;1\"]"))
    }
}

/// Every scalar a terminal obeys but the line feed, listed here rather than taken from the
/// code under test.
let unsafeTestScalars: [Unicode.Scalar] =
    ((0x00...0x1F).filter { $0 != 0x0A } + Array(0x7F...0x9F) + [0x200E, 0x200F, 0x2028, 0x2029]
    + Array(0x202A...0x202E) + Array(0x2066...0x2069)).map { Unicode.Scalar($0)! }

/// A snapshot's document as `JSONEncoder` writes it from its node values: the reference the
/// codec's hand-made bytes are compared with.
struct EncodedSnapshot: Encodable {
    let nodes: [TreeSnapshot.Node]
    let version = TreeSnapshot.formatVersion

    init(_ snapshot: TreeSnapshot) {
        nodes = Array(snapshot.nodes)
    }
}

/// `text` without the renderer's colour sequences (`ESC [ digits and semicolons m`).
func withoutColours(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    var rest = text.unicodeScalars[...]
    while let first = rest.first {
        if first == "\u{1B}", rest.dropFirst().first == "[" {
            let body = rest.dropFirst(2).prefix { ("0"..."9").contains($0) || $0 == ";" }
            if rest.dropFirst(2 + body.count).first == "m" {
                rest = rest.dropFirst(3 + body.count)
                continue
            }
        }
        scalars.append(first)
        rest = rest.dropFirst()
    }
    return String(scalars)
}

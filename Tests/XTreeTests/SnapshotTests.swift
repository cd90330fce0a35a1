import Foundation
import Testing
import XTree

@MainActor
@Suite struct SnapshotTests {
    @Test func recordsNodesInBreadthFirstOrderWithLinks() {
        let snapshot = tangledSnapshot()
        #expect(
            snapshot.nodes.map(\.type) == [
                "Home", "ListCoordinator", "ListCoordinator", "SettingsModel", "ListModel", "DetailModel", "ListModel",
            ])
        #expect(snapshot.nodes.map(\.parent) == [nil, 0, 0, 0, 1, 1, 2])
        #expect(snapshot.nodes[5].links == [.init(kind: .cycle, node: 0)])
        #expect(snapshot.nodes[2].links.last == .init(kind: .shared, node: 5))
        #expect(snapshot.linkCounts == [.child: 6, .cycle: 1, .shared: 1])
        #expect(snapshot.path(to: 5) == [0, 1, 5])
        #expect(snapshot.depth == 2)
    }

    @Test func selfLinkIsACycleAndARepeatedChildIsShared() {
        let leaf = TestNode("leaf")
        let root = TestNode("root", [leaf, leaf])
        root.kids.append(root)
        let snapshot = TreeSnapshot(of: root)
        #expect(snapshot.nodes.count == 2)
        #expect(snapshot.root.links.map(\.kind) == [.child, .shared, .cycle])
    }

    @Test func idsAreStableAcrossBuildsAndSurviveSiblingsOfOtherTypes() {
        let first = TreeSnapshot(of: RecipesShape().home)
        let second = TreeSnapshot(of: RecipesShape().home)
        #expect(first.nodes.map(\.id) == second.nodes.map(\.id))
        #expect(Set(first.nodes.map(\.id)).count == first.nodes.count)
        #expect(first.nodes.allSatisfy { $0.id.count == 8 })

        let app = RecipesShape()
        app.veggie.kids.insert(SettingsModel("inserted"), at: 0)
        let third = TreeSnapshot(of: app.home)
        #expect(third.nodes.first { $0.label == "Orange Marmalade" }?.id == first.nodes[5].id)
    }

    /// A snapshot keeps its nodes field by field; node values read back from it make the same
    /// snapshot, and ids that are not in the short form (as a hand-written snapshot may have)
    /// are kept as they are.
    @Test func nodeValuesReadBackMakeTheSameSnapshot() throws {
        let snapshot = tangledSnapshot()
        let rebuilt = try TreeSnapshot(nodes: Array(snapshot.nodes))
        #expect(rebuilt == snapshot)
        #expect(rebuilt.nodes == snapshot.nodes)
        #expect(rebuilt.hashValue == snapshot.hashValue)
        #expect(TextRenderer().rendered(rebuilt) == TextRenderer().rendered(snapshot))

        var renamed = Array(snapshot.nodes)
        renamed[3].id = "settings, not a short id"
        renamed[4].attributes = [.init(key: "note", value: "kept")]
        let handWritten = try TreeSnapshot(nodes: renamed)
        #expect(handWritten != snapshot)
        #expect(Array(handWritten.nodes) == renamed)
        #expect(TextRenderer().rendered(handWritten).contains("#settings, not a short id"))

        // Names are kept by type while every node of a type has the same; one that differs
        // makes them kept by node, and nothing is lost either way.
        renamed[6].names = ["Elsewhere.ListModel"]
        let renamedList = try TreeSnapshot(nodes: renamed)
        #expect(Array(renamedList.nodes) == renamed)
        #expect(renamedList.search(forName: "Elsewhere.ListModel").path == [0, 2, 6])
        #expect(try TreeSnapshot(nodes: Array(renamedList.nodes)) == renamedList)
    }

    @Test func aProtocolMadeSearchableLaterIsInLaterSnapshots() {
        let root = TestNode("root", [LateScreen("late")])
        let name = "XTreeTests.LateSearchable"
        #expect(!TreeSnapshot(of: root).nodes[1].names.contains(name))
        SearchableProtocols.register((any LateSearchable).self)
        #expect(TreeSnapshot(of: root).nodes[1].names.contains(name))
        #expect(!TreeSnapshot(of: root).nodes[0].names.contains(name))
    }

    @Test func typesOfOneNameKeepTheirOwnSearchNames() throws {
        let snapshot = TreeSnapshot(of: TestNode("root", [FirstScreen.Model("first"), SecondScreen.Model("second")]))
        #expect(snapshot.nodes[1].type == snapshot.nodes[2].type)
        #expect(snapshot.nodes[1].names.first?.hasSuffix("FirstScreen.Model") == true)
        #expect(snapshot.nodes[2].names.first?.hasSuffix("SecondScreen.Model") == true)
        #expect(snapshot.search(forName: "XTreeTests.SecondScreen.Model").path == [0, 2])
        #expect(try TreeSnapshot(json: Data(JSONRenderer().rendered(snapshot).utf8)) == snapshot)
    }

    @Test func attributesComeFromTheNodeDescription() {
        let model = DefaultCounterModel()
        model.count = 3
        let snapshot = TreeSnapshot(of: TestNode("root", [model]))
        #expect(snapshot.nodes[1].attribute("count") == "3")
        #expect(snapshot.nodes[1].attribute("missing") == nil)
    }

    @Test func decodingRejectsInconsistentSnapshotsWithAReason() throws {
        let valid = JSONRenderer().rendered(tangledSnapshot())
        let cases: [(String, String)] = [
            (
                valid.replacingOccurrences(of: #""version":2"#, with: #""version":3"#),
                "version 3 is not supported; this reader reads versions 1 to 2"
            ),
            (#"{"nodes":[],"version":1}"#, "node list is empty"),
            (valid.replacingOccurrences(of: #""order":3,"#, with: #""order":9,"#), "node 3: order is 9"),
            (
                valid.replacingOccurrences(of: #""parent":2,"#, with: #""parent":7,"#),
                "node 2: has a child link to node 6, whose parent is not 2"
            ),
            (
                valid.replacingOccurrences(of: #"{"kind":"cycle","node":0}"#, with: #"{"kind":"cycle","node":70}"#),
                "node 5: links to node 70"
            ),
            (
                valid.replacingOccurrences(of: #""id":"85e45m4n""#, with: #""id":"d8cgzgea""#),
                "node 2: id 'd8cgzgea' is used"
            ),
            (
                valid.replacingOccurrences(of: #""depth":2,"id":"4vgbrvb2""#, with: #""depth":5,"id":"4vgbrvb2""#),
                "node 6: depth 5"
            ),
            (
                valid.replacingOccurrences(of: #"{"kind":"shared","node":5}"#, with: #"{"kind":"child","node":6}"#),
                "node 6: has 2 child links to it"
            ),
        ]
        for (json, reason) in cases {
            #expect(throws: TreeSnapshotError.self) { try TreeSnapshot(json: Data(json.utf8)) }
            do {
                _ = try TreeSnapshot(json: Data(json.utf8))
            } catch {
                #expect(error.description.contains(reason), "\(error.description)")
            }
        }
    }

    @Test func diffListsAddedRemovedAndChangedNodes() {
        let before = TreeSnapshot(of: RecipesShape().home)
        let app = RecipesShape()
        app.meat.title = "Meats"
        app.veggie.kids.removeLast()
        app.settings.kids = [TestNode("new")]
        let diff = TreeDiff(from: before, to: TreeSnapshot(of: app.home))
        #expect(
            diff.description == """
                + 6 TestNode #j7dmtxd6 "new"
                - 5 DetailModel #2e8dqd77 "Orange Marmalade"
                ~ 2 ListCoordinator #85e45m4n "Meats": label "Meat" -> "Meats"
                1 added, 1 removed, 1 changed, 5 unchanged

                """
        )
        #expect(TreeDiff(from: before, to: before).isEmpty)
        #expect(TreeDiff(from: before, to: before).unchangedCount == 7)
    }

    @Test func aKeyGivenTwiceIsRefusedWhenReadNamingTheNodeAndTheKey() throws {
        var nodes = Array(tangledSnapshot().nodes)
        nodes[3].attributes = [
            .init(key: "tab", value: "1"), .init(key: "x", value: ""), .init(key: "tab", value: "2"),
        ]
        #expect(
            throws: TreeSnapshotError.invalidNode(
                index: 3, problem: "attribute 'tab' is given twice; keys must be unique")
        ) {
            try TreeSnapshot(nodes: nodes)
        }
        // Past the pairwise comparison too.
        nodes[3].attributes = (0..<20).map { .init(key: "k\($0)", value: "") } + [.init(key: "k7", value: "")]
        #expect(
            throws: TreeSnapshotError.invalidNode(
                index: 3, problem: "attribute 'k7' is given twice; keys must be unique")
        ) {
            try TreeSnapshot(nodes: nodes)
        }
        nodes[3].attributes.removeLast()
        let json = JSONRenderer().rendered(try TreeSnapshot(nodes: nodes))
        let repeated = json.replacingOccurrences(of: #"{"key":"k19","value":""}"#, with: #"{"key":"k0","value":""}"#)
        #expect(
            throws: TreeSnapshotError.invalidNode(
                index: 3, problem: "attribute 'k0' is given twice; keys must be unique")
        ) {
            try TreeSnapshot(json: Data(repeated.utf8))
        }
    }

    @Test func aLiveNodeThatGivesAKeyTwiceKeepsItsFirstValueSoItsSnapshotReadsBack() throws {
        let node = AttributedNode([("tab", "veggie"), ("count", "1"), ("tab", "meat")])
        let snapshot = TreeSnapshot(of: node)
        #expect(snapshot.root.attributes == [.init(key: "tab", value: "veggie"), .init(key: "count", value: "1")])
        #expect(try TreeSnapshot(json: Data(JSONRenderer().rendered(snapshot).utf8)) == snapshot)
    }

    @Test func diffReportsAnAttributeThatWasRemovedAddedOrChanged() {
        let node = AttributedNode([("a", "1"), ("b", "2")])
        let before = TreeSnapshot(of: node)
        node.attributes = [("a", "1")]
        let lost = TreeDiff(from: before, to: TreeSnapshot(of: node))
        #expect(lost.changed.map(\.changes) == [[.init(key: "b", old: "2", new: nil)]])
        #expect(lost.unchangedCount == 0)
        #expect(lost.description.hasPrefix(#"~ 0 AttributedNode #"#))
        #expect(lost.description.hasSuffix(#": b "2" -> (none)"# + "\n0 added, 0 removed, 1 changed, 0 unchanged\n"))
        let gained = TreeDiff(from: TreeSnapshot(of: node), to: before)
        #expect(gained.changed.map(\.changes) == [[.init(key: "b", old: nil, new: "2")]])
        node.attributes = [("b", "2"), ("a", "1")]
        // Order alone is not a change: attributes are matched by key.
        #expect(TreeDiff(from: before, to: TreeSnapshot(of: node)).isEmpty)
    }

    @Test func diffReportsAttributeChanges() {
        let model = DefaultCounterModel()
        let root = TestNode("root", [model])
        let before = TreeSnapshot(of: root)
        model.count = 4
        let diff = TreeDiff(from: before, to: TreeSnapshot(of: root))
        #expect(diff.changed.map(\.changes) == [[.init(key: "count", old: "0", new: "4")]])
        #expect(diff.description.hasSuffix("0 added, 0 removed, 1 changed, 1 unchanged\n"))
    }
}

/// Two screens whose models share a name, as nested types do.
enum FirstScreen {
    final class Model: TestNode {}
}

enum SecondScreen {
    final class Model: TestNode {}
}

/// A protocol that only ``SnapshotTests/aProtocolMadeSearchableLaterIsInLaterSnapshots()``
/// makes searchable, after a snapshot of a conforming node.
@MainActor protocol LateSearchable: DeepLinkable {}

final class LateScreen: TestNode, LateSearchable {}

/// A node whose attributes a test sets, in any order and with any keys.
@MainActor final class AttributedNode: DeepLinkable {
    var attributes: [(key: String, value: String)]
    init(_ attributes: [(key: String, value: String)]) { self.attributes = attributes }
    var nodeAttributes: [(key: String, value: String)] { attributes }
}

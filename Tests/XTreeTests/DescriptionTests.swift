import Foundation
import Testing
import XTree

@MainActor final class AccountModel: DeepLinkable {
    var email = "ada@example.com"
    var nodeLabel: String { "Account" }
    var nodeAttributes: [(key: String, value: String)] { [("email", email), ("plan", "pro")] }
    var privateAttributeKeys: Set<String> { ["email"] }
}

@MainActor
@Suite struct DescriptionTests {
    @Test func privateValuesAreRedactedInEverySnapshotAndOutput() throws {
        let root = TestNode("root", [AccountModel()])
        let snapshot = TreeSnapshot(of: root)
        #expect(snapshot.nodes[1].attribute("email") == "<private>")
        #expect(snapshot.nodes[1].attribute("plan") == "pro")
        let renderers: [any TreeRenderer] = [TextRenderer(), JSONRenderer(), DOTRenderer(), MermaidRenderer()]
        for renderer in renderers {
            #expect(!renderer.rendered(snapshot).contains("ada@example.com"))
        }
        #expect(!root.treeDescription().contains("ada@example.com"))
    }

    @Test func treeDescriptionIsTheTextTreeOfAFreshSnapshot() {
        let root = TestNode("root", [TestNode("child")])
        #expect(root.treeDescription() == TextRenderer().rendered(TreeSnapshot(of: root)))
        #expect(root.treeDescription().hasSuffix("2 nodes, depth 1, links: 1 child, 0 cycle, 0 shared\n"))
    }
}

@MainActor final class Tagged: TestNode {
    let tag: String?
    init(_ tag: String?) {
        self.tag = tag
        super.init(tag ?? "untagged")
    }
    override var nodeIdentity: String? { tag }
}

@MainActor
@Suite struct IdentityTests {
    @Test func removingTheMiddleOfThreeIdentifiedSiblingsIsOneRemoval() {
        let root = TestNode("root", [Tagged("a"), Tagged("b"), Tagged("c")])
        let before = TreeSnapshot(of: root)
        root.kids.remove(at: 1)
        let diff = TreeDiff(from: before, to: TreeSnapshot(of: root))
        #expect(diff.description.hasPrefix("- 2 Tagged #"))
        #expect(diff.description.contains("\"b\""))
        #expect(diff.description.hasSuffix("0 added, 1 removed, 0 changed, 3 unchanged\n"))
    }

    @Test func positionalSiblingsMisreportTheSameRemovalWhichIsWhyIdentitiesExist() {
        let root = TestNode("root", [Tagged(nil), Tagged(nil), Tagged(nil)])
        let before = TreeSnapshot(of: root)
        root.kids.remove(at: 1)
        #expect(
            TreeDiff(from: before, to: TreeSnapshot(of: root)).description.hasSuffix(
                "0 added, 1 removed, 0 changed, 3 unchanged\n"))
    }

    @Test func siblingsWithTheSameIdentityAreToldApartAndReported() {
        let root = TestNode("root", [Tagged("x"), Tagged("x"), Tagged("y")])
        let snapshot = TreeSnapshot(of: root)
        #expect(Set(snapshot.nodes.map(\.id)).count == 4)
        #expect(snapshot.duplicateIdentities == [[1, 2]])
        #expect(
            TextRenderer().rendered(snapshot).hasSuffix(
                "nodes 1, 2 are siblings of one type with the same identity; told apart by position\n"))
        #expect(snapshot.nodes[1].identity == "x")
    }

    @Test func theSameTypeNameInTwoModulesGivesDifferentIds() {
        // XTreeTests.Tagged and a type named Tagged elsewhere hash by their qualified names.
        let here = TreeSnapshot(of: Tagged("t")).root.id
        let names = TreeSnapshot(of: Tagged("t")).root.names
        #expect(names.first == "XTreeTests.Tagged")
        #expect(here == TreeSnapshot(of: Tagged("t")).root.id)
    }
}

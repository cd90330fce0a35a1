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
    /// Headlines copy plain text as it is and escape the rest: the same text as composing
    /// the escaping functions, for text on either side of every fast path's bounds.
    @Test func headlinesEscapeExactlyAsTheEscapingFunctions() {
        let texts = [
            "", "plain", "two words", "Crème brûlée", "東京", "🍊 marmalade", "a=b", "say \"hi\"", "back\\slash",
            "copyright ©", "dash — dash", "Tea\u{1B}]0;pwned\u{7}", "line\nbreak", "tab\there", "del\u{7F}",
            "c1 \u{85}", "rtl \u{202E}gnp.exe", "iso \u{2066}x\u{2069}", "sep \u{2028}",
            String(repeating: "x", count: 100),
            String(repeating: "y", count: 101), String(repeating: "é", count: 60),
        ]
        for text in texts {
            let node = TreeSnapshot.Node(
                id: text, type: text, label: text, attributes: [.init(key: text, value: text)], depth: 0, order: 7,
                parent: nil, links: [])
            var expected = "7 \(TerminalText.escaped(text)) #\(TerminalText.escaped(text))"
            if !text.isEmpty { expected += " " + TerminalText.quoted(text) }
            expected += " \(TerminalText.displayKey(text))=\(TerminalText.displayValue(text))"
            #expect(node.description == expected)
            #expect(!node.description.unicodeScalars.contains { TerminalText.isUnsafe($0) })
        }
    }

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

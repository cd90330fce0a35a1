import Testing
import XTree

// What a reader is likely to write for each description, besides the documented types: each
// must be shown, not ignored for the reflected default.

@MainActor final class DictionaryAttributes: DeepLinkable {
    var nodeAttributes: [String: String] { ["plan": "pro", "email": "ada@example.com", "age": "36"] }
    var privateAttributeKeys: [String] { ["email"] }
}

@MainActor final class OptionalLabel: DeepLinkable {
    let title: String?
    init(_ title: String? = "Cart") { self.title = title }
    var nodeLabel: String? { title }
    var nodeIdentity: String { title ?? "" }
}

@MainActor final class MissingLabel: DeepLinkable {
    var nodeLabel: String? { nil }
    var nodeIdentity: Int? { 42 }
    var nodeAttributes: KeyValuePairs<String, String> { ["b": "2", "a": "1"] }
}

@MainActor final class NumberedScreen: DeepLinkable {
    let number: Int
    init(_ number: Int) { self.number = number }
    var nodeIdentity: Int { number }
}

@MainActor
@Suite struct DescriptionFormTests {
    @Test func nearMissesOfEachDescriptionAreShownInSnapshots() {
        let root = TestNode(
            "root", [DictionaryAttributes(), OptionalLabel(), MissingLabel(), NumberedScreen(7), NumberedScreen(8)])
        let snapshot = TreeSnapshot(of: root)
        let dictionary = snapshot.nodes[1]
        #expect(dictionary.attributes.map(\.key) == ["age", "email", "plan"])
        #expect(dictionary.attribute("email") == "<private>")
        #expect(dictionary.attribute("plan") == "pro")

        let optional = snapshot.nodes[2]
        #expect(optional.label == "Cart")
        let missing = snapshot.nodes[3]
        #expect(missing.label == "")
        #expect(missing.attributes.map { "\($0.key)=\($0.value)" } == ["b=2", "a=1"])
        // Identities name nodes: the same identity gives the same id in another tree, where
        // the sibling before it of the same type is gone.
        let before = TreeSnapshot(of: TestNode("root", [OptionalLabel("Cart"), OptionalLabel("Wish")]))
        let after = TreeSnapshot(of: TestNode("root", [OptionalLabel("Wish"), NumberedScreen(8)]))
        #expect(after.nodes[1].id == before.nodes[2].id)
        #expect(after.nodes[2].id == snapshot.nodes[5].id)
        #expect(after.nodes[2].id != snapshot.nodes[4].id)
    }

    @Test func eachFormReadsAsTheDocumentedType() {
        #expect(OptionalLabel().nodeLabelText == "Cart")
        #expect(MissingLabel().nodeIdentityText == "42")
        #expect(DictionaryAttributes().privateAttributeKeySet == ["email"])
        #expect(DictionaryAttributes().nodeAttributePairs.map(\.key) == ["age", "email", "plan"])
    }
}

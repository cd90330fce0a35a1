import RecipesDomain
import ShopDomain
import Testing
import XTree
import XTreeLive
import XTreeSnapshot

@testable import XTreeInspector

/// `find` on a running app searches the inspector's live view in place, with no snapshot made:
/// its answer is the one a search of a snapshot of the same tree gives, byte for byte.
@MainActor
@Suite struct LiveFindTests {
    static let queries: [(name: String, conditions: [String], all: Bool, shown: Int)] = [
        ("DefaultRecipeViewModel", [], false, 20),
        ("RecipeViewModel", ["recipe=irish-stew"], false, 20),
        ("RecipeViewModel", ["recipe=no-such"], false, 20),
        ("RecipeViewModel", ["recipee=irish-stew"], false, 5),
        ("RecipeListCoordinator", [], true, 20),
        ("RecipeListCoordinator", ["tab=vegan"], true, 3),
        ("RecipeViewModl", [], false, 20),
        ("NoSuchTypeAnywhere", [], false, 0),
        ("DefaultHomeCoordinator", ["label=Home"], false, 20),
        ("CartScreen", [], false, 20),
        ("ProductScreen", ["sku=tea"], true, 20),
    ]

    func compare(_ root: any DeepLinkable) throws {
        let live = LiveTree(root: root) {}
        let snapshot = TreeSnapshot(of: root)
        for query in Self.queries {
            let conditions = try query.conditions.map { try #require(NodeCondition($0)) }
            let found = try #require(
                live.find(name: query.name, conditions: conditions, all: query.all, shown: query.shown))
            let inPlace = FoundAnswer(
                found: found, forName: query.name, conditions: conditions, knownNames: SearchableProtocols.names)
            let fromSnapshot = FoundAnswer(
                searching: snapshot, forName: query.name, conditions: conditions, all: query.all, shown: query.shown,
                knownNames: SearchableProtocols.names)
            #expect(inPlace == fromSnapshot, "\(query)")
        }
    }

    @Test func theAnswerInPlaceIsTheSnapshotsOnTheRecipesApp() async throws {
        let root = RecipesApp.makeRoot()
        try compare(root)
        for link in ["recipes://recipes/irish-stew", "recipes://tab/meat", "recipes://recipes/irish-stew/ratings"] {
            _ = try await RecipesApp.open(link, in: root)
        }
        try compare(root)
    }

    @Test func theAnswerInPlaceIsTheSnapshotsOnTheShopApp() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let root = ShopApp.makeRoot()
        try compare(root)
        _ = try await ShopApp.open("shop://tab/cart", in: root)
        try compare(root)
    }

    final class Item: DeepLinkable {
        let number: Int
        var items: [Item] = []
        init(_ number: Int) { self.number = number }
        var children: [any DeepLinkable] { items }
        var nodeLabel: String { "item \(number)" }
        var nodeAttributes: [(key: String, value: String)] {
            [("a", String(number % 3)), ("b", String(number % 5))] + (number % 7 == 0 ? [("c", "x")] : [])
        }
    }

    /// Many candidates that fail in different numbers of conditions: the explanation in place
    /// reads only a few of them, and says what reading all would.
    @Test func aMissAmongManyCandidatesIsExplainedAsFromEveryOne() throws {
        let root = Item(0)
        for number in 1...200 {
            // Ten under the root, the others twenty under each of them.
            if number <= 10 {
                root.items.append(Item(number))
            } else {
                root.items[(number - 11) / 19].items.append(Item(number))
            }
        }
        let live = LiveTree(root: root) {}
        let snapshot = TreeSnapshot(of: root)
        for texts in [["a=9", "b=9"], ["a=1", "b=9"], ["a=2", "b=4", "c=y"], ["zz=1"], ["label~item 99", "a=0"]] {
            let conditions = try texts.map { try #require(NodeCondition($0)) }
            let found = try #require(live.find(name: "Item", conditions: conditions, all: false, shown: 7))
            #expect(found.answering.count < 60, "\(found.answering.count) kept")
            #expect(
                FoundAnswer(found: found, forName: "Item", conditions: conditions, knownNames: [])
                    == FoundAnswer(
                        searching: snapshot, forName: "Item", conditions: conditions, all: false, shown: 7,
                        knownNames: []), "\(texts)")
        }
    }
}

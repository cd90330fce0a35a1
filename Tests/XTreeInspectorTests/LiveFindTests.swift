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
                live.find(name: query.name, all: query.all, shown: query.shown) { node in
                    conditions.allSatisfy { $0.matches(node) }
                })
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
}

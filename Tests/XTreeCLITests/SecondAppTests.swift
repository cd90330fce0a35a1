import Foundation
import Testing
import XTree
import XTreeTesting

// A small app that is not RecipesDomain: a shop with a cart and product screens.

@MainActor protocol ProductScreen: DeepLinkable {
    var sku: String { get }
}

@MainActor final class ShopCoordinator: ObservableObject, ViewModel {
    @Published var products: [DefaultProductScreen] = []
    let cart = CartViewModel()
    var children: [any DeepLinkable] {
        cart
        products
    }
    var nodeLabel: String { "Shop" }
}

@MainActor final class CartViewModel: ObservableObject, ViewModel {
    @Published var items = 0
}

@MainActor final class DefaultProductScreen: ProductScreen {
    let sku: String
    init(sku: String) { self.sku = sku }
    var nodeLabel: String { "Product \(sku)" }
    var nodeAttributes: [(key: String, value: String)] { [("sku", sku)] }
}

/// The shop's deep links.
enum ShopLink: Sendable, CustomStringConvertible {
    case cart
    case product(String)
    var description: String {
        switch self {
        case .cart: "shop://cart"
        case .product(let sku): "shop://product/\(sku)"
        }
    }
}

extension ShopCoordinator {
    /// Shows the product, adding its screen if it is not shown yet; returns where the link ends.
    func open(_ link: ShopLink) -> any DeepLinkable {
        switch link {
        case .cart:
            return cart
        case .product(let sku):
            if let shown = firstReceiver(as: (any ProductScreen).self, where: { $0.sku == sku }) { return shown }
            products.append(DefaultProductScreen(sku: sku))
            return firstReceiver(as: (any ProductScreen).self) { $0.sku == sku } ?? self
        }
    }

    /// Every link of a shop whose catalogue is `skus`.
    static func reachabilityCheck(skus: [String]) -> ReachabilityCheck<ShopCoordinator, ShopLink> {
        var check = ReachabilityCheck<ShopCoordinator, ShopLink>(
            "Shop",
            makeApp: {
                let shop = ShopCoordinator()
                shop.products = [DefaultProductScreen(sku: skus[0])]
                return shop
            },
            apply: { shop, link in shop.open(link) })
        check.expect(.cart, reaches: .receiver(CartViewModel.self))
        for sku in skus {
            check.expect(.product(sku), reaches: .receiver((any ProductScreen).self) { $0.sku == sku })
        }
        return check
    }
}

@MainActor
@Suite struct SecondAppTests {
    @Test func everyShopLinkIsReachable() async {
        let report = await ShopCoordinator.reachabilityCheck(skus: ["a1", "b2", "c3"]).expectReachable()
        #expect(report.results.count == 4)
        #expect(report.audit?.findings.isEmpty == true)
        #expect(report.results[2].reached.map(\.type) == ["ShopCoordinator", "DefaultProductScreen"])
    }

    /// The shop's snapshot as the app would write it, with its protocols made searchable.
    func shopSnapshot(skus: [String]) -> String {
        SearchableProtocols.register((any ProductScreen).self)
        let shop = ShopCoordinator()
        shop.products = skus.map(DefaultProductScreen.init(sku:))
        return JSONRenderer().rendered(TreeSnapshot(of: shop))
    }

    @Test func theArticlesSnapshotListingWritesAFileTheCLIReads() async throws {
        let folder = try ScratchFolder()
        let path = folder.path("app.json")
        let root = ShopCoordinator()
        SearchableProtocols.register((any ProductScreen).self)  // once, at start-up

        let json = JSONRenderer().rendered(TreeSnapshot(of: root))
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let found = try await cli("find", "CartViewModel", "--snapshot", path)
        #expect(found.stdout.hasPrefix("1 CartViewModel #"))
    }

    @Test func treeAndFindReadASnapshotFileOfAnotherApp() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("shop.json", shopSnapshot(skus: ["a1", "b2"]))
        let tree = try await cli("tree", "--snapshot", file)
        #expect(tree.status == 0)
        #expect(tree.stdout.hasPrefix("0 ShopCoordinator #"))
        #expect(tree.stdout.contains("Product b2\" sku=b2"))
        #expect(tree.stdout.hasSuffix("4 nodes, depth 1, links: 3 child, 0 cycle, 0 shared\n"))

        let found = try await cli("find", "ProductScreen", "--where", "sku=b2", "--snapshot", file)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("3 DefaultProductScreen #"))
        #expect(found.stdout.contains("  path: 0 ShopCoordinator > 3 DefaultProductScreen\n"))

        let qualified = try await cli("find", "XTreeCLITests.ProductScreen", "--all", "--snapshot", file)
        #expect(qualified.stdout.components(separatedBy: "path:").count == 3)
    }

    @Test func findOfANameNoNodeAnswersToListsEveryVerdictAndExits1() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("shop.json", shopSnapshot(skus: ["a1"]))
        let result = try await cli("find", "RecipeViewModel", "--snapshot", file)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("search for RecipeViewModel: no match among 3 visited"))
        #expect(result.stdout.contains("2   DefaultProductScreen \"Product a1\" - wrong type"))
        #expect(result.stderr == "error: nothing matched RecipeViewModel among 3 visited nodes\n")
    }

    @Test func snapshotsComeFromStandardInputAndDiffCompares() async throws {
        let folder = try ScratchFolder()
        let before = try folder.write("before.json", shopSnapshot(skus: ["a1"]))
        let after = shopSnapshot(skus: ["a1", "c3"])
        let piped = try await cli("tree", "--snapshot", "-", input: after)
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("Product c3"))
        let diff = try await cli("diff", before, "-", input: after)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("+ 3 DefaultProductScreen"))
        #expect(diff.stdout.contains("~ 0 ShopCoordinator #"))
        #expect(diff.stdout.hasSuffix("1 added, 0 removed, 1 changed, 2 unchanged\n"))
    }

    @Test func aBrokenSnapshotFromStandardInputIsNamedAsSuch() async throws {
        let result = try await cli("tree", "--snapshot", "-", input: "{\"nodes\": []}")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: invalid snapshot (standard input): "))
    }

    @Test func aVersionOneSnapshotStillReadsAndAnswersByTypeName() async throws {
        let folder = try ScratchFolder()
        let v1 =
            #"{"nodes":[{"attributes":[],"depth":0,"id":"aaaaaaaa","label":"","links":[],"order":0,"type":"Root"}],"version":1}"#
        let file = try folder.write("v1.json", v1)
        let result = try await cli("find", "Root", "--snapshot", file)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("0 Root #aaaaaaaa"))
    }
}

import Foundation
import ShopDomain
import Testing
import XTree

/// The shop (ShopDomain) as a second app: its snapshots read by the CLI like any app's.
@MainActor
@Suite struct SecondAppTests {
    /// The shop's snapshot as the app would write it, with `skus` pushed on the catalog's stack.
    func shopSnapshot(details skus: [String]) throws -> String {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return "" }
        let shop = ShopCoordinator()
        for sku in skus { _ = try shop.open(.product(sku)) }
        return JSONRenderer().rendered(TreeSnapshot(of: shop))
    }

    @Test func theArticlesSnapshotListingWritesAFileTheCLIReads() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let folder = try ScratchFolder()
        let path = folder.path("app.json")
        let root = ShopCoordinator()
        SearchableProtocols.register((any ProductDetailScreen).self)  // once, at start-up

        let json = JSONRenderer().rendered(TreeSnapshot(of: root))
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        let found = try await cli("find", "CartScreen", "--snapshot", path)
        #expect(found.stdout.hasPrefix("2 CartViewModel #"))
    }

    @Test func treeAndFindReadASnapshotFileOfAnotherApp() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("shop.json", try shopSnapshot(details: ["mug", "tea"]))
        let tree = try await cli("tree", "--snapshot", file)
        #expect(tree.status == 0)
        #expect(tree.stdout.hasPrefix("0 ShopCoordinator #"))
        #expect(tree.stdout.contains("\"Breakfast Tea\" sku=tea quantity=1"))
        #expect(tree.stdout.hasSuffix("7 nodes, depth 2, links: 6 child, 0 cycle, 0 shared\n"))

        let found = try await cli("find", "ProductDetailScreen", "--where", "sku=tea", "--snapshot", file)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.contains("6 ProductDetailViewModel #"))
        #expect(found.stdout.contains("  path: 0 ShopCoordinator > 1 CatalogCoordinator > 6 ProductDetailViewModel\n"))

        let qualified = try await cli("find", "ShopDomain.ProductDetailScreen", "--all", "--snapshot", file)
        #expect(qualified.stdout.components(separatedBy: "path:").count == 3)
    }

    @Test func findOfANameNoNodeAnswersToListsEveryVerdictAndExits1() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("shop.json", try shopSnapshot(details: ["mug"]))
        let result = try await cli("find", "RecipeViewModel", "--snapshot", file)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("search for RecipeViewModel: no match among 6 visited"))
        #expect(result.stdout.contains("5     ProductDetailViewModel \"Enamel Mug\" - wrong type"))
        #expect(result.stderr == "error: nothing matched RecipeViewModel among 6 visited nodes\n")
    }

    @Test func snapshotsComeFromStandardInputAndDiffCompares() async throws {
        let folder = try ScratchFolder()
        let before = try folder.write("before.json", try shopSnapshot(details: ["mug"]))
        let after = try shopSnapshot(details: ["mug", "kettle"])
        let piped = try await cli("tree", "--snapshot", "-", input: after)
        #expect(piped.status == 0)
        #expect(piped.stdout.contains("Stovetop Kettle"))
        let diff = try await cli("diff", before, "-", input: after)
        #expect(diff.status == 1, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("+ 6 ProductDetailViewModel"))
        #expect(diff.stdout.contains("~ 1 CatalogCoordinator #"))
        #expect(diff.stdout.hasSuffix("1 added, 0 removed, 1 changed, 5 unchanged\n"))
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

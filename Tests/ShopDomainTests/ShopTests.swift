import Testing
import XTree
import XTreeReachability
import XTreeRoutes
import XTreeSupport
import XTreeTesting

@testable import ShopDomain

@MainActor
@Suite struct ShopTests {
    @Test func everyShopLinkIsReachableAndNoChildIsForgotten() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let report = await ShopCoordinator.reachabilityCheck().expectReachable()
        #expect(report.results.count == 7)
        #expect(report.audit?.findings.isEmpty == true)
    }

    /// A check told to stop (an interrupt `xtree-cli check` noted) ends after the link under
    /// way, and its report says how far it came.
    @Test func aStoppedCheckEndsAfterTheLinkUnderWay() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        var check = ShopCoordinator.reachabilityCheck()
        let asked = Locked(0)
        check.stopped = {
            asked.withLock { count in
                count += 1
                return count > 2
            }
        }
        let report = await check.run(audits: false)
        #expect(report.results.count == 2)
        #expect(report.summary.hasSuffix("(stopped after 2 of 7)\n"), "\(report.summary)")
    }

    @Test func linksNobodyWroteKeepTheirProperties() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let report = await LinkFuzzing(ShopApp.self, budget: 600).expectNoFindings()
        #expect(report.links >= 600)
    }

    @Test func theAuditSeesTheStackTheSheetAndTheObservableModels() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let shop = ShopCoordinator()
        _ = try shop.open(.product("mug"))
        _ = try shop.open(.product("tea"))
        _ = try shop.open(.checkout)
        #expect(shop.auditChildren().problems.isEmpty)
        let snapshot = TreeSnapshot(of: shop)
        #expect(snapshot.nodes.map(\.type).filter { $0 == "ProductDetailViewModel" }.count == 2)
        #expect(snapshot.nodes.contains { $0.type == "CheckoutViewModel" && $0.attribute("total") == "0" })
    }

    @Test func linksParseAndBadOnesSayWhatIsAccepted() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        #expect(try ShopLink(string: "shop://tab/cart") == .tab(.cart))
        #expect(try ShopLink(string: "shop://product/mug") == .product("mug"))
        #expect(try ShopLink(string: "shop://checkout") == .checkout)
        func refusal(_ text: String) -> RouteError? {
            do {
                _ = try ShopLink(string: text)
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal("shop://tab/toys")?.reason == "'toys' is not a tab (catalog, cart, account)")
        #expect(refusal("shop://tab/toys")?.nearest == nil)
        #expect(refusal("shop://prodct/mug")?.reason == "unknown path")
        #expect(refusal("shop://prodct/mug")?.nearest == "shop://product/<sku>")
        #expect(refusal("recipes://tab/meat")?.reason == "wrong scheme 'recipes'; the scheme is shop")
        #expect(refusal("shop://product/")?.kind == .missingValue(name: "sku"))
        #expect(refusal("shop://product")?.reason == "missing sku")
        #expect(refusal("shop://checkout?a=1&a=2")?.kind == .strayQueryItems(["a=1", "a=2"]))
        #expect(
            refusal("shop://tab/toys")?.kind
                == .invalidValue("toys", name: "tab", choices: ["catalog", "cart", "account"]))
        #expect(refusal("shop://tab:/cart")?.kind == .unexpectedPart("port"))
        #expect(refusal("shop://prodct/mug")?.kind == .unknownPath)
        #expect(try ShopLink(string: "shop://checkout/") == .checkout)
        #expect(ShopLink.routes.roundTripFailures().isEmpty)
        #expect(throws: ShopLinkError(link: "shop://product/nope", reason: "no product has the sku 'nope'")) {
            try ShopCoordinator().open(.product("nope"))
        }
    }

    @Test func bothObservationStylesAreWatched() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let shop = ShopCoordinator()
        let monitor = TreeChangeMonitor(root: shop)
        monitor.observe()
        shop.cart.add(Product.standard[0])  // @Observable
        #expect(monitor.drain() == [2])
        monitor.observe()
        shop.tab = .account  // @Published
        #expect(monitor.drain() == [0])
    }

    @Test func aTableMakesTheProtocolsItsLinksReachSearchable() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        #expect(!SearchableProtocols.names.contains { $0.hasSuffix(".GiftScreen") })
        let table = RouteTable<ShopLink>(
            scheme: "gift",
            [
                RouteForm("wrap", ShopLink.checkout, reaches: (any GiftScreen).self),
                RouteForm("cart", ShopLink.tab(.cart), reaches: CatalogCoordinator.self),
            ])
        #expect(table.routes.count == 2)
        #expect(SearchableProtocols.names.contains { $0.hasSuffix(".GiftScreen") })
        #expect(!SearchableProtocols.names.contains { $0.hasSuffix(".CatalogCoordinator") })
    }
}

/// A protocol only the test's table reaches.
@MainActor private protocol GiftScreen: ViewModel {}

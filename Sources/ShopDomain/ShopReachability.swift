import XTree
import XTreeReachability

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ShopCoordinator {
    /// Every link of a shop that sells `products`, with what each must reach.
    public static func reachabilityCheck(products: [Product] = Product.standard)
        -> ReachabilityCheck<ShopCoordinator, String>
    {
        var check = ReachabilityCheck<ShopCoordinator, String>(
            "Shop", makeApp: { ShopCoordinator(products: products) }, applier: "open",
            apply: { shop, text in try shop.open(try ShopLink(string: text)) })
        // Every form, with the products this shop sells.
        check.expectEveryRoute(of: ShopLink.routes, samples: ["product/{sku}": products.map(\.sku)])
        return check
    }
}

/// The shop's check, which its inspector runs inside the app for `xtree-cli check`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ShopApp: CheckedApp {
    /// Every link of the shop as it is at launch.
    public static var reachabilityCheck: ReachabilityCheck<ShopCoordinator, String> {
        ShopCoordinator.reachabilityCheck(products: Product.standard)
    }
}

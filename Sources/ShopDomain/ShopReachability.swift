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
        check.expect("shop://tab/catalog", reaches: .receiver(CatalogCoordinator.self))
        check.expect("shop://tab/cart", reaches: .receiver((any CartScreen).self))
        check.expect("shop://tab/account", reaches: .receiver(AccountViewModel.self))
        for product in products {
            let sku = product.sku
            check.expect(
                "shop://product/\(sku)",
                reaches: .receiver((any ProductDetailScreen).self, "the detail of \(sku)") { $0.product.sku == sku })
        }
        check.expect("shop://checkout", reaches: .receiver((any CheckoutScreen).self))
        return check
    }
}

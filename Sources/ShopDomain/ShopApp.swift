import XTree
import XTreeRoutes

/// The shop as tools rebuild it: every standard product, opened by its own link handler.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public enum ShopApp: RoutedApp {
    /// The shop as at launch.
    public static func makeRoot() -> ShopCoordinator { ShopCoordinator() }

    /// Parses `link` as a ``ShopLink`` and opens it.
    public static func open(_ link: String, in root: ShopCoordinator) async throws -> any DeepLinkable {
        try root.open(try ShopLink(string: link))
    }

    /// The shop's forms of link, from which its examples and sample values come.
    public static var routes: RouteTable<ShopLink> { ShopLink.routes }

    /// `back`: closes the checkout, else the top-most product.
    public static let actions = [
        AppAction<ShopCoordinator>("back", help: "close the checkout, or the top-most product") { shop in
            if shop.cart.checkout != nil {
                shop.cart.checkout = nil
            } else if !shop.catalog.stack.isEmpty {
                shop.catalog.stack.removeLast()
            } else {
                return "nothing to close"
            }
            return nil
        }
    ]
}

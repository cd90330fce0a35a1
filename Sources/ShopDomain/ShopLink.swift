import Foundation
import XTreeRoutes

/// The shop's tabs.
public enum ShopTab: String, CaseIterable, Sendable, RouteParameter {
    case catalog, cart, account
}

/// A deep link of the shop.
public enum ShopLink: Hashable, Sendable, CustomStringConvertible {
    /// `shop://tab/NAME`: selects a tab.
    case tab(ShopTab)
    /// `shop://product/SKU`: pushes the product's detail on the catalog's stack.
    case product(String)
    /// `shop://checkout`: the checkout sheet over the cart.
    case checkout

    /// The link as text.
    public var description: String {
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
            Self.routes.url(for: self) ?? "shop://?"
        } else {
            "shop://?"
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension ShopLink {
    /// The shop's forms of link, each declared once: parsing, printing, the app's examples and
    /// what each link must reach come from here.
    public static let routes = RouteTable<ShopLink>(
        scheme: "shop",
        [
            RouteForm(
                "tab/{tab}", ShopLink.tab, { if case .tab(let tab) = $0 { tab } else { nil } },
                reaches: { tab in
                    switch tab {
                    case .catalog: CatalogCoordinator.self
                    case .cart: (any CartScreen).self
                    case .account: AccountViewModel.self
                    }
                }),
            RouteForm(
                "product/{sku}", ShopLink.product, { if case .product(let sku) = $0 { sku } else { nil } },
                reaches: (any ProductDetailScreen).self, where: "sku", samples: Product.standard.map(\.sku)),
            RouteForm("checkout", ShopLink.checkout, reaches: (any CheckoutScreen).self),
        ])

    /// Parses a link.
    ///
    /// - Throws: ``RouteError`` if the text is of none of the shop's forms.
    public init(string: String) throws(RouteError) {
        self = try Self.routes.parse(string)
    }
}

/// Why a shop link failed once parsed: a product the shop does not sell.
public struct ShopLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The link as given.
    public let link: String
    /// What was wrong.
    public let reason: String

    /// `REASON in LINK`.
    public var description: String { "\(reason) in \(link)" }
}

/// A product on sale.
public struct Product: Hashable, Sendable {
    /// What identifies the product.
    public let sku: String
    /// What the shop calls it.
    public let name: String
    /// The price in cents.
    public let price: Int

    /// A product.
    public init(sku: String, name: String, price: Int) {
        self.sku = sku
        self.name = name
        self.price = price
    }

    /// What the shop sells when it is given nothing else.
    public static let standard = [
        Product(sku: "mug", name: "Enamel Mug", price: 1_200),
        Product(sku: "tea", name: "Breakfast Tea", price: 650),
        Product(sku: "kettle", name: "Stovetop Kettle", price: 4_500),
    ]
}

import Foundation

/// The shop's tabs.
public enum ShopTab: String, CaseIterable, Sendable {
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

    /// The forms of the shop's links, for messages.
    public static let acceptedForms = ["shop://tab/<catalog|cart|account>", "shop://product/<sku>", "shop://checkout"]

    /// Parses a link.
    ///
    /// - Throws: ``ShopLinkError`` if the text is not one of ``acceptedForms``.
    public init(string: String) throws(ShopLinkError) {
        guard string.utf8.count <= 2048, let url = URLComponents(string: string), url.scheme == "shop" else {
            throw ShopLinkError(link: string, reason: "not a shop:// link")
        }
        let parts = [url.host ?? ""] + url.path.split(separator: "/").map(String.init)
        switch (parts.first, parts.count) {
        case ("tab", 2):
            guard let tab = ShopTab(rawValue: parts[1]) else {
                throw ShopLinkError(link: string, reason: "no tab is called '\(parts[1])'")
            }
            self = .tab(tab)
        case ("product", 2) where !parts[1].isEmpty:
            self = .product(parts[1])
        case ("checkout", 1):
            self = .checkout
        default:
            throw ShopLinkError(link: string, reason: "unknown path")
        }
    }

    /// The link as text.
    public var description: String {
        switch self {
        case .tab(let tab): "shop://tab/\(tab.rawValue)"
        case .product(let sku): "shop://product/\(sku)"
        case .checkout: "shop://checkout"
        }
    }
}

/// Why a shop link failed.
public struct ShopLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The link as given.
    public let link: String
    /// What was wrong.
    public let reason: String

    /// The link as text.
    public var description: String {
        "\(reason) in \(link); accepted links: \(ShopLink.acceptedForms.joined(separator: ", "))"
    }
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

import XTree

/// The shop as tools rebuild it: every standard product, opened by its own link handler.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public enum ShopApp: DeepLinkableApp {
    /// The shop as at launch.
    public static func makeRoot() -> ShopCoordinator { ShopCoordinator() }

    /// Parses `link` as a ``ShopLink`` and opens it.
    public static func open(_ link: String, in root: ShopCoordinator) async throws -> any DeepLinkable {
        try root.open(try ShopLink(string: link))
    }

    /// One link of each form.
    public static var linkExamples: [LinkExample] {
        zip(
            ShopLink.acceptedForms, ["shop://tab/cart", "shop://product/\(Product.standard[0].sku)", "shop://checkout"]
        )
        .map { LinkExample(form: $0, link: $1) }
    }

    /// The standard products' SKUs.
    public static var sampleValues: [String] { Product.standard.map(\.sku) }
}

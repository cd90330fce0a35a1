import ShopDomain
import XTree
import XTreeArgumentParser
import XTreeReachability

/// The shop, embedded: the one file of the CLI that knows ShopDomain.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
package final class EmbeddedShop: EmbeddedApp {
    package typealias Definition = ShopApp

    package struct Options: ParsableArguments {
        package init() {}
        @Option(
            name: "products", value: "SKU,SKU", help: "Sell only these of the shop's products (default all).",
            role: .starting)
        var products: String?
    }

    package static let name = "Shop"
    package static let title = "the shop"
    package static let linkForms = ShopLink.routes.forms
    private let products: [Product]

    /// Only a shop of every standard product is the one ``ShopApp`` makes.
    package var startsAsDefined: Bool { products == Product.standard }

    package init(options: Options, context: Context) throws(CLIError) {
        guard let list = options.products else {
            products = Product.standard
            return
        }
        var chosen: [Product] = []
        for sku in list.split(separator: ",").map(String.init) {
            guard let product = Product.standard.first(where: { $0.sku == sku }) else {
                let known = Product.standard.map(\.sku).joined(separator: ", ")
                throw .usage(
                    "the shop sells no '\(TerminalText.shortened(sku))'; products: \(known)", command: context.command)
            }
            chosen.append(product)
        }
        products = chosen
    }

    package func makeRoot() -> ShopCoordinator { ShopCoordinator(products: products) }

    package func linkApplier(for root: ShopCoordinator) -> LinkApplier {
        { text in
            let link = try ShopLink(string: text)
            return AppliedLink(link: link.description, reached: try root.open(link))
        }
    }

    package func check(link: String) throws(CLIError) {
        do {
            _ = try ShopLink(string: link)
        } catch {
            throw .failure(error.description)
        }
    }

    package let applierName = "open"

    package func reachabilityCheck() -> ReachabilityCheck<ShopCoordinator, String> {
        ShopCoordinator.reachabilityCheck(products: products)
    }
}

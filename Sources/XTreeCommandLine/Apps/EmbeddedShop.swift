import ShopDomain
import XTree
import XTreeArgumentParser
import XTreeReachability

/// The shop, embedded: the one file of the CLI that knows ShopDomain.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
final class EmbeddedShop: EmbeddedApp {
    typealias Definition = ShopApp

    struct Options: ParsableArguments {
        @Option(
            name: "products", value: "SKU,SKU", help: "Sell only these of the shop's products (default all).",
            role: .starting)
        var products: String?
    }

    static let name = "Shop"
    static let title = "the shop"
    static let linkForms = ShopLink.acceptedForms
    static let watchCommands = [
        WatchAction<ShopCoordinator>(name: "back", help: "close the checkout, or the top-most product") { shop in
            if shop.cart.checkout != nil {
                shop.cart.checkout = nil
            } else if !shop.catalog.stack.isEmpty {
                shop.catalog.stack.removeLast()
            } else {
                return "nothing to close\n"
            }
            return nil
        }
    ]

    private let products: [Product]

    /// Only a shop of every standard product is the one ``ShopApp`` makes.
    var startsAsDefined: Bool { products == Product.standard }

    init(options: Options, context: Context) throws(CLIError) {
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

    func makeRoot() -> ShopCoordinator { ShopCoordinator(products: products) }

    func linkApplier(for root: ShopCoordinator) -> LinkApplier {
        { text in
            let link = try ShopLink(string: text)
            return AppliedLink(link: link.description, reached: try root.open(link))
        }
    }

    func check(link: String) throws(CLIError) {
        do {
            _ = try ShopLink(string: link)
        } catch {
            throw .failure(error.description)
        }
    }

    let applierName = "open"

    func reachabilityCheck() -> ReachabilityCheck<ShopCoordinator, String> {
        ShopCoordinator.reachabilityCheck(products: products)
    }
}

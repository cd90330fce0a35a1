import Observation
import XTree

/// A product's detail, pushed on the catalog's stack.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor public protocol ProductDetailScreen: ViewModel {
    var product: Product { get }
    var quantity: Int { get set }
}

/// The cart: held by the shop only through this protocol.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor public protocol CartScreen: DeepLinkable {
    var items: [String: Int] { get }
    var checkout: (any CheckoutScreen)? { get set }
    func add(_ product: Product)
    /// The total in cents.
    var total: Int { get }
}

/// The checkout sheet.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor public protocol CheckoutScreen: ViewModel {
    var total: Int { get }
}

/// The root: three tabs, a catalog with a stack of details, a cart with a checkout sheet.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor public final class ShopCoordinator: ObservableObject, ViewModel {
    /// The selected tab.
    @Published public var tab = ShopTab.catalog
    /// The catalog tab.
    public let catalog: CatalogCoordinator
    /// The cart tab, known only through its protocol.
    public let cart: any CartScreen
    /// The account tab.
    public let account = AccountViewModel()
    private let products: [Product]

    /// A shop that sells `products`, on its catalog tab.
    public init(products: [Product] = Product.standard) {
        _ = ShopLink.routes  // makes the protocols its links reach searchable by name
        SearchableProtocols.register((any CartScreen).self)  // reached by a tab, whose receiver is its value's
        self.products = products
        catalog = CatalogCoordinator(products: products)
        cart = CartViewModel(products: products)
    }

    /// The objects this node owns, as a reader expects to see them.
    public var children: [any DeepLinkable] {
        catalog
        cart
        account
    }

    /// The name shown for this node.
    public var nodeLabel: String { "Shop" }
    /// The state shown for this node.
    public var nodeAttributes: [String: String] { ["tab": tab.rawValue] }

    /// Applies a link; returns the screen it ends on.
    ///
    /// - Throws: ``ShopLinkError`` for a product the shop does not sell.
    public func open(_ link: ShopLink) throws(ShopLinkError) -> any DeepLinkable {
        switch link {
        case .tab(let tab):
            self.tab = tab
            switch tab {
            case .catalog: return catalog
            case .cart: return cart
            case .account: return account
            }
        case .product(let sku):
            guard let product = products.first(where: { $0.sku == sku }) else {
                throw ShopLinkError(link: link.description, reason: "no product has the sku '\(sku)'")
            }
            tab = .catalog
            catalog.show(product)
            return firstReceiver(as: (any ProductDetailScreen).self) { $0.product.sku == sku } ?? catalog
        case .checkout:
            tab = .cart
            if cart.checkout == nil { cart.checkout = CheckoutViewModel(total: cart.total) }
            return firstReceiver(as: (any CheckoutScreen).self) ?? cart
        }
    }
}

/// The catalog tab: the product list, and the details pushed over it.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor public final class CatalogCoordinator: ObservableObject, ViewModel {
    /// The list of products.
    public let list: ProductListViewModel
    /// The details pushed over the list, the top-most last.
    @Published public var stack: [any ProductDetailScreen] = []

    init(products: [Product]) {
        list = ProductListViewModel(products: products)
    }

    /// The objects this node owns, as a reader expects to see them.
    public var children: [any DeepLinkable] {
        list
        stack
    }

    /// The name shown for this node.
    public var nodeLabel: String { "Catalog" }
    /// The state shown for this node.
    public var nodeAttributes: [(key: String, value: String)] { [("stack", "\(stack.count)")] }

    /// Shows the product's detail on top of the stack, pushing it unless it is there.
    public func show(_ product: Product) {
        if stack.last?.product != product { stack.append(ProductDetailViewModel(product: product)) }
    }
}

/// The list of products: an `@Observable` model.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable public final class ProductListViewModel: DeepLinkable {
    /// The products listed.
    public var products: [Product]
    /// The search text.
    public var query = ""

    init(products: [Product]) {
        self.products = products
    }

    /// The state shown for this node.
    public var nodeAttributes: [(key: String, value: String)] { [("products", "\(products.count)"), ("query", query)] }
}

/// A product's detail: an `ObservableObject` with `@Published` state.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor public final class ProductDetailViewModel: ObservableObject, ProductDetailScreen {
    /// The product shown.
    public let product: Product
    /// How many to add to the cart.
    @Published public var quantity = 1

    init(product: Product) {
        self.product = product
    }

    /// The name shown for this node.
    public var nodeLabel: String { product.name }
    /// The product's sku: what tells details apart.
    public var nodeIdentity: String { product.sku }
    /// The state shown for this node.
    public var nodeAttributes: [(key: String, value: String)] { [("sku", product.sku), ("quantity", "\(quantity)")] }
}

/// The cart: an `@Observable` model, known to the shop as `any CartScreen`.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable public final class CartViewModel: CartScreen {
    /// How many of each sku the cart holds.
    public private(set) var items: [String: Int] = [:]
    /// The checkout sheet, when shown.
    public var checkout: (any CheckoutScreen)?
    private let products: [Product]

    init(products: [Product]) {
        self.products = products
    }

    /// Adds one of `product`.
    public func add(_ product: Product) { items[product.sku, default: 0] += 1 }

    /// The total in cents.
    public var total: Int {
        items.reduce(0) { sum, item in sum + item.value * (products.first { $0.sku == item.key }?.price ?? 0) }
    }

    /// The objects this node owns, as a reader expects to see them.
    public var children: [any DeepLinkable] { checkout }
    /// The name shown for this node.
    public var nodeLabel: String { "Cart" }
    /// The state shown for this node.
    public var nodeAttributes: [String: String] { ["items": "\(items.values.reduce(0, +))", "total": "\(total)"] }
}

/// The checkout sheet.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor public final class CheckoutViewModel: ObservableObject, CheckoutScreen {
    /// The total in cents.
    @Published public var total: Int

    init(total: Int) {
        self.total = total
    }

    /// The name shown for this node.
    public var nodeLabel: String { "Checkout" }
    /// The state shown for this node.
    public var nodeAttributes: [(key: String, value: String)] { [("total", "\(total)")] }
}

/// The account tab: an `@Observable` model whose label may be missing.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable public final class AccountViewModel: DeepLinkable {
    /// The signed-in user's name, if any.
    public var name: String?

    /// The name shown for this node.
    public var nodeLabel: String? { name }
}

import Foundation
import XTree
import XTreeRoutes

/// Where a link asks the app to go: a typed route, parsed strictly from untrusted URLs.
///
/// Accepted URLs:
///
/// | URL | link |
/// | --- | --- |
/// | `recipes://tab/<meat\|veggie\|settings>` | ``tab(_:)`` |
/// | `recipes://recipes/<slug>` | ``recipe(_:)`` |
/// | `recipes://recipes/<slug>/ratings` | ``ratings(_:)`` |
/// | `recipes://ratings?recipeID=<slug>` | ``ratings(_:)`` (the reference app's form) |
/// | `recipes://recipes/<slug>/rate` | ``rate(_:)`` |
///
/// ```swift
/// let link = try DeepLink(string: "recipes://recipes/orange-marmalade/ratings")
/// link == .ratings(Recipe.ID(rawValue: "orange-marmalade")!)   // true
/// link.url.absoluteString   // "recipes://recipes/orange-marmalade/ratings"
/// ```
///
/// Anything else throws a ``DeepLinkError`` that says what was wrong; parsing never traps.
/// Whether the recipe exists is checked when the link is opened.
public enum DeepLink: Codable, Hashable, Sendable, CustomStringConvertible {
    /// Select a tab.
    case tab(HomeTab)
    /// Show a recipe's detail, in the tab that lists it.
    case recipe(Recipe.ID)
    /// Show a recipe's detail and its ratings sheet.
    case ratings(Recipe.ID)
    /// Show a recipe's ratings sheet and start rating it: the first step of ``RatingFlow``.
    case rate(Recipe.ID)

    /// The scheme of every link.
    public static let scheme = "recipes"

    /// The website whose `https` URLs are the same links as universal links:
    /// `https://recipes.example/recipes/<slug>` is `recipes://recipes/<slug>`.
    public static let universalHost = "recipes.example"

    /// The app's forms of link, each declared once: parsing, printing, the accepted forms, the
    /// app's link examples and what each must reach come from here.
    public static let routes = RouteTable<DeepLink>(
        scheme: scheme, universalHosts: [universalHost],
        [
            RouteForm(
                "tab/{tab}", { .tab($0) }, { if case .tab(let tab) = $0 { tab } else { nil } },
                reaches: { tab in tab == .settings ? (any SettingsViewModel).self : DefaultRecipeListCoordinator.self },
                where: { tab in tab == .settings ? nil : "tab" }),
            RouteForm(
                "recipes/{slug}", { .recipe($0) }, { if case .recipe(let id) = $0 { id } else { nil } },
                reaches: DefaultRecipeViewModel.self, where: "recipe", samples: samples),
            RouteForm(
                "recipes/{slug}/ratings", { .ratings($0) }, { if case .ratings(let id) = $0 { id } else { nil } },
                reaches: DefaultRatingViewModel.self, where: "recipe", samples: samples),
            RouteForm(
                "ratings?recipeID={slug}", { .ratings($0) }, { if case .ratings(let id) = $0 { id } else { nil } },
                reaches: DefaultRatingViewModel.self, where: "recipe", samples: samples),
            RouteForm(
                "recipes/{slug}/rate", { .rate($0) }, { if case .rate(let id) = $0 { id } else { nil } },
                reaches: RatingStarsScreen.self, where: "recipe", samples: samples),
        ])

    /// The recipes links are shown with: the default catalog's.
    private static var samples: [Recipe.ID] { RecipeCatalog.default.recipes.map(\.id) }

    /// The accepted forms under the custom scheme, for error messages and help.
    public static var acceptedForms: [String] { routes.forms.filter { $0.hasPrefix("\(scheme)://") } }

    /// The universal-link forms, the same links as ``acceptedForms``.
    public static var universalForms: [String] { routes.forms.filter { !$0.hasPrefix("\(scheme)://") } }

    /// The longest link accepted, in UTF-8 bytes.
    public static var maximumLength: Int { RouteTable<DeepLink>.maximumLength }

    /// Parses a link from text.
    ///
    /// - Throws: ``DeepLinkError`` if the text is too long, not a URL, or not an accepted link.
    public init(string: String) throws(DeepLinkError) {
        do {
            self = try Self.routes.parse(string)
        } catch {
            throw DeepLinkError(Self.reason(error.kind), in: string)
        }
    }

    /// Parses a link from a URL.
    ///
    /// - Throws: ``DeepLinkError`` if the URL is too long or not an accepted link.
    public init(url: URL) throws(DeepLinkError) {
        try self.init(string: url.absoluteString)
    }

    /// The table's refusal in the app's words.
    private static func reason(_ kind: RouteError.Kind) -> DeepLinkError.Reason {
        switch kind {
        case .tooLong(let bytes): .tooLong(bytes: bytes)
        case .notALink: .notAURL
        case .wrongScheme(let scheme): .wrongScheme(scheme)
        case .unexpectedPart(let part): .unexpectedPart(part)
        case .missingValue(name: "tab"): .missingTab
        case .missingValue: .missingRecipeID
        case .invalidValue(let text, name: "tab", _): .unknownTab(text)
        case .invalidValue(let text, _, _): .malformedRecipeID(text)
        case .strayQueryItems(let items): .strayQueryItems(items)
        case .unknownPath: .unknownPath
        }
    }

    /// The link's canonical URL, which parses back to this link.
    public var url: URL {
        // Printed by the table from a tab or a validated slug: always a valid URL.
        URL(string: description)!
    }

    /// The canonical URL's text.
    public var description: String {
        // Every link is of a form: the table prints each.
        Self.routes.url(for: self)!
    }

    /// The recipe the link names, if any.
    public var recipeID: Recipe.ID? {
        switch self {
        case .tab: nil
        case .recipe(let id), .ratings(let id), .rate(let id): id
        }
    }
}

/// A tab in a link: `recipes://tab/veggie`.
extension HomeTab: RouteParameter {}

/// A recipe's slug in a link: `recipes://recipes/orange-marmalade`.
extension Recipe.ID: RouteParameter {}

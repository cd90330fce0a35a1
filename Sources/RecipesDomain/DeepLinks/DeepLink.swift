import Foundation
import XTree

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

    /// The universal-link forms, the same links as ``acceptedForms``.
    public static let universalForms = [
        "https://recipes.example/tab/<meat|veggie|settings>",
        "https://recipes.example/recipes/<slug>",
        "https://recipes.example/recipes/<slug>/ratings",
        "https://recipes.example/ratings?recipeID=<slug>",
        "https://recipes.example/recipes/<slug>/rate",
    ]

    /// The longest link accepted, in UTF-8 bytes.
    public static let maximumLength = 2048

    /// The accepted forms, for error messages and help.
    public static let acceptedForms = [
        "recipes://tab/<meat|veggie|settings>",
        "recipes://recipes/<slug>",
        "recipes://recipes/<slug>/ratings",
        "recipes://ratings?recipeID=<slug>",
        "recipes://recipes/<slug>/rate",
    ]

    /// Parses a link from text.
    ///
    /// - Throws: ``DeepLinkError`` if the text is too long, not a URL, or not an accepted link.
    public init(string: String) throws(DeepLinkError) {
        let length = string.utf8.count
        guard length <= Self.maximumLength else { throw DeepLinkError(.tooLong(bytes: length), in: string) }
        guard let url = URL(string: string) else { throw DeepLinkError(.notAURL, in: string) }
        do {
            try self.init(url: url)
        } catch {
            // Quote the text as given, not as Foundation percent-encoded it.
            throw DeepLinkError(error.reason, in: string)
        }
    }

    /// Parses a link from a URL.
    ///
    /// - Throws: ``DeepLinkError`` if the URL is too long or not an accepted link.
    public init(url given: URL) throws(DeepLinkError) {
        let text = given.absoluteString
        func fail(_ reason: DeepLinkError.Reason) -> DeepLinkError { DeepLinkError(reason, in: text) }
        guard text.utf8.count <= Self.maximumLength else { throw fail(.tooLong(bytes: text.utf8.count)) }
        // RFC 3986's equivalent forms (case, escapes of letters, dot segments) are one link.
        let url = URL(string: LinkNormalization.normalized(text)) ?? given
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { throw fail(.notAURL) }
        if components.scheme?.lowercased() == "https", components.percentEncodedHost?.lowercased() == Self.universalHost
        {
            // The path's first segment is the custom scheme's host: parse that link.
            if components.percentEncodedUser != nil { throw fail(.unexpectedPart("user")) }
            if components.port != nil { throw fail(.unexpectedPart("port")) }
            var text = "\(Self.scheme)://" + components.percentEncodedPath.drop { $0 == "/" }
            if let query = components.percentEncodedQuery { text += "?" + query }
            if let fragment = components.percentEncodedFragment { text += "#" + fragment }
            guard let inner = URL(string: text) else { throw fail(.notAURL) }
            do {
                try self.init(url: inner)
            } catch {
                throw fail(error.reason)
            }
            return
        }
        guard components.scheme?.lowercased() == Self.scheme else { throw fail(.wrongScheme(components.scheme)) }
        for (part, value) in [
            ("user", components.percentEncodedUser), ("password", components.percentEncodedPassword),
            ("port", components.port.map(String.init)), ("fragment", components.percentEncodedFragment),
        ] where value != nil {
            throw fail(.unexpectedPart(part))
        }
        // An empty port (`recipes://recipes:/x`) leaves `port` nil; the authority still has its colon.
        let authority = text.drop { $0 != ":" }.dropFirst(3).prefix { !"/?#".contains($0) }
        if authority.contains(":") { throw fail(.unexpectedPart("port")) }
        let path = components.percentEncodedPath
        // "/a/b" splits into "", "a", "b": the leading empty segment is the root, not a segment.
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst(path.hasPrefix("/") ? 1 : 0)
        let decoded = segments.map { String($0).removingPercentEncoding }
        let query = components.percentEncodedQuery.map { $0.isEmpty ? [] : $0.split(separator: "&").map(String.init) }

        func recipeID(_ text: String?) throws(DeepLinkError) -> Recipe.ID {
            guard let text, !text.isEmpty else { throw fail(.missingRecipeID) }
            guard let id = Recipe.ID(rawValue: text) else { throw fail(.malformedRecipeID(text)) }
            return id
        }
        func noQuery() throws(DeepLinkError) {
            if let query, !query.isEmpty { throw fail(.strayQueryItems(query)) }
        }

        // Scheme and host are case-insensitive (RFC 3986, 3.1 and 3.2.2); the path is not.
        switch components.percentEncodedHost?.lowercased() {
        case "tab":
            try noQuery()
            guard decoded.count == 1, let name = decoded[0], !name.isEmpty else {
                throw fail(decoded.isEmpty || decoded == [""] ? .missingTab : .unknownPath)
            }
            guard let tab = HomeTab(rawValue: name) else { throw fail(.unknownTab(name)) }
            self = .tab(tab)
        case "recipes":
            try noQuery()
            switch decoded.count {
            case 1: self = .recipe(try recipeID(decoded[0]))
            case 2 where decoded[1] == "ratings": self = .ratings(try recipeID(decoded[0]))
            case 2 where decoded[1] == "rate": self = .rate(try recipeID(decoded[0]))
            case 0: throw fail(.missingRecipeID)
            default: throw fail(.unknownPath)
            }
        case "ratings":
            guard decoded.isEmpty || decoded == [""] else { throw fail(.unknownPath) }
            let items = query ?? []
            let ids = items.filter { $0.hasPrefix("recipeID=") }
            let stray = items.filter { !$0.hasPrefix("recipeID=") } + ids.dropFirst()
            guard stray.isEmpty else { throw fail(.strayQueryItems(stray)) }
            guard let item = ids.first else { throw fail(.missingRecipeID) }
            let value = item.dropFirst("recipeID=".count)
            guard let text = String(value).removingPercentEncoding else {
                throw fail(.malformedRecipeID(String(value)))
            }
            self = .ratings(try recipeID(text))
        default:
            throw fail(.unknownPath)
        }
    }

    /// The link's canonical URL, which parses back to this link.
    public var url: URL {
        // Built only from a tab name or a validated slug: always a valid URL.
        URL(string: "\(Self.scheme)://\(path)")!
    }

    /// The canonical URL's text.
    public var description: String { "\(Self.scheme)://\(path)" }

    private var path: String {
        switch self {
        case .tab(let tab): "tab/\(tab.rawValue)"
        case .recipe(let id): "recipes/\(id.rawValue)"
        case .ratings(let id): "recipes/\(id.rawValue)/ratings"
        case .rate(let id): "recipes/\(id.rawValue)/rate"
        }
    }

    /// The recipe the link names, if any.
    public var recipeID: Recipe.ID? {
        switch self {
        case .tab: nil
        case .recipe(let id), .ratings(let id), .rate(let id): id
        }
    }
}

import Foundation
import XTree

/// An app's link forms, each declared once (``RouteForm``), from which come parsing, printing,
/// the app's link examples, the forms coverage counts, what `check` holds each example to,
/// and the website's association components.
///
/// ```swift
/// static let routes = RouteTable<ShopLink>(scheme: "shop", [
///     RouteForm("tab/{tab}", ShopLink.tab, { if case .tab(let tab) = $0 { tab } else { nil } },
///           reaches: ShopScreen.self),
///     RouteForm("checkout", ShopLink.checkout, reaches: (any CheckoutScreen).self),
/// ])
/// let link = try ShopLink.routes.parse("shop://checkout")   // .checkout
/// ShopLink.routes.url(for: .checkout)                       // "shop://checkout"
/// ```
///
/// Links are read strictly, as untrusted text: at most ``maximumLength`` bytes of printable
/// ASCII (anything else percent-encoded, RFC 3986); the scheme
/// and host compared without case (RFC 3986), the path and query with it; no user,
/// password, port or fragment; no query item a form does not name, none twice; every path
/// segment and query value percent-decoded. A link of no form fails with the form nearest to
/// it.
public struct RouteTable<Link: Sendable>: Sendable {
    /// The custom scheme: `shop`.
    public let scheme: String
    /// The websites whose `https` links are the same links (universal links).
    public let universalHosts: [String]
    /// The forms, tried in order.
    public let routes: [RouteForm<Link>]

    /// The longest link read, in UTF-8 bytes.
    public static var maximumLength: Int { 2048 }

    /// A table of `routes` under `scheme`, and under `https://HOST/` for each universal host.
    ///
    /// Each receiver that is a protocol is made searchable by name (`SearchableProtocols`), so
    /// that snapshots record it and `find` and `why` name it, with no `register` call.
    public init(scheme: String, universalHosts: [String] = [], _ routes: [RouteForm<Link>]) {
        self.scheme = scheme.lowercased()
        self.universalHosts = universalHosts.map { $0.lowercased() }
        self.routes = routes
        for route in routes { route.searchable() }
    }

    /// Every form, under the custom scheme and then under each universal host.
    public var forms: [String] {
        prefixes.flatMap { prefix in routes.map { $0.form(after: prefix) } }
    }

    private var prefixes: [String] { ["\(scheme)://"] + universalHosts.map { "https://\($0)/" } }

    /// The link `link` is, under the custom scheme.
    public func url(for link: Link) -> String? { urls(for: link).first }

    /// The link `link` is, under the custom scheme and each universal host; empty if no form
    /// prints it.
    public func urls(for link: Link) -> [String] {
        guard let (route, value) = routes.lazy.compactMap({ route in route.text(link).map { (route, $0) } }).first
        else { return [] }
        return prefixes.map { $0 + route.path(with: value) }
    }

    /// One example of each form: with its first sample value, what it must reach. A form with
    /// a value and no sample has none.
    public var examples: [LinkExample] {
        prefixes.flatMap { prefix in
            routes.compactMap { route -> LinkExample? in
                guard let sample = route.samples.first, route.make(sample) != nil else { return nil }
                return LinkExample(
                    form: route.form(after: prefix), link: prefix + route.path(with: sample),
                    reaches: route.receiver(for: sample))
            }
        }
    }

    /// Every sample value of every form, for patterns' wildcards: those of forms whose values
    /// are open (ids, names) first, then those of forms of few choices (tabs).
    public var sampleValues: [String] {
        var seen = Set<String>()
        let open = routes.filter { $0.choices == nil }
        let few = routes.filter { $0.choices != nil }
        return (open + few).flatMap(\.samples).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The link `text` is, and the form it is of.
    ///
    /// - Throws: ``RouteError`` saying what was wrong, with the nearest form.
    public func match(_ text: String) throws(RouteError) -> (link: Link, route: RouteForm<Link>, value: String) {
        func fail(_ kind: RouteError.Kind, _ reason: String, nearest: String? = nil) -> RouteError {
            RouteError(link: text, kind: kind, reason: reason, nearest: nearest, forms: forms)
        }
        let length = text.utf8.count
        guard length <= Self.maximumLength else {
            throw fail(.tooLong(bytes: length), "a link of \(length) bytes; links are at most \(Self.maximumLength)")
        }
        // RFC 3986: a link is printable ASCII; anything else is percent-encoded.
        guard text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            throw fail(.notALink, "a space, control or non-ASCII character where a link has only percent-encoded ones")
        }
        // RFC 3986's equivalent forms (case, escapes of letters, dot segments) are one link.
        let normalized = LinkNormalization.normalized(text)
        guard let components = URLComponents(string: normalized) else {
            throw fail(.notALink, "not a \(scheme):// link")
        }
        guard let givenScheme = components.scheme?.lowercased() else {
            throw fail(.wrongScheme(nil), "not a \(scheme):// link")
        }
        // An empty port (`shop://tab:/cart`) leaves `port` nil; the authority keeps its colon.
        let authority = normalized.drop { $0 != ":" }.dropFirst(3).prefix { !"/?#".contains($0) }
        for (part, present) in [
            ("user", components.percentEncodedUser != nil), ("password", components.percentEncodedPassword != nil),
            ("port", components.port != nil || authority.contains(":")),
            ("fragment", components.percentEncodedFragment != nil),
        ] where present {
            throw fail(.unexpectedPart(part), "a \(part) where links have none")
        }
        let host = components.percentEncodedHost?.lowercased() ?? ""
        // A path of "/" alone is the empty path (`app://ratings/?id=1` is `app://ratings?id=1`).
        let given = components.percentEncodedPath == "/" ? "" : components.percentEncodedPath
        var path = given.isEmpty ? [] : given.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if path.first == "" { path.removeFirst() }
        let prefix: String
        if givenScheme == scheme {
            path.insert(host, at: 0)
            prefix = "\(scheme)://"
        } else if givenScheme == "https", universalHosts.contains(host) {
            prefix = "https://\(host)/"
        } else {
            throw fail(
                .wrongScheme(givenScheme),
                "wrong scheme '\(TerminalText.shortened(givenScheme))"
                    + (givenScheme == "https" ? "' on \(TerminalText.shortened(host))" : "'")
                    + "; the scheme is \(scheme)"
                    + (universalHosts.isEmpty ? "" : ", or https on \(universalHosts.joined(separator: ", "))"))
        }
        let segments = path.compactMap { $0.removingPercentEncoding }
        guard segments.count == path.count else {
            throw fail(.notALink, "a path segment that is not percent-encoded UTF-8")
        }
        var items: [QueryItem] = []
        for raw in (components.percentEncodedQuery ?? "").split(separator: "&") {
            let pair = raw.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = pair[0].removingPercentEncoding,
                let value = (pair.count > 1 ? String(pair[1]) : "").removingPercentEncoding
            else { throw fail(.notALink, "a query item that is not percent-encoded UTF-8") }
            items.append(QueryItem(name: name, value: value, raw: String(raw)))
        }
        // The first form the link fits decides; one it fits but for its value or query says why.
        var refusal: RouteError?
        for route in routes {
            let name = route.valueName ?? "value"
            switch Self.fit(route, segments: segments, items: items) {
            case .none: continue
            case .value(let value):
                if let link = route.make(value) { return (link, route, value) }
                guard !value.isEmpty else {
                    refusal = refusal ?? fail(.missingValue(name: name), "missing \(name)")
                    continue
                }
                let choices = route.choices.map { " (\($0.joined(separator: ", ")))" } ?? ""
                // The value is the link's own text again: shortened, so the message stays near the
                // link's size.
                refusal =
                    refusal
                    ?? fail(
                        .invalidValue(value, name: name, choices: route.choices),
                        "'\(TerminalText.shortened(value))' is not a \(name)\(choices)")
            case .stray(let stray):
                refusal =
                    refusal
                    ?? fail(
                        .strayQueryItems(stray),
                        "unexpected query items \(TerminalText.shortened(stray.joined(separator: "&")))")
            }
        }
        if let refusal { throw refusal }
        throw fail(.unknownPath, "unknown path", nearest: nearest(segments: segments, items: items, prefix: prefix))
    }

    /// The link `text` is.
    ///
    /// - Throws: ``RouteError`` saying what was wrong, with the nearest form.
    public func parse(_ text: String) throws(RouteError) -> Link { try match(text).link }

    /// A query item as the link gives it: name and value percent-decoded, and its text as given.
    private struct QueryItem {
        let name: String
        let value: String
        let raw: String
    }

    /// How a link fits a form.
    private enum Fit {
        /// Its path is another form's.
        case none
        /// Its path and query are the form's: the value's text ("" if the form has none, or it
        /// is missing).
        case value(String)
        /// Its path is the form's, but query items the form does not name, or names twice, are
        /// there too (as given).
        case stray([String])
    }

    /// How the segments and query items fit `route`. A path one segment short of a form whose
    /// last segment is its value fits it with the value missing.
    private static func fit(_ route: RouteForm<Link>, segments: [String], items: [QueryItem]) -> Fit {
        var pieces = route.segments
        if segments.count == pieces.count - 1, pieces.last == .value { pieces.removeLast() }
        guard pieces.count == segments.count else { return .none }
        var value: String?
        for (piece, segment) in zip(pieces, segments) {
            switch piece {
            case .literal(let literal): guard literal == segment else { return .none }
            case .value: value = segment
            }
        }
        var seen = Set<String>()
        var stray: [String] = []
        for item in items {
            guard seen.insert(item.name).inserted, let piece = route.query.first(where: { $0.name == item.name })?.piece
            else {
                stray.append(item.raw)
                continue
            }
            switch piece {
            case .literal(let literal): guard literal == item.value else { return .none }
            case .value: value = item.value
            }
        }
        guard stray.isEmpty else { return .stray(stray) }
        // A literal query item the link leaves out makes it another form.
        for (name, piece) in route.query where piece != .value && !seen.contains(name) { return .none }
        return .value(value ?? "")
    }

    /// The form whose literal pieces are fewest edits from the link's.
    private func nearest(segments: [String], items: [QueryItem], prefix: String) -> String? {
        let given = (segments + items.map(\.name)).joined(separator: "/")
        return routes.map { route -> (RouteForm<Link>, Int) in
            let literals =
                route.segments.map { piece in
                    if case .literal(let literal) = piece { literal } else { "" }
                } + route.query.map(\.name)
            let countPenalty = abs(route.segments.count - segments.count)
            return (route, Self.distance(given, literals.joined(separator: "/")) + countPenalty)
        }.min { $0.1 < $1.1 }.map { $0.0.form(after: prefix) }
    }

    /// Levenshtein distance, on characters, of two short texts (at most 256 characters each
    /// are compared).
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(256))
        let b = Array(b.prefix(256))
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var previous = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let next = Swift.min(row[j + 1] + 1, row[j] + 1, previous + (x == y ? 0 : 1))
                previous = row[j + 1]
                row[j + 1] = next
            }
        }
        return row[b.count]
    }
}

/// Why a link is of no form of an app's ``RouteTable``.
public struct RouteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, for an app that words its own errors.
    public enum Kind: Sendable, Hashable {
        /// Longer than ``RouteTable/maximumLength`` bytes.
        case tooLong(bytes: Int)
        /// Not a link: a space, control or non-ASCII character, text no URL reads, or an
        /// escape that is not UTF-8.
        case notALink
        /// No scheme (`nil`), or one that is neither the table's nor `https` on its hosts.
        case wrongScheme(String?)
        /// A part links never have: `user`, `password`, `port` or `fragment`.
        case unexpectedPart(String)
        /// The path of a form whose value is absent or empty: `shop://product/`.
        case missingValue(name: String)
        /// The path of a form whose value its parameter refuses, with the values there are
        /// where they are few.
        case invalidValue(String, name: String, choices: [String]?)
        /// The path of a form, with query items it does not name or names twice, as given.
        case strayQueryItems([String])
        /// The path of no form.
        case unknownPath
    }

    /// The link as given.
    public let link: String
    /// What was wrong.
    public let kind: Kind
    /// What was wrong, in words.
    public let reason: String
    /// The form nearest to the link, if one is near.
    public let nearest: String?
    /// Every form of the table.
    public let forms: [String]

    /// `REASON in LINK (did you mean FORM?); accepted links: FORMS`.
    public var description: String {
        "\(reason) in \(link)" + (nearest.map { " (did you mean \($0)?)" } ?? "") + "; accepted links: "
            + forms.joined(separator: ", ")
    }
}

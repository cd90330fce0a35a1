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
/// password, port or fragment; no query item a form does not name or ignore, none twice but a
/// list's (a value of an array type); every path segment and query value percent-decoded. A link of no form fails with the form nearest to
/// it.
public struct RouteTable<Link: Sendable>: Sendable {
    /// The custom scheme: `shop`.
    public let scheme: String
    /// The websites whose `https` links are the same links (universal links).
    public let universalHosts: [String]
    /// Websites the app decides at run time whose `https` links are the same links, such as
    /// the servers the user has accounts on; `nil` when there are none.
    public let hosts: RouteHosts?
    /// The forms, tried in order.
    public let routes: [RouteForm<Link>]

    /// The longest link read, in UTF-8 bytes.
    public static var maximumLength: Int { 2048 }

    /// A table of `routes` under `scheme`, and under `https://HOST/` for each universal host
    /// and each host of `hosts`.
    ///
    /// Each receiver that is a protocol is made searchable by name (`SearchableProtocols`), so
    /// that snapshots record it and `find` and `why` name it, with no `register` call.
    public init(
        scheme: String, universalHosts: [String] = [], hosts: RouteHosts? = nil, _ routes: [RouteForm<Link>]
    ) {
        self.scheme = scheme.lowercased()
        self.universalHosts = universalHosts.map { $0.lowercased() }
        self.hosts = hosts
        self.routes = routes
        for route in routes { route.searchable() }
    }

    /// Every form, under the custom scheme, then under each universal host, then under the
    /// class of ``hosts`` (`https://<server>/…`).
    public var forms: [String] {
        formPrefixes.flatMap { prefix in routes.map { $0.form(after: prefix) } }
    }

    /// Where links begin, each with a host: the class of ``hosts`` by its sample.
    private var prefixes: [String] {
        ["\(scheme)://"] + (universalHosts + (hosts.map { [$0.sample] } ?? [])).map { "https://\($0)/" }
    }

    /// Where forms begin: the class of ``hosts`` by its name.
    private var formPrefixes: [String] {
        ["\(scheme)://"] + universalHosts.map { "https://\($0)/" } + (hosts.map { ["https://<\($0.name)>/"] } ?? [])
    }

    /// The link `link` is, under the custom scheme.
    public func url(for link: Link) -> String? { urls(for: link).first }

    /// The link `link` is, under the custom scheme, each universal host and the sample host of
    /// ``hosts``; empty if no form prints it.
    public func urls(for link: Link) -> [String] {
        guard let (route, values) = routes.lazy.compactMap({ route in route.texts(link).map { (route, $0) } }).first
        else { return [] }
        return prefixes.map { $0 + route.path(with: values) }
    }

    /// One example of each form: with its first sample value, what it must reach. A form with
    /// a value and no sample has none; one of the class of ``hosts`` is on its sample host.
    public var examples: [LinkExample] {
        zip(formPrefixes, prefixes).flatMap { formPrefix, prefix in
            routes.compactMap { route -> LinkExample? in
                guard route.problem == nil, let sample = route.samples.first, route.make(sample) != nil else {
                    return nil
                }
                return LinkExample(
                    form: route.form(after: formPrefix), link: prefix + route.path(with: sample),
                    reaches: route.receiver(forValues: sample), opensNewEachTime: route.opensNewEachTime)
            }
        }
    }

    /// Every sample of every form under the custom scheme, each form's own (declared, and the
    /// combinations of its values' samples): the links a test or a fuzzer tries a form with.
    public var sampleLinks: [LinkExample] {
        routes.flatMap { route -> [LinkExample] in
            guard route.problem == nil else { return [] }
            return route.samples.filter { route.make($0) != nil }.map { sample in
                LinkExample(
                    form: route.form(after: "\(scheme)://"), link: "\(scheme)://" + route.path(with: sample),
                    reaches: route.receiver(forValues: sample), opensNewEachTime: route.opensNewEachTime)
            }
        }
    }

    /// Why forms of the table cannot be used, each `REASON: PATTERN`: a pattern its form cannot
    /// read, or one declared twice. Such a form matches no link; empty when every form can be
    /// used, which ``roundTripFailures(generated:)`` checks too.
    public var problems: [String] {
        var seen = Set<String>()
        return routes.compactMap { route in
            route.problem ?? (seen.insert(route.pattern).inserted ? nil : "declared twice: \(route.pattern)")
        }
    }

    /// Every sample value of every form, for patterns' wildcards: those of forms whose values
    /// are open (ids, names) first, then those of forms of few choices (tabs).
    public var sampleValues: [String] {
        var seen = Set<String>()
        let few = routes.filter { !$0.choices.isEmpty && !$0.choices.contains { $0 == nil } }
        let open = routes.filter { $0.choices.isEmpty || $0.choices.contains { $0 == nil } }
        return (open + few).flatMap { $0.samples.flatMap { $0 } }.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// The link `text` is, the form it is of, and the texts of its values in the pattern's order.
    ///
    /// - Throws: ``RouteError`` saying what was wrong, with the nearest form.
    public func match(_ text: String) throws(RouteError) -> (link: Link, route: RouteForm<Link>, values: [String]) {
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
        } else if givenScheme == "https", let hosts, hosts.contains(host) {
            prefix = "https://<\(hosts.name)>/"
        } else {
            throw fail(
                .wrongScheme(givenScheme),
                "wrong scheme '\(TerminalText.shortened(givenScheme))"
                    + (givenScheme == "https" ? "' on \(TerminalText.shortened(host))" : "'")
                    + "; the scheme is \(scheme)"
                    + (universalHosts.isEmpty && hosts == nil
                        ? ""
                        : ", or https on "
                            + (universalHosts + (hosts.map { ["a \($0.name)"] } ?? [])).joined(separator: ", ")))
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
        for route in routes where route.problem == nil {
            switch Self.fit(route, segments: segments, items: items) {
            case .none: continue
            case .values(let values):
                if let link = route.make(values) { return (link, route, values) }
                // The first value missing or refused says why; a form whose parameters take
                // each value but whose link refuses them together says its last one.
                let index =
                    values.indices.first { values[$0].isEmpty && !route.accepts[$0]("") }
                    ?? values.indices.first { !route.accepts[$0](values[$0]) } ?? max(0, values.count - 1)
                let name = route.valueNames[safe: index] ?? "value"
                // A list's elements as the link gave them.
                let text = values[safe: index] ?? ""
                let value =
                    route.lists[safe: index] == true
                    ? (RouteList.elements(of: text) ?? []).joined(separator: ", ") : text
                guard !value.isEmpty else {
                    refusal = refusal ?? fail(.missingValue(name: name), "missing \(name)")
                    continue
                }
                let valueChoices = route.choices[safe: index] ?? nil
                let choices = valueChoices.map { " (\($0.joined(separator: ", ")))" } ?? ""
                // The value is the link's own text again: shortened, so the message stays near the
                // link's size.
                refusal =
                    refusal
                    ?? fail(
                        .invalidValue(value, name: name, choices: valueChoices),
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
        /// Its path and query are the form's: the values' texts in the pattern's order ("" for one
        /// missing).
        case values([String])
        /// Its path is the form's, but query items the form neither names nor ignores, or names
        /// twice, are there too (as given).
        case stray([String])
    }

    /// How the segments and query items fit `route`. A path one segment short of a form whose
    /// last segment is a value fits it with that value missing.
    private static func fit(_ route: RouteForm<Link>, segments: [String], items: [QueryItem]) -> Fit {
        var pieces = route.segments
        if segments.count == pieces.count - 1, case .value(_, "", "") = pieces.last { pieces.removeLast() }
        guard pieces.count == segments.count else { return .none }
        var values = route.valueNames.map { _ in "" }
        func read(_ piece: RouteForm<Link>.Piece, _ text: String) -> Bool {
            switch piece {
            case .literal(let literal): return literal == text
            case .value(let index, let prefix, let suffix):
                guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count
                else { return false }
                values[index] = String(text.dropFirst(prefix.count).dropLast(suffix.count))
                return true
            }
        }
        for (piece, segment) in zip(pieces, segments) where !read(piece, segment) { return .none }
        var seen = Set<String>()
        var stray: [String] = []
        for item in items {
            let piece = route.query.first { $0.name == item.name }?.piece
            if piece == nil, route.ignoredQueryItems.contains(item.name) { continue }
            // A list's item may come any number of times: each is one more element.
            if case .value(let index, "", "")? = piece, route.lists[index] {
                seen.insert(item.name)
                values[index] += RouteList.text(of: [item.value])
                continue
            }
            guard seen.insert(item.name).inserted, let piece else {
                stray.append(item.raw)
                continue
            }
            guard read(piece, item.value) else { return .none }
        }
        guard stray.isEmpty else { return .stray(stray) }
        // A literal query item the link leaves out makes it another form.
        for (name, piece) in route.query where !seen.contains(name) {
            if case .literal = piece { return .none }
        }
        return .values(values)
    }

    /// The form whose literal pieces are fewest edits from the link's.
    private func nearest(segments: [String], items: [QueryItem], prefix: String) -> String? {
        let given = (segments + items.map(\.name)).joined(separator: "/")
        return routes.map { route -> (RouteForm<Link>, Int) in
            let literals =
                route.segments.map { piece in
                    switch piece {
                    case .literal(let literal): literal
                    case .value(_, let prefix, let suffix): prefix + suffix
                    }
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

import XTree

/// A link made from another by one change, and what the change should do to its meaning.
///
/// Made by ``LinkMutation/mutants(of:)`` from an app's own links, so that every input is a
/// form the app declares, changed in one way: by RFC 3986's normalisation rules (section
/// 6.2.2), which keep a link's meaning; by changes that may or may not (a trailing or doubled
/// slash, query items reordered); or by changes that break it (an id that does not exist, an
/// empty or huge segment, a bad percent-escape, text that is not ASCII, a control character,
/// an 8 KB link). An entry's fields are mutated as a link's parts are (see
/// ``mutants(of:)``).
public struct LinkMutation: Sendable, Hashable {
    /// What a change should do to a link's meaning.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// The same link by RFC 3986: it must land where the original does.
        case equivalent
        /// Perhaps the same link: refused with an explanation, or landing where the original does.
        case variant
        /// Another link, or none: refused with an explanation, or landing anywhere, never a crash.
        case breaking
    }

    /// The changed link.
    public let link: String
    /// What the change should do.
    public let kind: Kind
    /// The change, in a few words: `scheme in upper case`.
    public let rule: String

    /// The longest link made: 8 KB and a little more.
    public static let hugeLength = 8_192

    /// Every mutant of `link` this type makes, in a fixed order; those equal to `link` are left
    /// out. An entry text (`Entry`) is mutated by its fields, its user info's keys and values.
    public static func mutants(of link: String) -> [LinkMutation] {
        if let entry = Entry(link) { return mutants(of: entry, text: link) }
        let parts = Parts(link)
        var made: [LinkMutation] = []
        func add(_ kind: Kind, _ rule: String, _ text: String?) {
            guard let text, text != link, !made.contains(where: { $0.link == text }) else { return }
            made.append(LinkMutation(link: text, kind: kind, rule: rule))
        }
        add(.equivalent, "scheme in upper case", parts.map { $0.with(scheme: $0.scheme.uppercased()) })
        add(.equivalent, "host in upper case", parts.map { $0.with(host: $0.host.uppercased()) })
        add(.equivalent, "a letter percent-encoded", parts.flatMap { $0.encodingFirstLetter() })
        // Dot segments are removed from a path that has segments: `app://x/./y` is `app://x/y`,
        // while `app://x/.` is `app://x/`, which only some schemes take for `app://x`.
        let segmented = parts.flatMap { $0.path.isEmpty ? nil : $0 }
        add(.equivalent, "a dot segment", segmented.map { $0.with(path: "/." + $0.path) })
        add(.equivalent, "a segment and its dot-dot", segmented.map { $0.with(path: "/zz/.." + $0.path) })
        add(.variant, "a trailing slash", parts.map { $0.with(path: $0.path + "/") })
        add(.variant, "a doubled slash", parts.map { $0.with(path: "/" + $0.path) })
        add(.variant, "query items reordered", parts.flatMap { $0.reorderedQuery() })
        add(.breaking, "an id that does not exist", parts.flatMap { $0.replacingLastSegment(with: "no-such-id") })
        add(.breaking, "an empty last segment", parts.flatMap { $0.replacingLastSegment(with: "") })
        add(
            .breaking, "a huge segment",
            parts.flatMap { $0.replacingLastSegment(with: String(repeating: "a", count: hugeLength)) })
        add(.breaking, "a bad percent-escape", parts.flatMap { $0.replacingLastSegment(with: "%zz") })
        add(.breaking, "text that is not ASCII", parts.flatMap { $0.replacingLastSegment(with: "caf\u{E9}") })
        add(.breaking, "a control character", parts.flatMap { $0.replacingLastSegment(with: "a\u{1}b") })
        add(
            .breaking, "an 8 KB query",
            link + (link.contains("?") ? "&" : "?") + "x=" + String(repeating: "b", count: hugeLength))
        return made
    }

    /// `link` with each path segment and query value that is `old` replaced by `new`: another
    /// real link of the same form, from the app's sample values; `nil` if `old` is not there.
    public static func link(_ link: String, replacing old: String, with new: String) -> String? {
        guard var parts = Parts(link), old != new else { return nil }
        var found = false
        let segments = parts.path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            guard segment == old else { return String(segment) }
            found = true
            return new
        }
        parts.path = segments.joined(separator: "/")
        parts.query = parts.query.map { query in
            query.split(separator: "&", omittingEmptySubsequences: false).map { item in
                guard let equals = item.firstIndex(of: "="), item[item.index(after: equals)...] == old else {
                    return String(item)
                }
                found = true
                return item[...equals] + new
            }.joined(separator: "&")
        }
        return found ? parts.text : nil
    }

    /// A link cut into the pieces the mutations change: `scheme://host/path?query#fragment`.
    struct Parts {
        var scheme: String
        var host: String
        var path: String
        var query: String?
        var fragment: String?

        init?(_ link: String) {
            guard let colon = link.range(of: "://") else { return nil }
            scheme = String(link[..<colon.lowerBound])
            var rest = Substring(link[colon.upperBound...])
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: question)...])
                rest = rest[..<question]
            }
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            host = String(rest[..<slash])
            path = String(rest[slash...])
            guard !scheme.isEmpty, !host.isEmpty else { return nil }
        }

        var text: String {
            scheme + "://" + host + path + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
        }

        func with(scheme: String? = nil, host: String? = nil, path: String? = nil) -> String {
            var copy = self
            copy.scheme = scheme ?? self.scheme
            copy.host = host ?? self.host
            copy.path = path ?? self.path
            return copy.text
        }

        /// The first letter of the path (else of the query) as `%XX`.
        func encodingFirstLetter() -> String? {
            var copy = self
            if let index = path.firstIndex(where: \.isASCIILetter) {
                copy.path.replaceSubrange(index...index, with: Self.encoded(path[index]))
            } else if let query, let index = query.firstIndex(where: \.isASCIILetter) {
                copy.query?.replaceSubrange(index...index, with: Self.encoded(query[index]))
            } else {
                return nil
            }
            return copy.text
        }

        private static func encoded(_ letter: Character) -> String {
            "%" + String(letter.asciiValue ?? 0, radix: 16, uppercase: true)
        }

        /// The query's items in reverse order, if there are two or more.
        func reorderedQuery() -> String? {
            guard let items = query?.split(separator: "&", omittingEmptySubsequences: false), items.count > 1 else {
                return nil
            }
            var copy = self
            copy.query = items.reversed().joined(separator: "&")
            return copy.text
        }

        /// The path's last segment replaced, or the first query value if the path has none.
        func replacingLastSegment(with text: String) -> String? {
            var copy = self
            if let slash = path.lastIndex(of: "/"), path.index(after: slash) < path.endIndex {
                copy.path = String(path[...slash]) + text
            } else if let query, let equals = query.firstIndex(of: "=") {
                let end = query[equals...].firstIndex(of: "&") ?? query.endIndex
                copy.query = String(query[...equals]) + text + String(query[end...])
            } else {
                return nil
            }
            return copy.text
        }
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
}

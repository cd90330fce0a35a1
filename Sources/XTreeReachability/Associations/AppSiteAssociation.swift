import Foundation
import XTreeSupport

/// Why an association file was refused: what is wrong, and where (`applinks.details[0]…`).
public struct AssociationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, and where.
    public var description: String
    /// An error saying `description`.
    public init(_ description: String) { self.description = description }
}

/// The universal links of an `apple-app-site-association` file: which URLs of its domain open
/// which apps, read strictly.
///
/// Reads `applinks` as Apple documents it: `details`, each with `appIDs` (or the older
/// `appID`) and `components` (`/`, `?` as a pattern or as patterns by query item name, `#`,
/// `exclude`, `caseSensitive`, `percentsEncoded`, `comment`) or the older `paths` (a
/// pattern each, excluding when it starts `NOT `); `defaults` for the file or an entry; and
/// `substitutionVariables`. Other top-level keys (`webcredentials`, `appclips`) are not read.
/// A misspelt key is refused, not ignored: a rule that silently matched nothing would be
/// the very bug this file is checked for.
public struct AppSiteAssociation: Sendable, Hashable {
    /// The apps one `details` entry names, and its rules in order.
    public struct Entry: Sendable, Hashable {
        /// `appIDs`, with the older `appID` last.
        public var appIDs: [String]
        /// Its components, or its `paths`, in order: the first that matches decides.
        public var rules: [Rule]
    }

    /// A component or a `paths` pattern: what it matches, and whether it excludes.
    public struct Rule: Sendable, Hashable {
        /// The path's pattern (`/`); `nil` matches any path.
        public var path: URLPattern?
        /// The query as one pattern (`"?": "…"`).
        public var query: URLPattern?
        /// Query items by name, each with its value's pattern (`"?": {"name": "…"}`).
        public var queryItems: [String: URLPattern]
        /// The fragment's pattern (`#`).
        public var fragment: URLPattern?
        /// Whether a URL it matches opens the browser instead of the app.
        public var exclude: Bool
        /// Whether letters compare with their case (default `true`).
        public var caseSensitive: Bool
        /// Whether patterns are written percent-encoded, and compared with the URL as encoded
        /// (default `true`); otherwise with the URL decoded.
        public var percentsEncoded: Bool
        /// The component's `comment`.
        public var comment: String?
        /// How the rule was written, for reports: `/recipes/*` or `NOT /videos/*`.
        public var written: String
    }

    /// The `details` entries, in order.
    public var entries: [Entry]
    /// `substitutionVariables`, with the built-in ones Apple names (`alpha`, `upper`,
    /// `lower`, `alnum`, `digit`, `xdigit`: one character of each class). Apple's `region`
    /// and `lang` are not known here: a pattern that uses them is refused as naming no
    /// variable.
    public var variables: [String: [String]]

    /// The largest file read: 128 KB, as Apple's limit for the file.
    public static let maximumSize = 128 * 1024
    /// The most rules read in all.
    public static let maximumRules = 10_000
    /// The most substitution values read in all.
    public static let maximumValues = 1_000
    /// The most characters all the file's patterns' variables may stand for, counted as
    /// ``URLPattern/maximumExpansion`` counts one pattern's.
    public static let maximumExpansion = 16_384

    /// The built-in substitution variables.
    static let builtIn: [String: [String]] = {
        let upper = (65...90).map { String(UnicodeScalar(UInt8($0))) }
        let lower = upper.map { $0.lowercased() }
        let digit = (0...9).map(String.init)
        return [
            "alpha": upper + lower, "upper": upper, "lower": lower, "alnum": upper + lower + digit, "digit": digit,
            "xdigit": digit + ["a", "b", "c", "d", "e", "f", "A", "B", "C", "D", "E", "F"],
        ]
    }()

    /// Reads a file's bytes.
    ///
    /// - Throws: ``AssociationError`` for a file over ``maximumSize``, JSON that is malformed
    ///   or holds a key twice, and each field of the wrong shape, with its place.
    public init(data: Data) throws(AssociationError) {
        guard data.count <= Self.maximumSize else {
            throw AssociationError("the file has \(data.count) bytes, over the \(Self.maximumSize) a file may have")
        }
        if let problem = DecodingProblem.strictProblem(in: data) { throw AssociationError(problem.description) }
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch let error as DecodingError {
            throw AssociationError(DecodingProblem(error, in: data).description)
        } catch {
            throw AssociationError("not JSON: \(error)")
        }
        var reader = AssociationReader()
        (entries, variables) = try reader.read(document)
    }

    /// The entries for `appID`, or all of them.
    public func entries(for appID: String?) -> [Entry] {
        guard let appID else { return entries }
        return entries.filter { $0.appIDs.contains(appID) }
    }

    /// The first rule of `entry` that matches `url`, which decides: it opens the app unless
    /// it excludes. `nil` when none matches: the URL opens in the browser.
    ///
    /// - Complexity: O(*r* × *p* × *t*) at most, for *r* rules of *p* pieces (variables counted
    ///   with their values) and a URL of *t* characters; most rules are refused at their first
    ///   plain character.
    public func decidingRule(for url: URLComponents, in entry: Entry) -> Rule? {
        decidingRule(for: URLParts(url), in: entry).map { entry.rules[$0] }
    }

    /// The index of the first rule of `entry` that matches `url`.
    func decidingRule(for url: URLParts, in entry: Entry) -> Int? {
        var budget = Int.max
        return entry.rules.firstIndex { rule in rule.matches(url, budget: &budget) }
    }
}

/// The parts of a URL a rule compares, as scalars, each as written (percent-encoded) and
/// decoded, and folded for rules that ignore case: made once per URL, whatever the rules.
package struct URLParts {
    /// A part's scalars: encoded or decoded, then as is or folded.
    struct Part {
        var forms: [[Unicode.Scalar]]
        init(encoded: String?, decoded: String?) {
            let encoded = encoded ?? ""
            let decoded = decoded ?? ""
            forms = [
                URLPattern.scalars(of: encoded, folded: false), URLPattern.scalars(of: encoded, folded: true),
                URLPattern.scalars(of: decoded, folded: false), URLPattern.scalars(of: decoded, folded: true),
            ]
        }
        func text(percentsEncoded: Bool, caseSensitive: Bool) -> [Unicode.Scalar] {
            forms[(percentsEncoded ? 0 : 2) + (caseSensitive ? 0 : 1)]
        }
    }

    var path: Part
    var query: Part
    var fragment: Part
    /// Query items by name, as written and decoded.
    var items: [(encodedName: String, decodedName: String, value: Part)]

    package init(_ url: URLComponents) {
        path = Part(encoded: url.percentEncodedPath, decoded: url.path)
        query = Part(encoded: url.percentEncodedQuery, decoded: url.query)
        fragment = Part(encoded: url.percentEncodedFragment, decoded: url.fragment)
        let encoded = url.percentEncodedQueryItems ?? []
        let decoded = url.queryItems ?? []
        items = zip(encoded, decoded).map { raw, plain in
            (raw.name, plain.name, Part(encoded: raw.value, decoded: plain.value))
        }
    }
}

extension AppSiteAssociation.Rule {
    /// Whether every part the rule names matches `url`'s.
    ///
    /// - Parameter budget: What matching may spend, as ``URLPattern`` counts it; when it runs
    ///   out the answer is `false` and not to be believed.
    func matches(_ url: URLParts, budget: inout Int) -> Bool {
        func matches(_ pattern: URLPattern?, _ part: URLParts.Part) -> Bool {
            guard let pattern else { return true }
            return pattern.matches(
                part.text(percentsEncoded: percentsEncoded, caseSensitive: caseSensitive),
                caseSensitive: caseSensitive, budget: &budget)
        }
        guard matches(path, url.path), matches(query, url.query) else { return false }
        for (name, pattern) in queryItems {
            let matched = url.items.contains { item in
                (percentsEncoded ? item.encodedName : item.decodedName) == name && matches(pattern, item.value)
            }
            if !matched { return false }
        }
        return matches(fragment, url.fragment)
    }
}

import Foundation
import XTreeSupport

/// What of a link may be kept: applied to every link before it is written anywhere that
/// outlives it — the flight recorder's file, the inspector's journal, and so the sessions,
/// breadcrumbs and live page made from them.
///
/// The default redaction reads the link's structure and hides, as `<private>`:
/// - the user information of an address: `https://user:pw@host/` is kept as `https://<private>@host/`;
/// - the values of items named as secrets (``standardNames``, or a name ending in `_token`,
///   `-secret`, `_password`, `_key` and the like), wherever items are: in the query and the
///   fragment (`#access_token=…`, OAuth's implicit flow), after `;` as after `&`, as `token[]=`,
///   and with names percent-encoded any number of times (`%2574oken`);
/// - a value whose JSON names a secret (`?state={"token":"…"}`);
/// - the path segment after one of ``standardPathSegments`` (`app://reset/token/abc`).
///
/// `bank://login?token=abc&next=home` is kept as `bank://login?token=<private>&next=home`.
/// An app that keeps other secrets in its links says so once, at start:
///
/// ```swift
/// LinkRedaction.current = .values(named: LinkRedaction.standardNames.union(["invite"]),
///                                 afterPathSegments: ["invite"])
/// LinkRedaction.current = LinkRedaction { link in link.hasPrefix("bank://pay/") ? "bank://pay/<private>" : link }
/// ```
///
/// A redacted link is replayed as it was kept, `<private>` and all: links that need their
/// secret to reproduce a problem cannot be reproduced from the record.
///
/// A failure's message is kept with the link's secrets hidden too: with ``values(named:afterPathSegments:)``
/// each occurrence of a hidden value that stands as a word of its own is replaced, once; with a
/// redaction of the app's own, which cannot say what it hid, the message of a link it changed
/// is not kept at all.
public struct LinkRedaction: Sendable {
    private let redact: @Sendable (String) -> String
    /// The values a redaction hides in a link, where it can say.
    private let hidden: (@Sendable (String) -> [Substring])?

    /// A redaction that keeps what `redact` returns of each link.
    public init(_ redact: @escaping @Sendable (String) -> String) {
        self.redact = redact
        hidden = nil
    }

    private init(redact: @escaping @Sendable (String) -> String, hidden: @escaping @Sendable (String) -> [Substring]) {
        self.redact = redact
        self.hidden = hidden
    }

    /// What may be kept of `link`.
    public func callAsFunction(_ link: String) -> String { redact(link) }

    /// What may be kept of `message`, the failure of `link`, which is kept as `kept`.
    package func message(_ message: String, of link: String, kept: String) -> String {
        guard kept != link else { return message }
        guard let hidden else { return "(a failure's message, not kept: its link held private values)" }
        var values = Set<String>()
        for value in hidden(link) where !value.isEmpty {
            values.insert(String(value))
            // As the app may have written it in its message: decoded, or encoded again.
            if let decoded = value.removingPercentEncoding, !decoded.isEmpty {
                values.insert(decoded)
                for allowed in [CharacterSet.urlQueryAllowed, .urlPathAllowed] {
                    decoded.addingPercentEncoding(withAllowedCharacters: allowed).map { _ = values.insert($0) }
                }
            }
        }
        // Placeholders already in the text are left alone, so no value is hidden inside one.
        return message.replacingOccurrences(of: link, with: kept).components(separatedBy: Self.placeholder)
            .map { Self.hiding(values, in: $0) }.joined(separator: Self.placeholder)
    }

    /// `text` with each occurrence of one of `values` that no letter or digit touches replaced
    /// by the placeholder, longest values first, in one pass.
    private static func hiding(_ values: Set<String>, in text: String) -> String {
        let ordered = values.sorted { $0.count > $1.count }
        var result = ""
        var index = text.startIndex
        var kept = text.startIndex
        func standsAlone(_ range: Range<String.Index>) -> Bool {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : " "
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : " "
            return !before.isLetter && !before.isNumber && !after.isLetter && !after.isNumber
        }
        while index < text.endIndex {
            if let value = ordered.first(where: { value in
                text[index...].hasPrefix(value)
                    && standsAlone(index..<text.index(index, offsetBy: value.count))
            }) {
                result += text[kept..<index] + placeholder
                index = text.index(index, offsetBy: value.count)
                kept = index
            } else {
                index = text.index(after: index)
            }
        }
        return result + text[kept...]
    }

    /// The text a redacted value is kept as.
    public static let placeholder = "<private>"

    /// The item names whose values the default redaction hides, compared without case; a
    /// name ending in `_`, `-` or `.` and one of ``standardSuffixes`` is hidden too.
    public static let standardNames: Set<String> = [
        "access_token", "api_key", "apikey", "auth", "auth_token", "authorization", "client_secret", "code",
        "credential", "credentials", "email", "id_token", "jwt", "key", "otp", "passcode", "passwd", "password",
        "pin", "private_key", "pwd", "refresh_token", "secret", "session", "session_id", "sessionid", "sid", "sig",
        "signature", "ssn", "token",
    ]

    /// The endings that make a name a secret's after a separator: `user_token`, `app-secret`.
    public static let standardSuffixes: Set<String> = ["token", "secret", "password", "passwd", "key", "signature"]

    /// The path segments whose following segment the default redaction hides:
    /// `app://verify/token/abc` is kept as `app://verify/token/<private>`.
    public static let standardPathSegments: Set<String> = ["token", "secret", "password", "otp", "magic-link"]

    /// Hides the values of items named `names` (compared without case, names decoded until
    /// they stop changing and `[]` taken off) in the query and the fragment, and the user
    /// information of an address.
    public static func queryValues(named names: Set<String>) -> LinkRedaction {
        values(named: names, afterPathSegments: [], suffixes: [])
    }

    /// Hides what ``queryValues(named:)`` hides, values whose JSON names one of `names`, and
    /// the path segment after each segment named one of `afterPathSegments`.
    public static func values(named names: Set<String>, afterPathSegments segments: Set<String>) -> LinkRedaction {
        values(named: names, afterPathSegments: segments, suffixes: standardSuffixes)
    }

    private static func values(named names: Set<String>, afterPathSegments segments: Set<String>, suffixes: Set<String>)
        -> LinkRedaction
    {
        let rules = LinkStructure.Rules(
            names: names.map { Array($0.lowercased().utf8) }, segments: segments.map { Array($0.lowercased().utf8) },
            suffixes: suffixes.map { Array($0.lowercased().utf8) })
        return LinkRedaction(
            redact: { link in
                var result: String?
                var kept = link.startIndex
                LinkStructure.forEachSecret(in: link, rules) { value in
                    result = (result ?? "") + String(link[kept..<value.lowerBound]) + placeholder
                    kept = value.upperBound
                }
                guard let result else { return link }
                return result + String(link[kept...])
            },
            hidden: { link in
                var values: [Substring] = []
                LinkStructure.forEachSecret(in: link, rules) { values.append(link[$0]) }
                return values
            })
    }

    /// Keeps every link whole.
    public static let none = LinkRedaction { $0 }

    /// The redaction applied now: the standard names, suffixes and path segments unless the
    /// app set another.
    public static var current: LinkRedaction {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }

    private static let installed = Locked(
        LinkRedaction.values(named: standardNames, afterPathSegments: standardPathSegments))
}

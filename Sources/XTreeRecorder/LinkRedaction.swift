import Foundation
import XTreeSupport

/// What of a link may be kept: applied to every link before it is written anywhere that
/// outlives it — the flight recorder's file, the inspector's journal, and so the sessions,
/// breadcrumbs and live page made from them.
///
/// By default the values of query items whose names ``standardNames`` lists (tokens,
/// passwords, e-mail addresses and the like) become `<private>`:
/// `bank://login?token=abc&next=home` is kept as `bank://login?token=<private>&next=home`.
/// An app that keeps other secrets in its links says so once, at start:
///
/// ```swift
/// LinkRedaction.current = .queryValues(named: ["invite", "token"])
/// LinkRedaction.current = LinkRedaction { link in link.hasPrefix("bank://pay/") ? "bank://pay/<private>" : link }
/// ```
///
/// A redacted link is replayed as it was kept, `<private>` and all: links that need their
/// secret to reproduce a problem cannot be reproduced from the record.
///
/// A failure's message is kept with the link's secrets hidden too: with ``queryValues(named:)``
/// every occurrence of a hidden value is replaced; with a redaction of the app's own, which
/// cannot say what it hid, the message of a link it changed is not kept at all.
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
        var result = message.replacingOccurrences(of: link, with: kept)
        for value in hidden(link) where !value.isEmpty {
            result = result.replacingOccurrences(of: String(value), with: Self.placeholder)
            if let decoded = value.removingPercentEncoding, !decoded.isEmpty {
                result = result.replacingOccurrences(of: decoded, with: Self.placeholder)
            }
        }
        return result
    }

    /// The text a redacted value is kept as.
    public static let placeholder = "<private>"

    /// The query item names whose values the default redaction hides, compared without case.
    public static let standardNames: Set<String> = [
        "access_token", "api_key", "apikey", "auth", "authorization", "code", "email", "id_token", "key",
        "otp", "password", "pin", "refresh_token", "secret", "session", "sig", "signature", "token",
    ]

    /// Hides the values of the query items named `names` (compared without case, and after
    /// percent-decoding the name).
    public static func queryValues(named names: Set<String>) -> LinkRedaction {
        let names = names.map { Array($0.lowercased().utf8) }
        return LinkRedaction(
            redact: { link in
                var result: String?
                var kept = link.startIndex
                forEachValue(in: link, named: names) { value in
                    result = (result ?? "") + String(link[kept..<value.lowerBound]) + placeholder
                    kept = value.upperBound
                }
                guard let result else { return link }
                return result + String(link[kept...])
            },
            hidden: { link in
                var values: [Substring] = []
                forEachValue(in: link, named: names) { values.append(link[$0]) }
                return values
            })
    }

    /// Keeps every link whole.
    public static let none = LinkRedaction { $0 }

    /// The redaction applied now: ``standardNames``' values unless the app set another.
    public static var current: LinkRedaction {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }

    private static let installed = Locked(LinkRedaction.queryValues(named: standardNames))

    /// Calls `body` with the range of each non-empty value of a query item of `link` named one
    /// of `names` (lowercased UTF-8), in order; allocates nothing.
    static func forEachValue(in link: String, named names: [[UInt8]], _ body: (Range<String.Index>) -> Void) {
        let bytes = link.utf8
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return }
        let end = bytes[question...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        var start = bytes.index(after: question)
        while start < end {
            let itemEnd = bytes[start..<end].firstIndex(of: UInt8(ascii: "&")) ?? end
            if let equals = bytes[start..<itemEnd].firstIndex(of: UInt8(ascii: "=")),
                names.contains(where: { isName(bytes[start..<equals], $0) })
            {
                let valueStart = bytes.index(after: equals)
                if valueStart < itemEnd { body(valueStart..<itemEnd) }
            }
            start = itemEnd < end ? bytes.index(after: itemEnd) : end
        }
    }

    /// Whether a query item's name, percent-decoded and without case, is `name`: `T%6Fken` is
    /// `token`.
    private static func isName(_ bytes: Substring.UTF8View, _ name: [UInt8]) -> Bool {
        var index = bytes.startIndex
        var matched = 0
        while index < bytes.endIndex {
            var byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "%"), bytes.distance(from: index, to: bytes.endIndex) >= 2,
                let high = bytes[index].hexDigitValue, let low = bytes[bytes.index(after: index)].hexDigitValue
            {
                byte = high << 4 | low
                index = bytes.index(index, offsetBy: 2)
            }
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
            guard matched < name.count, name[matched] == byte else { return false }
            matched += 1
        }
        return matched == name.count
    }
}

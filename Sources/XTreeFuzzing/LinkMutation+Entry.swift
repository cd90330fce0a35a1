import XTree

extension LinkMutation {
    /// The most user info keys (or payload or parameter names) whose values are mutated, the
    /// first in sorted order: each costs nine cases.
    static let mutatedKeys = 4

    /// Every mutant of an entry text (`Entry`), in a fixed order: its fields reordered, a
    /// letter percent-encoded or its JSON spaced out (the same entry); a key added that the app
    /// may ignore; and, breaking it, its type or name changed, its web page URL taken away or of
    /// a script scheme, and each of its first keys' values removed or replaced by an edge of
    /// its kind (0, -1, a number past 64 bits, an empty, huge or script-URL string, null, a
    /// list). `text` is the entry as the app wrote it.
    static func mutants(of entry: Entry, text: String) -> [LinkMutation] {
        var made: [LinkMutation] = []
        func add(_ kind: Kind, _ rule: String, _ mutant: String?) {
            guard let mutant, mutant != text, !made.contains(where: { $0.link == mutant }) else { return }
            // A change said to keep the entry must keep it: checked, never assumed.
            if kind == .equivalent, Entry(mutant) != entry { return }
            made.append(LinkMutation(link: mutant, kind: kind, rule: rule))
        }
        let fields = EntryFields(entry)
        add(.equivalent, "entry fields reordered", fields.text(reversed: true))
        add(.equivalent, "a letter percent-encoded", fields.text(encodingFirstLetter: true))
        add(.equivalent, "JSON written with spaces", fields.text(spaced: true))
        add(.variant, "a key the app does not know", fields.adding(key: "xtree-fuzz", value: "1")?.text())
        if let field = fields.typeField {
            for (rule, value) in [
                ("a \(field) that does not exist", "no-such-\(field)"),
                ("a huge \(field)", String(repeating: "t", count: hugeLength)),
                ("a \(field) that is not ASCII", "caf\u{E9}"), ("a control character in the \(field)", "a\u{1}b"),
            ] {
                add(.breaking, rule, fields.with(type: value).text())
            }
        }
        if case .activity(_, let url?, _) = entry {
            add(.breaking, "no web page URL", fields.with(url: nil).text())
            add(.breaking, "a web page URL of a script scheme", fields.with(url: "javascript:alert(1)").text())
            add(.breaking, "a web page URL that is no URL", fields.with(url: url.isEmpty ? "%" : "").text())
        }
        for key in fields.object.keys.sorted().prefix(mutatedKeys) {
            let name = key.utf8.count <= 40 ? "'\(key)'" : "a value"
            add(.breaking, "\(name) removed", fields.setting(key, to: nil).text())
            for (what, json) in Self.edgeValues {
                add(.breaking, "\(name) as \(what)", fields.setting(key, to: json).text())
            }
        }
        return made
    }

    /// The values a user info value is replaced by, and what each is.
    private static let edgeValues: [(String, String)] = [
        ("0", "0"), ("-1", "-1"), ("a number past 64 bits", "18446744073709551616"), ("an empty string", #""""#),
        ("null", "null"), ("a list", "[]"), ("a URL of a script scheme", #""javascript:alert(1)""#),
        ("a huge string", "\"" + String(repeating: "s", count: hugeLength) + "\""),
    ]
}

/// An entry's fields as its text form writes them, to be changed one at a time and written
/// again: the kind, the type or name, the web page URL, and the user info (payload,
/// parameters) as JSON texts by key.
private struct EntryFields {
    let kind: String
    /// The field that names the entry (`type`, or an intent's `name`), and its value.
    var typeField: String?
    var type: String?
    var url: String?
    /// The field that holds the object (`info`, `payload`, `parameters`), and the object.
    let objectField: String
    var object: [String: String]

    init(_ entry: Entry) {
        func texts(_ values: [String: Entry.JSONText]) -> [String: String] { values.mapValues(\.json) }
        switch entry {
        case .activity(let type, let url, let info):
            (kind, typeField, self.type, self.url, objectField, object) =
                ("activity", "type", type, url, "info", texts(info))
        case .shortcut(let type, let info):
            (kind, typeField, self.type, url, objectField, object) = (
                "shortcut", "type", type, nil, "info", texts(info)
            )
        case .notification(let payload):
            (kind, typeField, type, url, objectField, object) = (
                "notification", nil, nil, nil, "payload", texts(payload)
            )
        case .intent(let name, let parameters):
            (kind, typeField, type, url, objectField, object) =
                ("intent", "name", name, nil, "parameters", texts(parameters))
        case .navigation(let action, let values):
            (kind, typeField, type, url, objectField, object) =
                ("navigation", "action", action, nil, "values", texts(values))
        }
    }

    func with(type: String) -> EntryFields {
        var copy = self
        copy.type = type
        return copy
    }

    func with(url: String?) -> EntryFields {
        var copy = self
        copy.url = url
        return copy
    }

    /// With `key` set to the JSON `value`, or removed.
    func setting(_ key: String, to value: String?) -> EntryFields {
        var copy = self
        copy.object[key] = value
        return copy
    }

    /// With a key added, if it is not there.
    func adding(key: String, value: String) -> EntryFields? {
        guard object[key] == nil else { return nil }
        return setting(key, to: value)
    }

    /// The text form, as `Entry.description` writes it, or changed: its fields in reverse
    /// order, the first letter of the first field's value percent-encoded, or the object's JSON
    /// with spaces after its colons and commas.
    func text(reversed: Bool = false, encodingFirstLetter: Bool = false, spaced: Bool = false) -> String {
        var items: [(String, String)] = []
        if let typeField, let type { items.append((typeField, type)) }
        if let url { items.append(("url", url)) }
        if !object.isEmpty || kind == "notification" {
            let separator = spaced ? ", " : ","
            let pairs = object.sorted { $0.key < $1.key }.map {
                Entry.JSONText($0.key).json + (spaced ? ": " : ":") + $0.value
            }
            items.append((objectField, "{" + pairs.joined(separator: separator) + "}"))
        }
        if reversed { items.reverse() }
        var encoded = items.map { (name, value) in (name, Self.encoded(value)) }
        if encodingFirstLetter, let first = encoded.first,
            let index = first.1.firstIndex(where: { $0.isASCII && $0.isLetter }),
            let byte = first.1[index].asciiValue
        {
            var value = first.1
            value.replaceSubrange(index...index, with: "%" + String(byte, radix: 16, uppercase: true))
            encoded[0].1 = value
        }
        return "\(Entry.scheme):\(kind)?" + encoded.map { $0.0 + "=" + $0.1 }.joined(separator: "&")
    }

    /// `value` with every byte but letters, digits and `-._~` percent-encoded, as an entry's
    /// text form writes it.
    private static func encoded(_ value: String) -> String {
        var text = ""
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                text.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                text += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return text
    }
}

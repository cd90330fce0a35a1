import Foundation

/// A way into the app other than a URL — a user activity (Handoff, Spotlight, a universal link
/// as it arrives), a home-screen shortcut, a notification, an intent — as one text that travels
/// wherever a link does (journals, sessions, flight records, the inspector protocol, tests) and
/// is read back into this value where the app uses it.
///
/// The text form is one grammar for every kind: `xtree-entry:KIND?FIELD=VALUE&…`, values
/// percent-encoded, user info and payloads as JSON objects:
///
/// ```text
/// xtree-entry:activity?type=org.example.browsing&url=https%3A%2F%2Fexample.org%2Fa&info=%7B%22tab%22%3A2%7D
/// xtree-entry:shortcut?type=org.example.new-tab
/// xtree-entry:notification?payload=%7B%22thread%22%3A%2242%22%7D
/// xtree-entry:intent?name=OpenSettings&parameters=%7B%22section%22%3A%22privacy%22%7D
/// xtree-entry:navigation?action=navigate&values=%7B%22to%22%3A%7B%22tag%22%3A%7B%22_0%22%3A%22swift%22%7D%7D%7D
/// ```
///
/// An app maps entries to its routes in its `DeepLinkableApp.open(_:in:)`, beside URLs; one that
/// does not refuses entry texts as links it does not know, which is the default:
///
/// ```swift
/// static func open(_ link: String, in root: SceneCoordinator) async throws -> any DeepLinkable {
///     if let entry = Entry(link) { return try root.route(entry) }
///     return try root.route(url: link)
/// }
/// ```
///
/// An app makes the value from what the system hands it in a line: `Entry(activity)` for an
/// `NSUserActivity`, `Entry(shortcutItem)` for a `UIApplicationShortcutItem` (both where SwiftUI
/// is), `.notification(payload: Entry.values(of: userInfo).values)` for a notification.
public enum Entry: Sendable, Hashable, CustomStringConvertible {
    /// A user activity: its type, the web page it carries, its user info.
    case activity(type: String, url: String?, info: [String: JSONText])
    /// A home-screen quick action: its type and user info.
    case shortcut(type: String, info: [String: JSONText])
    /// A notification: its payload.
    case notification(payload: [String: JSONText])
    /// An intent (Siri, Shortcuts, App Intents): its name and parameters.
    case intent(name: String, parameters: [String: JSONText])
    /// One of the app's own navigation calls, as a button makes it (`navigate(to:)`, presenting
    /// a sheet, selecting a tab): the call's name and its values, such as the destination as
    /// JSON (``JSONText/init(encoding:)``). Recorded where the app makes the call, it is
    /// replayed through the app's `open`, which makes the same call.
    case navigation(action: String, values: [String: JSONText])

    /// A JSON value of user info or a payload, kept as its text (at any depth), so that an
    /// entry compares, prints and travels as it was given.
    public struct JSONText: Sendable, Hashable, CustomStringConvertible {
        /// The value as JSON: `"a"`, `2`, `{"k":[1]}`.
        public let json: String
        /// `json`, if it is one JSON value, in one canonical form (keys sorted, no white space),
        /// so that equal values compare equal however they were written.
        public init?(json: String) {
            guard let value = try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed]),
                let data = try? JSONSerialization.data(
                    withJSONObject: [value], options: [.sortedKeys, .withoutEscapingSlashes])
            else { return nil }
            self.json = String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        }
        /// A string value.
        public init(_ string: String) {
            let data =
                (try? JSONSerialization.data(withJSONObject: [string], options: [.withoutEscapingSlashes]))
                ?? Data("[\"\"]".utf8)
            json = String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
        }
        /// The JSON text.
        public var description: String { json }
        /// A Codable value (a navigation destination) as JSON, keys sorted: `nil` if it does not
        /// encode as JSON.
        public init?(encoding value: some Encodable) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(value) else { return nil }
            self.init(json: String(decoding: data, as: UTF8.self))
        }
        /// The value decoded as `type`, as ``init(encoding:)`` wrote it; `nil` if it is not one.
        public func decoded<Value: Decodable>(as type: Value.Type) -> Value? {
            try? JSONDecoder().decode(type, from: Data(json.utf8))
        }
        /// The value, if it is a string.
        public var string: String? {
            (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])) as? String
        }
    }

    /// The prefix every entry text starts with.
    public static let scheme = "xtree-entry"
    /// The longest entry text read, in bytes.
    public static let maximumLength = 16_384

    /// The entry `text` is, if it is one: `nil` for a URL or anything else (which the app reads
    /// as a link, or refuses).
    public init?(_ text: String) {
        guard text.utf8.count <= Self.maximumLength, text.hasPrefix(Self.scheme + ":"),
            let components = URLComponents(string: text), components.scheme == Self.scheme
        else { return nil }
        var fields: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard fields[item.name] == nil, let value = item.value else { return nil }
            fields[item.name] = value
        }
        func object(_ name: String) -> [String: JSONText]? {
            guard let text = fields[name] else { return [:] }
            guard let data = text.data(using: .utf8),
                let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else { return nil }
            var values: [String: JSONText] = [:]
            for (key, value) in object {
                guard JSONSerialization.isValidJSONObject([value]),
                    let data = try? JSONSerialization.data(
                        withJSONObject: [value], options: [.sortedKeys, .withoutEscapingSlashes])
                else { return nil }
                values[key] = JSONText(json: String(decoding: data.dropFirst().dropLast(), as: UTF8.self))
            }
            return values
        }
        func only(_ names: Set<String>) -> Bool { Set(fields.keys).isSubset(of: names) }
        switch components.path {
        case "activity":
            guard only(["type", "url", "info"]), let type = fields["type"], !type.isEmpty, let info = object("info")
            else { return nil }
            self = .activity(type: type, url: fields["url"], info: info)
        case "shortcut":
            guard only(["type", "info"]), let type = fields["type"], !type.isEmpty, let info = object("info")
            else { return nil }
            self = .shortcut(type: type, info: info)
        case "notification":
            guard only(["payload"]), let payload = object("payload") else { return nil }
            self = .notification(payload: payload)
        case "intent":
            guard only(["name", "parameters"]), let name = fields["name"], !name.isEmpty,
                let parameters = object("parameters")
            else { return nil }
            self = .intent(name: name, parameters: parameters)
        case "navigation":
            guard only(["action", "values"]), let action = fields["action"], !action.isEmpty,
                let values = object("values")
            else { return nil }
            self = .navigation(action: action, values: values)
        default:
            return nil
        }
    }

    /// The entry in words, for a person reading `why` or a report: `a user activity of type
    /// org.example.browsing, web page https://example.org/a, user info {"tab":2}`. App text:
    /// escape it where it is printed.
    public var summary: String {
        func object(_ name: String, _ values: [String: JSONText]) -> String {
            values.isEmpty
                ? ""
                : ", \(name) {"
                    + values.sorted { $0.key < $1.key }.map { JSONText($0.key).json + ":" + $0.value.json }
                    .joined(separator: ",") + "}"
        }
        switch self {
        case .activity(let type, let url, let info):
            return "a user activity of type \(type)" + (url.map { ", web page \($0)" } ?? "")
                + object("user info", info)
        case .shortcut(let type, let info):
            return "a home-screen shortcut of type \(type)" + object("user info", info)
        case .notification(let payload):
            return "a notification" + (payload.isEmpty ? " with an empty payload" : object("payload", payload))
        case .intent(let name, let parameters):
            return "an intent \(name)" + object("parameters", parameters)
        case .navigation(let action, let values):
            return "the app's navigation call \(action)" + object("values", values)
        }
    }

    /// The entry's one text form, read back by ``init(_:)`` as this entry; keys in order.
    public var description: String {
        func json(_ object: [String: JSONText]) -> String {
            "{"
                + object.sorted { $0.key < $1.key }.map { JSONText($0.key).json + ":" + $0.value.json }
                .joined(separator: ",") + "}"
        }
        var items: [URLQueryItem]
        let kind: String
        switch self {
        case .activity(let type, let url, let info):
            kind = "activity"
            items = [URLQueryItem(name: "type", value: type)]
            if let url { items.append(URLQueryItem(name: "url", value: url)) }
            if !info.isEmpty { items.append(URLQueryItem(name: "info", value: json(info))) }
        case .shortcut(let type, let info):
            kind = "shortcut"
            items = [URLQueryItem(name: "type", value: type)]
            if !info.isEmpty { items.append(URLQueryItem(name: "info", value: json(info))) }
        case .notification(let payload):
            kind = "notification"
            items = [URLQueryItem(name: "payload", value: json(payload))]
        case .intent(let name, let parameters):
            kind = "intent"
            items = [URLQueryItem(name: "name", value: name)]
            if !parameters.isEmpty { items.append(URLQueryItem(name: "parameters", value: json(parameters))) }
        case .navigation(let action, let values):
            kind = "navigation"
            items = [URLQueryItem(name: "action", value: action)]
            if !values.isEmpty { items.append(URLQueryItem(name: "values", value: json(values))) }
        }
        // Every character a URL's query may carry literally is kept; the rest percent-encoded.
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let query = items.map { item in
            item.name + "=" + (item.value?.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
        }
        return "\(Self.scheme):\(kind)?" + query.joined(separator: "&")
    }
}

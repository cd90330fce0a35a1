import XTree

/// One form of link, declared once: its pattern, the value it parses to and back, and the
/// type of object it must reach.
///
/// A pattern is the link after `scheme://` (its first segment is the custom scheme's host)
/// or after `https://HOST/`: literal segments, at most one `{name}` standing for a value, and
/// query items `name={value}`.
///
/// ```swift
/// RouteForm("checkout", ShopLink.checkout, reaches: (any CheckoutScreen).self)
/// RouteForm("product/{sku}", ShopLink.product, { if case .product(let sku) = $0 { sku } else { nil } },
///       reaches: (any ProductDetailScreen).self, where: "sku", samples: ["mug"])
/// ```
public struct RouteForm<Link: Sendable>: Sendable {
    /// The pattern as declared: `product/{sku}`, `ratings?recipeID={slug}`.
    public let pattern: String
    /// The name of the type a link of this form must end on, as the tree shows it (for a form
    /// whose receiver depends on its value, its first sample's).
    public var receiver: String { receiver(for: samples.first ?? "") }
    /// The name of the type a link of this form with the value `text` must end on.
    public func receiver(for text: String) -> String { receiverName(text) }
    private let receiverName: @Sendable (String) -> String
    /// The attribute of the receiver that must equal the value, if the value picks one
    /// receiver among many: what `why` searches for (for a form whose attribute depends on its
    /// value, its first sample's).
    public var condition: String? { condition(for: samples.first ?? "") }
    /// The attribute of the receiver that must equal the value `text`, if it picks one.
    public func condition(for text: String) -> String? { conditionKey(text) }
    private let conditionKey: @Sendable (String) -> String?

    enum Piece: Sendable, Hashable {
        case literal(String)
        case value
    }

    /// The path's pieces, in order.
    let segments: [Piece]
    /// The query items: each name with a literal value or the value.
    let query: [(name: String, piece: Piece)]
    /// The value's name, if the pattern has one.
    let valueName: String?
    /// The link a value's text makes, `nil` if the text names no value.
    package let make: @Sendable (String) -> Link?
    /// The value's text in `link`, `nil` if `link` is not of this form ("" if it has no value).
    let text: @Sendable (Link) -> String?
    /// Texts of values to show the form with.
    package let samples: [String]
    /// Every value's text, where there are few.
    let choices: [String]?
    /// Makes the receiver searchable by name if it is a protocol (`SearchableProtocols`).
    package private(set) var searchable: @Sendable () -> Void = {}

    /// A form with no value: it parses to `link`.
    ///
    /// - Parameters:
    ///   - pattern: The form after the scheme or host: `checkout`.
    ///   - link: The one link of the form.
    ///   - receiver: The type the link must end on.
    public init<Receiver>(_ pattern: String, _ link: Link, reaches receiver: Receiver.Type) where Link: Equatable {
        let name = Self.name(of: receiver)
        self.init(
            pattern: pattern, receiver: { _ in name }, condition: { _ in nil }, make: { _ in link },
            text: { $0 == link ? "" : nil },
            samples: [""], choices: nil)
        searchable = Self.searchable(receiver)
        precondition(valueName == nil, "a route without a value has no {name} in its pattern: \(pattern)")
    }

    /// A form with a value.
    ///
    /// - Parameters:
    ///   - pattern: The form after the scheme or host: `product/{sku}`.
    ///   - make: The link of a value.
    ///   - value: The value of a link of this form; `nil` for links of other forms.
    ///   - receiver: The type a link of this form must end on.
    ///   - key: The receiver's attribute that equals the value's text, if the value picks one.
    ///   - samples: Values to show the form with, besides the parameter type's own samples.
    public init<Value: RouteParameter, Receiver>(
        _ pattern: String, _ make: @escaping @Sendable (Value) -> Link, _ value: @escaping @Sendable (Link) -> Value?,
        reaches receiver: Receiver.Type, where key: String? = nil, samples: [Value] = []
    ) {
        self.init(pattern, make, value, reaches: { _ in receiver }, where: key, samples: samples)
        searchable = Self.searchable(receiver)
    }

    /// A form with a value whose receiver depends on it: a tab link reaches each tab's screen.
    ///
    /// - Parameters:
    ///   - pattern: The form after the scheme or host: `tab/{tab}`.
    ///   - make: The link of a value.
    ///   - value: The value of a link of this form; `nil` for links of other forms.
    ///   - receiver: The type a link of this form with a value must end on.
    ///   - key: The receiver's attribute that equals the value's text, if the value picks one.
    ///   - samples: Values to show the form with, besides the parameter type's own samples.
    public init<Value: RouteParameter>(
        _ pattern: String, _ make: @escaping @Sendable (Value) -> Link, _ value: @escaping @Sendable (Link) -> Value?,
        reaches receiver: @escaping @Sendable (Value) -> Any.Type, where key: String? = nil, samples: [Value] = []
    ) {
        self.init(pattern, make, value, reaches: receiver, where: { _ in key }, samples: samples)
    }

    /// A form with a value whose receiver, and the receiver's attribute the value picks, depend
    /// on it: a tab link reaches a list of the tab (`tab` equal to the value) or the settings.
    ///
    /// - Parameters:
    ///   - pattern: The form after the scheme or host: `tab/{tab}`.
    ///   - make: The link of a value.
    ///   - value: The value of a link of this form; `nil` for links of other forms.
    ///   - receiver: The type a link of this form with a value must end on.
    ///   - key: The receiver's attribute that equals the value's text, for a value that picks one.
    ///   - samples: Values to show the form with, besides the parameter type's own samples.
    public init<Value: RouteParameter>(
        _ pattern: String, _ make: @escaping @Sendable (Value) -> Link, _ value: @escaping @Sendable (Link) -> Value?,
        reaches receiver: @escaping @Sendable (Value) -> Any.Type, where key: @escaping @Sendable (Value) -> String?,
        samples: [Value] = []
    ) {
        let name: @Sendable (String) -> String = { text in
            Value(routeText: text).map { Self.name(of: receiver($0)) } ?? "a \(Value.self)"
        }
        self.init(
            pattern: pattern, receiver: name, condition: { text in Value(routeText: text).flatMap(key) },
            make: { text in Value(routeText: text).map(make) }, text: { link in value(link)?.routeText },
            samples: (samples + Value.routeSamples).map(\.routeText), choices: Value.routeChoices?.map(\.routeText))
        precondition(valueName != nil, "a route with a value has a {name} in its pattern: \(pattern)")
    }

    private init(
        pattern: String, receiver: @escaping @Sendable (String) -> String,
        condition: @escaping @Sendable (String) -> String?,
        make: @escaping @Sendable (String) -> Link?,
        text: @escaping @Sendable (Link) -> String?, samples: [String], choices: [String]?
    ) {
        self.pattern = pattern
        receiverName = receiver
        conditionKey = condition
        self.make = make
        self.text = text
        self.samples = samples
        self.choices = choices
        let parts = pattern.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var name: String?
        func piece(_ text: Substring) -> Piece {
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else { return .literal(String(text)) }
            precondition(name == nil, "a route has at most one {name}: \(pattern)")
            name = String(text.dropFirst().dropLast())
            return .value
        }
        segments = parts[0].split(separator: "/", omittingEmptySubsequences: false).map(piece)
        precondition(!segments.contains(.literal("")), "a route's pattern has no empty segment: \(pattern)")
        query =
            parts.count < 2
            ? []
            : parts[1].split(separator: "&").map { item in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                precondition(pair.count == 2, "a route's query items are name=value: \(pattern)")
                return (String(pair[0]), piece(pair[1]))
            }
        valueName = name
    }

    /// Registers `receiver` with `SearchableProtocols` if it is a protocol: a class is
    /// searchable by name without help.
    private static func searchable<Receiver>(_ receiver: Receiver.Type) -> @Sendable () -> Void {
        if receiver is AnyClass { return {} }
        return { SearchableProtocols.register(Receiver.self) }
    }

    /// A type's name as the tree shows it: `CartScreen` for `(any CartScreen).self`.
    static func name(of type: Any.Type) -> String {
        let name = String(describing: type)
        return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
    }

    /// The form as people read it, after `prefix` (`shop://`): the value as `<name>`, or its
    /// choices as `<a|b|c>`.
    func form(after prefix: String) -> String {
        let shown = "<" + (choices.map { $0.joined(separator: "|") } ?? valueName ?? "") + ">"
        return prefix + render { $0 == nil ? shown : $0! }
    }

    /// The link's text after its prefix, with `value` (percent-encoded) for the value.
    package func path(with value: String) -> String {
        render { $0 ?? Self.encoded(value) }
    }

    /// The pattern with each piece as `text` gives it: a literal's text, or `nil` for the value.
    private func render(_ text: (String?) -> String) -> String {
        var result = segments.map { piece in
            if case .literal(let literal) = piece { text(literal) } else { text(nil) }
        }.joined(separator: "/")
        if !query.isEmpty {
            result +=
                "?"
                + query.map { name, piece in
                    if case .literal(let literal) = piece { "\(name)=" + text(literal) } else { "\(name)=" + text(nil) }
                }.joined(separator: "&")
        }
        return result
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded.
    static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            let unreserved =
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            if unreserved {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }
}

extension String {
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: Swift.max(0, count - self.count)) + self
    }
}

/// The earlier name of ``RouteForm``, kept for one release: `Route` is many apps' own most
/// common type name, and collided with it.
@available(*, deprecated, renamed: "RouteForm")
public typealias Route<Link: Sendable> = RouteForm<Link>

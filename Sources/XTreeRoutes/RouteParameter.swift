import Foundation

/// A value a route's `{name}` stands for: read from a path segment or a query value (already
/// percent-decoded), and written back as text.
///
/// `String` is one (any text but the empty one), `Int` is one (decimal digits), and so is every enum whose raw values are
/// strings; such an enum that is `CaseIterable` gives its cases as samples and as the choices
/// its forms show (`shop://tab/<catalog|cart|account>`).
public protocol RouteParameter: Sendable {
    /// The value `text` names, or `nil` if it names none.
    init?(routeText text: String)
    /// The value as text, which ``init(routeText:)`` reads back.
    var routeText: String { get }
    /// Values every route of this parameter can be shown with; empty by default.
    static var routeSamples: [Self] { get }
    /// Every value there is, if there are few; `nil` by default.
    static var routeChoices: [Self]? { get }
}

extension RouteParameter {
    /// None.
    public static var routeSamples: [Self] { [] }
    /// Not few enough to list.
    public static var routeChoices: [Self]? { nil }
}

extension String: RouteParameter {
    /// Any text but the empty one.
    public init?(routeText text: String) {
        guard !text.isEmpty else { return nil }
        self = text
    }

    /// The text itself.
    public var routeText: String { self }
}

extension Int: RouteParameter {
    /// Decimal digits, with a `-` before them for a negative number.
    public init?(routeText text: String) {
        guard !text.hasPrefix("+"), let value = Int(text) else { return nil }
        self = value
    }

    /// The number in decimal digits.
    public var routeText: String { String(self) }
}

extension RouteParameter where Self: RawRepresentable, RawValue == String {
    /// The case whose raw value is `text`.
    public init?(routeText text: String) { self.init(rawValue: text) }

    /// The raw value.
    public var routeText: String { rawValue }
}

extension RouteParameter where Self: CaseIterable {
    /// Every case.
    public static var routeSamples: [Self] { Array(allCases) }
    /// Every case.
    public static var routeChoices: [Self]? { Array(allCases) }
}

/// A value a link may leave out: in a query item, `{name}` of an optional type makes the item
/// optional (`inbox?thread={id}&token={token}` reads `inbox?thread=7` with no token), and a
/// link without the value is printed without the item.
extension Optional: RouteParameter where Wrapped: RouteParameter {
    /// None for the empty text (what a left-out item gives), else the wrapped value's.
    public init?(routeText text: String) {
        guard !text.isEmpty else {
            self = .none
            return
        }
        guard let value = Wrapped(routeText: text) else { return nil }
        self = .some(value)
    }

    /// The wrapped value's text; empty for none.
    public var routeText: String { self?.routeText ?? "" }
    /// None, then the wrapped type's samples.
    public static var routeSamples: [Self] { [.none] + Wrapped.routeSamples.map(Self.some) }
    /// The wrapped type's choices.
    public static var routeChoices: [Self]? { Wrapped.routeChoices?.map(Self.some) }
}

/// Several values of one name: in a query item, `{name}` of an array type takes every item of
/// that name (`search?tag={tags}` reads `search?tag=a&tag=b` as `["a", "b"]`, and `search` as
/// none); a link is printed with an item for each element. A list is only ever a query item's
/// whole value: elsewhere its form says it cannot be used (``RouteForm/problem``).
extension Array: RouteParameter where Element: RouteParameter {
    /// The elements of a list's text: each element's text percent-encoded and ended by `&`.
    public init?(routeText text: String) {
        guard let texts = RouteList.elements(of: text) else { return nil }
        var elements: [Element] = []
        for text in texts {
            guard let element = Element(routeText: text) else { return nil }
            elements.append(element)
        }
        self = elements
    }

    /// The elements' texts, each percent-encoded and ended by `&`: how a table passes a query
    /// item's several values as one.
    public var routeText: String { RouteList.text(of: map(\.routeText)) }
    /// None, one and two of the element type's samples.
    public static var routeSamples: [Self] {
        let samples = Element.routeSamples
        return [[]] + samples.prefix(1).map { [$0] } + (samples.count > 1 ? [Array(samples.prefix(2))] : [])
    }
}

/// A list value's text: the elements' texts, each percent-encoded and ended by `&`, so that no
/// text of an element is taken for a separator and a list of one empty text is not none.
package enum RouteList {
    /// Whether values of `type` are lists.
    package static func isList(_ type: Any.Type) -> Bool { type is any ListParameter.Type }

    package static func text(of elements: [String]) -> String {
        elements.map { RouteForm<Never>.encoded($0) + "&" }.joined()
    }

    /// The elements' texts, `nil` if `text` is not a list's.
    package static func elements(of text: String) -> [String]? {
        guard !text.isEmpty else { return [] }
        guard text.hasSuffix("&") else { return nil }
        var elements: [String] = []
        for part in text.dropLast().split(separator: "&", omittingEmptySubsequences: false) {
            guard let element = String(part).removingPercentEncoding else { return nil }
            elements.append(element)
        }
        return elements
    }
}

/// The arrays that are lists of parameters.
package protocol ListParameter {}
extension Array: ListParameter where Element: RouteParameter {}

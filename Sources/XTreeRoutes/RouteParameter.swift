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

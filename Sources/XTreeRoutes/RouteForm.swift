import XTree

/// One form of link, declared once: its pattern, the value or values it parses to and back, and
/// the type of object it must reach.
///
/// A pattern is the link after `scheme://` (its first segment is the custom scheme's host)
/// or after `https://HOST/`: literal segments, `{name}` standing for a value, and query items
/// `name={value}`. A value may stand for part of a segment or query value, with literal text
/// around it (`@{user}`, `url=/settings/{section}`); a form may have any number of values.
///
/// ```swift
/// RouteForm("checkout", ShopLink.checkout, reaches: (any CheckoutScreen).self)
/// RouteForm("product/{sku}", ShopLink.product, { if case .product(let sku) = $0 { sku } else { nil } },
///       reaches: (any ProductDetailScreen).self, where: "sku", samples: ["mug"])
/// ```
///
/// A pattern a form cannot use (a value without a name, two values in one segment, more or
/// fewer values than the form's link takes) is not a trap: the form matches no link and says
/// why in ``problem``, and ``RouteTable/problems`` and ``RouteTable/roundTripFailures(generated:)``
/// list it, so a test fails where a launch would have trapped.
public struct RouteForm<Link: Sendable>: Sendable {
    /// The pattern as declared: `product/{sku}`, `ratings?recipeID={slug}`.
    public let pattern: String
    /// The name of the type a link of this form must end on, as the tree shows it (for a form
    /// whose receiver depends on its value, its first sample's).
    public var receiver: String { receiverName(samples.first ?? []) }
    /// The name of the type a link of this form with the value `text` must end on.
    public func receiver(for text: String) -> String { receiverName([text]) }
    /// The name of the type a link of this form with the values `texts`, in the pattern's
    /// order, must end on.
    public func receiver(forValues texts: [String]) -> String { receiverName(texts) }
    private let receiverName: @Sendable ([String]) -> String
    /// The attribute of the receiver that must equal the value, if the value picks one
    /// receiver among many: what `why` searches for (for a form whose attribute depends on its
    /// value, its first sample's).
    public var condition: String? { conditionKey(samples.first ?? []) }
    /// The attribute of the receiver that must equal the value `text`, if it picks one.
    public func condition(for text: String) -> String? { conditionKey([text]) }
    /// The attribute of the receiver that must equal the form's last value, and that value, for
    /// the values `texts` in the pattern's order; `nil` if no attribute is named.
    public func condition(forValues texts: [String]) -> (key: String, value: String)? {
        guard let value = texts.last, let key = conditionKey(texts) else { return nil }
        return (key, value)
    }
    private let conditionKey: @Sendable ([String]) -> String?
    /// Why the pattern cannot be used, if it cannot: such a form matches no link.
    public let problem: String?

    enum Piece: Sendable, Hashable {
        case literal(String)
        /// The value of index `index` in the pattern's order, with literal text around it in its
        /// segment or query value.
        case value(index: Int, prefix: String, suffix: String)
    }

    /// The path's pieces, in order.
    let segments: [Piece]
    /// The query items: each name with a literal value or a value.
    let query: [(name: String, piece: Piece)]
    /// The values' names, in the pattern's order.
    let valueNames: [String]
    /// Query items links of this form may carry and the form ignores (a tracking token).
    package internal(set) var ignoredQueryItems: Set<String> = []
    /// Whether a link of the form opens something new each time (``openingNewEachTime()``).
    package internal(set) var opensNewEachTime = false
    /// The link the values' texts make, `nil` if they name none.
    package let make: @Sendable ([String]) -> Link?
    /// Whether each value's parameter takes a text, in the pattern's order.
    let accepts: [@Sendable (String) -> Bool]
    /// The values' texts in `link`, `nil` if `link` is not of this form (empty if it has no value).
    let texts: @Sendable (Link) -> [String]?
    /// Values to show the form with, each the texts of all its values: those declared, then
    /// every other combination of the values they and the parameters' samples give, each
    /// value's own (at most ``maximumSamples``).
    package let samples: [[String]]
    /// Each value's every text, where there are few.
    let choices: [[String]?]
    /// Whether each value is a list (``RouteList``), in the pattern's order: a query item the
    /// link may give several times, or none.
    let lists: [Bool]
    /// Makes the receiver searchable by name if it is a protocol (`SearchableProtocols`).
    package private(set) var searchable: @Sendable () -> Void = {}

    /// The most samples a form keeps.
    package static var maximumSamples: Int { 32 }

    /// A form with no value: it parses to `link`.
    ///
    /// - Parameters:
    ///   - pattern: The form after the scheme or host: `checkout`.
    ///   - link: The one link of the form.
    ///   - receiver: The type the link must end on.
    public init<Receiver>(_ pattern: String, _ link: Link, reaches receiver: Receiver.Type) where Link: Equatable {
        let name = Self.name(of: receiver)
        self.init(
            pattern: pattern, values: 0, receiver: { _ in name }, condition: { _ in nil },
            make: { $0.isEmpty ? link : nil }, accepts: [], texts: { $0 == link ? [] : nil },
            samples: [[]], choices: [], lists: [])
        searchable = Self.searchable(receiver)
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
        let name: @Sendable ([String]) -> String = { texts in
            texts.first.flatMap(Value.init(routeText:)).map { Self.name(of: receiver($0)) } ?? "a \(Value.self)"
        }
        self.init(
            pattern: pattern, values: 1, receiver: name,
            condition: { texts in texts.first.flatMap(Value.init(routeText:)).flatMap(key) },
            make: { texts in texts.count == 1 ? Value(routeText: texts[0]).map(make) : nil },
            accepts: [{ Value(routeText: $0) != nil }], texts: { link in value(link).map { [$0.routeText] } },
            samples: (samples + Value.routeSamples).map { [$0.routeText] },
            choices: [Value.routeChoices?.map(\.routeText)], lists: [RouteList.isList(Value.self)])
    }

    /// A form with several values, in the pattern's order: `trip/{id}/booking/{booking}`.
    ///
    /// ```swift
    /// RouteForm("trip/{id}/booking/{booking}", TripLink.booking,
    ///       { if case .booking(let id, let booking) = $0 { (id, booking) } else { nil } },
    ///       reaches: BookingScreen.self, where: "bookingID", samples: [("9", "1"), ("12", "9-4")])
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: The form after the scheme or host, with a `{name}` for each value.
    ///   - make: The link of the values.
    ///   - values: The values of a link of this form; `nil` for links of other forms.
    ///   - receiver: The type a link of this form must end on.
    ///   - key: The receiver's attribute that equals the form's last value, if that value picks one.
    ///   - samples: Values to show the form with. Each value is also tried with the others'
    ///     samples, and with its parameter type's own, so a combination no sample names is tried.
    public init<each Value: RouteParameter, Receiver>(
        _ pattern: String, _ make: @escaping @Sendable (repeat each Value) -> Link,
        _ values: @escaping @Sendable (Link) -> (repeat each Value)?,
        reaches receiver: Receiver.Type, where key: String? = nil, samples: [(repeat each Value)] = []
    ) {
        let name = Self.name(of: receiver)
        var accepts: [@Sendable (String) -> Bool] = []
        var choices: [[String]?] = []
        var typeSamples: [[String]] = []
        var lists: [Bool] = []
        for type in repeat (each Value).self {
            accepts.append { type.init(routeText: $0) != nil }
            lists.append(RouteList.isList(type))
            // Closures, not key paths: a key path on a pack's element type crashes Swift 6.3's compiler.
            choices.append(type.routeChoices?.map { $0.routeText })
            typeSamples.append(type.routeSamples.map { $0.routeText })
        }
        let declared = samples.map { sample in
            var texts: [String] = []
            for value in repeat each sample { texts.append(value.routeText) }
            return texts
        }
        self.init(
            pattern: pattern, values: accepts.count, receiver: { _ in name }, condition: { _ in key },
            make: { texts in
                var index = 0
                var failed = false
                func read<Parameter: RouteParameter>(_ type: Parameter.Type) -> Parameter? {
                    defer { index += 1 }
                    guard index < texts.count, let value = Parameter(routeText: texts[index]) else {
                        failed = true
                        return nil
                    }
                    return value
                }
                let read = (repeat read((each Value).self))
                guard !failed, index == texts.count else { return nil }
                return make(repeat (each read)!)
            },
            accepts: accepts,
            texts: { link in
                guard let values = values(link) else { return nil }
                var texts: [String] = []
                for value in repeat each values { texts.append(value.routeText) }
                return texts
            },
            samples: Self.combinations(declared: declared, perValue: typeSamples), choices: choices, lists: lists)
        searchable = Self.searchable(receiver)
    }

    private init(
        pattern: String, values: Int, receiver: @escaping @Sendable ([String]) -> String,
        condition: @escaping @Sendable ([String]) -> String?,
        make: @escaping @Sendable ([String]) -> Link?, accepts: [@Sendable (String) -> Bool],
        texts: @escaping @Sendable (Link) -> [String]?, samples: [[String]], choices: [[String]?], lists: [Bool]
    ) {
        self.pattern = pattern
        receiverName = receiver
        conditionKey = condition
        self.make = make
        self.accepts = accepts
        self.texts = texts
        self.choices = choices
        self.lists = lists
        var seen = Set<[String]>()
        self.samples = Array(samples.filter { seen.insert($0).inserted }.prefix(Self.maximumSamples))
        let parsed = Self.pieces(of: pattern)
        segments = parsed.segments
        query = parsed.query
        valueNames = parsed.names
        // A list is a query item's whole value: only there can a link give several of it.
        let misplacedList = (parsed.segments + parsed.query.map(\.piece)).contains { piece in
            guard case .value(let index, let prefix, let suffix) = piece, lists[safe: index] == true else {
                return false
            }
            return !(prefix.isEmpty && suffix.isEmpty && parsed.query.contains { $0.piece == piece })
        }
        let problem =
            parsed.problem
            ?? (parsed.names.count == values
                ? nil
                : "the pattern has \(parsed.names.count) {name}, the form's link takes \(values) value(s)")
            ?? (misplacedList ? "a list of values that is not a query item's whole value" : nil)
        self.problem = problem.map { "\($0): \(pattern)" }
    }

    /// The pattern's pieces, the values' names in order, and why it cannot be used, if it cannot.
    private static func pieces(
        of pattern: String
    ) -> (segments: [Piece], query: [(name: String, piece: Piece)], names: [String], problem: String?) {
        var names: [String] = []
        var problem: String?
        func piece(_ text: Substring) -> Piece {
            guard let open = text.firstIndex(of: "{") else {
                if text.contains("}") { problem = problem ?? "a '}' without its '{'" }
                return .literal(String(text))
            }
            guard let close = text[open...].firstIndex(of: "}") else {
                problem = problem ?? "a '{' without its '}'"
                return .literal(String(text))
            }
            let name = String(text[text.index(after: open)..<close])
            let suffix = text[text.index(after: close)...]
            if name.isEmpty { problem = problem ?? "a value without a name" }
            if suffix.contains("{") || suffix.contains("}") { problem = problem ?? "two values in one part" }
            if names.contains(name) { problem = problem ?? "two values named \(name)" }
            names.append(name)
            return .value(index: names.count - 1, prefix: String(text[..<open]), suffix: String(suffix))
        }
        let parts = pattern.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = parts[0].split(separator: "/", omittingEmptySubsequences: false).map(piece)
        if segments.contains(.literal("")) { problem = problem ?? "an empty segment" }
        let query =
            parts.count < 2
            ? []
            : parts[1].split(separator: "&").map { item -> (name: String, piece: Piece) in
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2 else {
                    problem = problem ?? "a query item that is not name=value"
                    return (String(item), .literal(""))
                }
                return (String(pair[0]), piece(pair[1]))
            }
        if Set(query.map(\.name)).count < query.count { problem = problem ?? "a query item named twice" }
        return (segments, query, names, problem)
    }

    /// `declared`, then every other combination of each value's texts from `declared` and
    /// `perValue`, in order, up to ``maximumSamples``.
    private static func combinations(declared: [[String]], perValue: [[String]]) -> [[String]] {
        var each = perValue.map { _ in [String]() }
        for texts in declared {
            for (index, text) in texts.enumerated() where !each[index].contains(text) { each[index].append(text) }
        }
        for (index, texts) in perValue.enumerated() {
            for text in texts where !each[index].contains(text) { each[index].append(text) }
        }
        guard !each.contains(where: \.isEmpty) else { return declared }
        var all = declared
        var combination = [[String]()]
        for texts in each {
            combination = combination.flatMap { start in texts.map { start + [$0] } }
            if combination.count > maximumSamples * 4 { combination = Array(combination.prefix(maximumSamples * 4)) }
        }
        all += combination
        return all
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
}

extension Array {
    /// The element at `index`, `nil` past the end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// The earlier name of ``RouteForm``, kept for one release: `Route` is many apps' own most
/// common type name, and collided with it.
@available(*, deprecated, renamed: "RouteForm")
public typealias Route<Link: Sendable> = RouteForm<Link>

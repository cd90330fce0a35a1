import XTreeEscaping

/// A condition on a snapshot node: the node's attribute `KEY` (or its label, for the key
/// `label`) equals a value (`KEY=VALUE`), differs from it (`KEY!=VALUE`), or contains it
/// (`KEY~TEXT`).
///
/// ```swift
/// let condition = NodeCondition("recipe=irish-stew")!
/// let trace = snapshot.search(forName: "RecipeViewModel") { condition.matches($0) }
/// ```
///
/// A key is letters, digits, `_`, `.` and `-`. The value may be empty and may hold `=`, but
/// not start with one, so that `favorite==false` is refused rather than read as
/// `favorite` equal to `=false`.
public struct NodeCondition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// How the attribute's value is compared.
    public enum Comparison: String, Sendable, Hashable, Codable, CaseIterable {
        /// `=`: the attribute has the value.
        case equals = "="
        /// `!=`: the attribute has another value, or the node lacks it.
        case notEquals = "!="
        /// `~`: the attribute's value contains the text.
        case contains = "~"
    }

    /// The attribute's key, or `label`.
    public var key: String
    /// How the value is compared.
    public var comparison: Comparison
    /// The value, or the text it must contain.
    public var value: String

    /// The forms a condition takes, for messages.
    public static let forms = "KEY=VALUE, KEY!=VALUE or KEY~TEXT (contains)"

    /// A condition on `key`.
    public init(key: String, _ comparison: Comparison = .equals, value: String) {
        self.key = key
        self.comparison = comparison
        self.value = value
    }

    /// Parses `KEY=VALUE`, `KEY!=VALUE` or `KEY~TEXT`; `nil` for anything else: an empty
    /// key or one with other characters, no operator, or a value that starts with `=`.
    public init?(_ text: String) {
        let scalars = text.unicodeScalars
        guard let end = scalars.firstIndex(where: { !Self.isKeyScalar($0) }), end != scalars.startIndex else {
            return nil
        }
        let rest = String(scalars[end...])
        guard let comparison = [Comparison.notEquals, .equals, .contains].first(where: { rest.hasPrefix($0.rawValue) })
        else { return nil }
        let value = String(rest.dropFirst(comparison.rawValue.count))
        guard !value.hasPrefix("=") else { return nil }
        self.init(key: String(scalars[..<end]), comparison, value: value)
    }

    private static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || scalar == "_" || scalar == "." || scalar == "-"
    }

    /// Whether `node` meets the condition.
    public func matches(_ node: TreeSnapshot.Node) -> Bool {
        matches(label: node.label, attributes: node.attributes)
    }

    /// Whether a node of `label` and `attributes` satisfies the condition: for a node read
    /// where no node value is made.
    package func matches(label: String, attributes: [TreeSnapshot.Attribute]) -> Bool {
        // Compared where it stands: a value copied out is a retain and a release a node, which
        // at a million candidates is most of a search's time.
        if key == "label" { return holds(label) }
        guard let index = attributes.firstIndex(where: { $0.key == key }) else { return comparison == .notEquals }
        return holds(attributes[index].value)
    }

    /// Whether an attribute or label of `actual` meets the condition.
    private func holds(_ actual: String) -> Bool {
        switch comparison {
        case .equals: actual == value
        case .notEquals: actual != value
        case .contains: actual.contains(value)
        }
    }

    /// `KEY=VALUE`, `KEY!=VALUE` or `KEY~TEXT`.
    public var description: String { "\(key)\(comparison.rawValue)\(value)" }
}

import XTreeEscaping

/// A condition on a snapshot node, written `KEY=VALUE`: the node's attribute `KEY` (or its
/// label, for the key `label`) is `VALUE`.
///
/// ```swift
/// let condition = NodeCondition("recipe=irish-stew")!
/// let trace = snapshot.search(forName: "RecipeViewModel") { condition.matches($0) }
/// ```
public struct NodeCondition: Sendable, Hashable, CustomStringConvertible {
    /// The attribute's key, or `label`.
    public var key: String
    /// The value it must have.
    public var value: String

    /// Parses `KEY=VALUE`; `nil` without an `=` or with an empty key. The value may be empty
    /// and may hold `=`.
    public init?(_ text: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else { return nil }
        key = String(text[..<equals])
        value = String(text[text.index(after: equals)...])
    }

    /// Whether `node` meets the condition.
    public func matches(_ node: TreeSnapshot.Node) -> Bool {
        key == "label" ? node.label == value : node.attribute(key) == value
    }

    /// `KEY=VALUE`.
    public var description: String { "\(key)=\(value)" }
}

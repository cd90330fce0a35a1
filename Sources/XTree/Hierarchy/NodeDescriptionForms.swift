/// A form ``NodeDescribing/nodeLabel`` may take: `String`, `Substring`, or an optional of one
/// (`nil` reads as no label).
public protocol NodeLabelForm {
    /// The label as text.
    var nodeLabelText: String { get }
}

extension String: NodeLabelForm {
    /// The label as text.
    public var nodeLabelText: String { self }
}

extension Substring: NodeLabelForm {
    /// The label as text.
    public var nodeLabelText: String { String(self) }
}

extension Optional: NodeLabelForm where Wrapped: NodeLabelForm {
    /// The label as text.
    public var nodeLabelText: String { self?.nodeLabelText ?? "" }
}

/// A form ``NodeDescribing/nodeAttributes`` may take: pairs in the order to show them, a
/// dictionary (shown in key order), or `KeyValuePairs`.
public protocol NodeAttributesForm {
    /// The attributes as ordered pairs.
    var nodeAttributePairs: [(key: String, value: String)] { get }
}

extension Array: NodeAttributesForm where Element == (key: String, value: String) {
    /// The attributes as ordered pairs.
    public var nodeAttributePairs: [(key: String, value: String)] { self }
}

extension Dictionary: NodeAttributesForm where Key == String, Value == String {
    /// In key order: a dictionary has no order of its own.
    public var nodeAttributePairs: [(key: String, value: String)] {
        sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

extension KeyValuePairs: NodeAttributesForm where Key == String, Value == String {
    /// The attributes as ordered pairs.
    public var nodeAttributePairs: [(key: String, value: String)] { map { ($0.key, $0.value) } }
}

/// A form ``NodeDescribing/nodeIdentity`` may take: `String`, `Int`, or an optional of one
/// (`nil` for no identity).
public protocol NodeIdentityForm {
    /// The identity as text, or `nil` for none.
    var nodeIdentityText: String? { get }
}

extension String: NodeIdentityForm {
    /// The identity as text.
    public var nodeIdentityText: String? { self }
}

extension Int: NodeIdentityForm {
    /// The identity as text.
    public var nodeIdentityText: String? { String(self) }
}

extension Optional: NodeIdentityForm where Wrapped: NodeIdentityForm {
    /// The identity as text.
    public var nodeIdentityText: String? { self?.nodeIdentityText }
}

/// A form ``NodeDescribing/privateAttributeKeys`` may take: `Set<String>` or `[String]`.
public protocol NodeKeysForm {
    /// The keys as a set.
    var nodeKeySet: Set<String> { get }
}

extension Set: NodeKeysForm where Element == String {
    /// The keys as a set.
    public var nodeKeySet: Set<String> { self }
}

extension Array: NodeKeysForm where Element == String {
    /// The keys as a set.
    public var nodeKeySet: Set<String> { Set(self) }
}

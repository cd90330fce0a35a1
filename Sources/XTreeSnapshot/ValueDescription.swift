/// How a value that stands in the tree as a `ValueNode` (XTree) describes itself, where the
/// defaults do not suit it: no label; the associated values of its case (or a struct's stored
/// properties) as attributes; and those attributes, less the private ones, as its identity.
public protocol NodeValueDescribing {
    /// A short human-readable name; may be empty.
    var nodeLabel: String { get }
    /// Key/value pairs that describe the value, in the order to show them.
    var nodeAttributes: [(key: String, value: String)] { get }
    /// What tells the value apart from its siblings of the same type and case, the same in
    /// every run; `nil` to be told apart by position.
    var nodeIdentity: String? { get }
    /// The keys of ``nodeAttributes`` whose values must not leave the process, nor its identity.
    var privateAttributeKeys: Set<String> { get }
}

extension NodeValueDescribing {
    /// No label.
    public var nodeLabel: String { "" }
    /// The associated values of the case, or the stored properties.
    public var nodeAttributes: [(key: String, value: String)] { ValueDescription.attributes(of: self) }
    /// The attributes but the private ones, as `key=value` joined by commas; `nil` if none.
    public var nodeIdentity: String? { ValueDescription.identity(nodeAttributes, hiding: privateAttributeKeys) }
    /// No private attributes.
    public var privateAttributeKeys: Set<String> { [] }
}

/// A value's default description, read by reflection.
package enum ValueDescription {
    /// An enum value's case, `nil` for a value of another kind.
    package static func caseName(of value: Any) -> String? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum else { return nil }
        return mirror.children.first?.label ?? String(describing: value)
    }

    /// An enum case's associated values (a single unlabeled one as `value`), or the stored
    /// properties of a struct or class.
    package static func attributes(of value: Any) -> [(key: String, value: String)] {
        let mirror = Mirror(reflecting: value)
        var fields = mirror
        if mirror.displayStyle == .enum {
            guard let payload = mirror.children.first?.value else { return [] }
            fields = Mirror(reflecting: payload)
            guard fields.displayStyle == .tuple else { return [("value", text(of: payload))] }
        }
        return fields.children.enumerated().map { place, child in
            let label = child.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? String(place)
            return (label, text(of: child.value))
        }
    }

    package static func identity(_ attributes: [(key: String, value: String)], hiding hidden: Set<String>) -> String? {
        let shown = attributes.filter { !hidden.contains($0.key) }.map { "\($0.key)=\($0.value)" }
        return shown.isEmpty ? nil : shown.joined(separator: ",")
    }

    /// A value that describes itself as a property's value reads: its type, its case if it
    /// has one, and its attributes with the private ones hidden.
    package static func text(of value: any NodeValueDescribing) -> String {
        let hidden = value.privateAttributeKeys
        let fields = value.nodeAttributes.map { "\($0.key): \(hidden.contains($0.key) ? "<private>" : $0.value)" }
        let name = plainName(of: type(of: value)) + (caseName(of: value).map { "." + $0 } ?? "")
        return fields.isEmpty ? name : name + "(" + fields.joined(separator: ", ") + ")"
    }

    /// `String(describing:)` with optionals unwrapped.
    private static func text(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return String(describing: value) }
        return mirror.children.first.map { text(of: $0.value) } ?? "nil"
    }
}

import XTreeSnapshot

/// A value of an app's navigation state, such as a destination in a `NavigationStack`'s path
/// or a presented sheet, standing in the tree as a node.
///
/// An app whose router holds values lists them among its children, wrapped:
///
/// ```swift
/// @MainActor final class TabRouter: ObservableObject, DeepLinkable {
///     @Published var path: [Destination] = []
///     @Published var sheet: ComposeSheet?
///     var children: [any DeepLinkable] {
///         path.map(ValueNode.init)
///         sheet.map(ValueNode.init)
///     }
/// }
/// ```
///
/// Its type is the value's type and, for an enum, its case (`Destination.statusDetail`, found
/// by either name or both); its attributes are the case's associated values (or a struct's
/// stored properties), and its identity those attributes: its id is the same in every run. A
/// `NodeValueDescribing` value describes itself. A value node is a leaf, never the object a
/// search returns, and made anew each time `children` is read: hold the value, not the node.
@MainActor
public final class ValueNode<Value>: DeepLinkable {
    /// The value the node stands for.
    public let value: Value
    /// The value's label: empty unless it is `NodeValueDescribing`.
    public let nodeLabel: String
    /// The value's attributes, read once when the node is made.
    public let nodeAttributes: [(key: String, value: String)]
    /// The value's identity: its attributes but the private ones, unless it says otherwise.
    public let nodeIdentity: String?
    /// The keys of ``nodeAttributes`` whose values never leave the process.
    public let privateAttributeKeys: Set<String>
    private let caseName: String?

    /// Wraps `value`, reading its description once.
    public init(_ value: Value) {
        self.value = value
        caseName = ValueDescription.caseName(of: value)
        let custom = value as? any NodeValueDescribing
        (nodeLabel, privateAttributeKeys) = (custom?.nodeLabel ?? "", custom?.privateAttributeKeys ?? [])
        nodeAttributes = custom?.nodeAttributes ?? ValueDescription.attributes(of: value)
        nodeIdentity = custom.map(\.nodeIdentity) ?? ValueDescription.identity(nodeAttributes, hiding: [])
    }
}

/// A node whose type names come from the value it stands for, not from its class: the value's
/// type's, and the node's with the names a search finds it by, the first its own.
protocol NodeTypedByValue: AnyObject {
    static var valueTypeName: String { get }
    var typeNames: (name: String, searchNames: [String]) { get }
}

extension ValueNode: NodeTypedByValue {
    nonisolated static var valueTypeName: String { plainName(of: Value.self) }

    nonisolated var typeNames: (name: String, searchNames: [String]) {
        let qualified = qualifiedName(of: Value.self)
        guard let caseName else { return (Self.valueTypeName, [qualified]) }
        return (Self.valueTypeName + "." + caseName, [qualified + "." + caseName, qualified])
    }
}

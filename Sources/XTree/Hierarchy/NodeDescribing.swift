import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// How an object describes itself in snapshots, traces and the inspector.
///
/// Every ``DeepLinkable`` is `NodeDescribing`. The defaults are an empty label and one
/// attribute per `@Published` property, in declaration order, superclasses' first; override
/// them to show what a reader needs to recognise the screen's state:
///
/// ```swift
/// extension DefaultRecipeViewModel {
///     var nodeLabel: String { recipe.title }
///     var nodeAttributes: [(key: String, value: String)] { [("recipe", recipe.slug)] }
/// }
/// ```
///
/// Each requirement takes the forms a reader is likely to write, so none is ignored for a
/// near miss of its type: `nodeLabel` a `String` or a `String?`; `nodeAttributes` pairs in
/// order, a `[String: String]` (shown in key order) or `KeyValuePairs`; `nodeIdentity` a
/// `String`, an `Int` or an optional of either; `privateAttributeKeys` a `Set<String>` or a
/// `[String]`.
@MainActor
public protocol NodeDescribing: AnyObject {
    /// The type of ``nodeLabel``: `String` unless the type declares another form.
    associatedtype NodeLabel: NodeLabelForm = String
    /// The type of ``nodeAttributes``: ordered pairs unless the type declares another form.
    associatedtype NodeAttributes: NodeAttributesForm = [(key: String, value: String)]
    /// The type of ``nodeIdentity``: `String?` unless the type declares another form.
    associatedtype NodeIdentity: NodeIdentityForm = String?
    /// The type of ``privateAttributeKeys``: `Set<String>` unless the type declares another.
    associatedtype PrivateAttributeKeys: NodeKeysForm = Set<String>

    /// A short human-readable name, such as a screen's title; may be empty.
    var nodeLabel: NodeLabel { get }

    /// Key/value pairs that describe the object's state, in the order to show them.
    ///
    /// Each key once: of a key given twice, snapshots keep the first value.
    var nodeAttributes: NodeAttributes { get }

    /// What tells this object apart from its siblings of the same type, such as a recipe's
    /// slug or a user id; `nil` (the default) to be told apart by position.
    ///
    /// Snapshot ids derive from the path of types and, at each step, this identity or else
    /// the position among same-type siblings. With an identity, an id survives siblings
    /// coming and going, so ``TreeDiff`` reports removing the middle of three screens as one
    /// removal of the right one. Two siblings of one type with the same identity are told
    /// apart by position and reported by ``TreeSnapshot/duplicateIdentities``, never merged.
    ///
    /// In a class hierarchy, declare it in the class that conforms, so subclasses can
    /// override it: a subclass's own declaration does not replace the default that the
    /// superclass's conformance uses.
    var nodeIdentity: NodeIdentity { get }

    /// The keys of ``nodeAttributes`` whose values must not leave the process.
    ///
    /// Snapshots are written to files and sent to other processes, so every snapshot replaces
    /// these values with `<private>` when it is taken: no renderer, diff, trace or file ever
    /// holds them. The key stays, so a reader sees that a value exists. Default: none.
    ///
    /// ```swift
    /// var privateAttributeKeys: Set<String> { ["email", "token"] }
    /// ```
    var privateAttributeKeys: PrivateAttributeKeys { get }

    /// Whether the object is meant to be listed by several parents, such as a session shown
    /// on two tabs. The children audit (`auditChildren()`, XTreeReachability) reports other
    /// objects listed by two parents. Default: `false`.
    var isSharedByDesign: Bool { get }
}

extension NodeDescribing where NodeLabel == String {
    /// No label.
    public var nodeLabel: String { "" }
}

extension NodeDescribing where NodeIdentity == String? {
    /// No identity: told apart from same-type siblings by position.
    public var nodeIdentity: String? { nil }
}

extension NodeDescribing where PrivateAttributeKeys == Set<String> {
    /// No private attributes.
    public var privateAttributeKeys: Set<String> { [] }
}

extension NodeDescribing {
    /// Not shared by design: listed by two parents, it is reported by the children audit.
    public var isSharedByDesign: Bool { false }

    /// ``nodeLabel`` as text, whichever form the type declares.
    public var nodeLabelText: String { nodeLabel.nodeLabelText }

    /// ``nodeAttributes`` as ordered pairs, whichever form the type declares.
    public var nodeAttributePairs: [(key: String, value: String)] { nodeAttributes.nodeAttributePairs }

    /// ``nodeIdentity`` as text, whichever form the type declares.
    public var nodeIdentityText: String? { nodeIdentity.nodeIdentityText }

    /// ``privateAttributeKeys`` as a set, whichever form the type declares.
    public var privateAttributeKeySet: Set<String> { privateAttributeKeys.nodeKeySet }
}

extension NodeDescribing where NodeAttributes == [(key: String, value: String)] {
    /// One attribute per `@Published` property, named without its underscore and valued by
    /// `String(describing:)` (optionals unwrapped, `nil` for none); an object of the tree by
    /// its label where the tree's root is ``ReadableObjectValues``.
    ///
    /// Best effort, the same on every platform: it finds the properties by reflection
    /// (`Mirror`), so a class with a custom `customMirror` shows what that mirror lists, and
    /// it reads each value through the property's projected publisher. Describe a type
    /// yourself where the attributes matter, and in a large or hot tree.
    public var nodeAttributes: [(key: String, value: String)] {
        var levels: [Mirror] = []
        var mirror: Mirror? = Mirror(reflecting: self)
        while let level = mirror {
            levels.append(level)
            mirror = level.superclassMirror
        }
        return levels.reversed().flatMap { level in
            level.children.compactMap { child -> (key: String, value: String)? in
                guard let label = child.label, var published = child.value as? any PublishedProperty,
                    let value = published.currentValue()
                else { return nil }
                let key = label.hasPrefix("_") ? String(label.dropFirst()) : label
                return (key, describing(value))
            }
        }
    }
}

/// An app's root whose tree shows an object held by a `@Published` property by the object's
/// label, not by its type's full name: `page=Dune`, not `page=Bookshelf.BookViewModel`.
///
/// Without a label, the object's ``NodeDescribing/nodeIdentity`` is shown, else its type's
/// name without its module; an array of such objects as `[Dune, Emma]`, `nil` as `nil`. It
/// holds for the default ``NodeDescribing/nodeAttributes`` of every object in a tree whose
/// root conforms, in its snapshots, traces and an inspector's live view:
///
/// ```swift
/// extension LibraryCoordinator: ReadableObjectValues {}
/// ```
///
/// An opt-in, since it changes the trees that exported tests and recorded sessions hold:
/// record them again after adopting it. A label read this way is read when its holder is
/// described, so a live view shows a label that changed on its own at the holder's next change.
@MainActor
public protocol ReadableObjectValues: DeepLinkable {}

/// How object values read in the attributes being described: set for one snapshot or one
/// description of a live view, from the tree's root.
enum ObjectValues {
    @TaskLocal static var readable = false

    /// Runs `body` with object values read as `root`'s tree asks; a tree that does not opt in
    /// pays for no task-local value when none is set.
    static func reading<Result>(for root: any DeepLinkable, _ body: () throws -> Result) rethrows -> Result {
        let wanted = root is any ReadableObjectValues
        guard wanted != readable else { return try body() }
        return try $readable.withValue(wanted, operation: body)
    }
}

/// `String(describing:)` with optionals unwrapped: `Optional("x")` reads as `x`. A value that
/// describes itself (``NodeValueDescribing``) reads with its private values hidden; a tree
/// object by its label where its tree's root is ``ReadableObjectValues``.
@MainActor
func describing(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return describing(wrapped)
    }
    if let described = value as? any NodeValueDescribing { return ValueDescription.text(of: described) }
    if mirror.displayStyle == .collection, mirror.children.contains(where: { $0.value is any NodeValueDescribing }) {
        return "[" + mirror.children.map { describing($0.value) }.joined(separator: ", ") + "]"
    }
    guard ObjectValues.readable else { return String(describing: value) }
    if let object = value as? any NodeDescribing { return readableName(of: object) }
    if mirror.displayStyle == .collection, !mirror.children.isEmpty,
        mirror.children.allSatisfy({ $0.value is any NodeDescribing })
    {
        return "[" + mirror.children.map { describing($0.value) }.joined(separator: ", ") + "]"
    }
    return String(describing: value)
}

/// A tree object as a reader names it: its label, else its identity, else its type's name.
@MainActor
private func readableName(of object: any NodeDescribing) -> String {
    let label = object.nodeLabelText
    if !label.isEmpty { return label }
    if let identity = object.nodeIdentityText { return identity }
    return String(describing: type(of: object)).split(separator: ".").last.map(String.init) ?? ""
}

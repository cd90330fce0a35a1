/// Descriptions by dynamic type, for a conformance declared once on an app's base class.
///
/// An extension cannot override members another extension declared, so a conformance added to
/// an app's base class (`extension BaseCoordinator: DeepLinkable`) gives every subclass the
/// same attributes and children. Registered describers give each subclass its own, without a
/// type switch and without touching the subclasses: the base's conformance asks for them.
///
/// ```swift
/// extension BaseCoordinator: DeepLinkable {
///     public var nodeAttributes: [(key: String, value: String)] { NodeDescribers.attributes(of: self) ?? [] }
///     public var children: [any DeepLinkable] { NodeDescribers.children(of: self) ?? screens }
/// }
///
/// NodeDescribers.register(TabCoordinator.self, attributes: { [("tab", String($0.index))] })
/// ```
///
/// A describer applies to its class and its subclasses; an object takes the one registered for
/// the nearest class up its hierarchy. A type that asks for none pays nothing: nothing in
/// XTree consults the registry but the conformances that call it.
@MainActor
public enum NodeDescribers {
    private struct Describer {
        var attributes: ((AnyObject) -> [(key: String, value: String)])?
        var children: ((AnyObject) -> [any DeepLinkable])?
    }

    /// The describers, by the class they were registered for.
    private static var registered: [ObjectIdentifier: Describer] = [:]
    /// For each class met, the describers whose attributes and children apply to it (`nil` for
    /// none): found once.
    private static var resolved: [ObjectIdentifier: (attributes: Describer?, children: Describer?)] = [:]

    /// Registers what objects of `type` and its subclasses (unless one has its own) say of
    /// themselves; a second registration for a type replaces the parts it gives.
    ///
    /// - Parameters:
    ///   - type: The class.
    ///   - attributes: Its attributes, in the order to show them.
    ///   - children: Its children, in order.
    public static func register<Node: AnyObject>(
        _ type: Node.Type,
        attributes: (@MainActor (Node) -> [(key: String, value: String)])? = nil,
        children: (@MainActor (Node) -> [any DeepLinkable])? = nil
    ) {
        var describer = registered[ObjectIdentifier(type)] ?? Describer()
        // Called only with objects of the type or a subclass, as `resolve` finds them.
        if let attributes { describer.attributes = { attributes(unsafeDowncast($0, to: Node.self)) } }
        if let children { describer.children = { children(unsafeDowncast($0, to: Node.self)) } }
        registered[ObjectIdentifier(type)] = describer
        resolved = [:]
    }

    /// The attributes registered for the object's class or the nearest class above it that
    /// has some, `nil` if none has.
    public static func attributes(of object: AnyObject) -> [(key: String, value: String)]? {
        guard !registered.isEmpty else { return nil }
        return resolve(Swift.type(of: object)).attributes?.attributes?(object)
    }

    /// The children registered for the object's class or the nearest class above it that has
    /// some, `nil` if none has.
    public static func children(of object: AnyObject) -> [any DeepLinkable]? {
        guard !registered.isEmpty else { return nil }
        return resolve(Swift.type(of: object)).children?.children?(object)
    }

    private static func resolve(_ type: AnyClass) -> (attributes: Describer?, children: Describer?) {
        if let found = resolved[ObjectIdentifier(type)] { return found }
        var found: (attributes: Describer?, children: Describer?) = (nil, nil)
        var level: AnyClass? = type
        while let current = level, found.attributes == nil || found.children == nil {
            if let describer = registered[ObjectIdentifier(current)] {
                if found.attributes == nil, describer.attributes != nil { found.attributes = describer }
                if found.children == nil, describer.children != nil { found.children = describer }
            }
            level = _getSuperclass(current)
        }
        resolved[ObjectIdentifier(type)] = found
        return found
    }
}

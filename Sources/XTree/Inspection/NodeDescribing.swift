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
@MainActor
public protocol NodeDescribing: AnyObject {
    /// A short human-readable name, such as a screen's title; may be empty.
    var nodeLabel: String { get }

    /// Key/value pairs that describe the object's state, in the order to show them.
    var nodeAttributes: [(key: String, value: String)] { get }
}

extension NodeDescribing {
    /// No label.
    public var nodeLabel: String { "" }

    /// One attribute per `@Published` property, named without its underscore and valued by
    /// `String(describing:)` (optionals unwrapped, `nil` for none).
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

/// `String(describing:)` with optionals unwrapped: `Optional("x")` reads as `x`.
func describing(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first?.value else { return "nil" }
        return describing(wrapped)
    }
    return String(describing: value)
}

/// How an object describes itself in snapshots, traces and the inspector.
///
/// Every ``DeepLinkable`` is `NodeDescribing`. The defaults are an empty label and one
/// attribute per `@Published` property, in declaration order; override them to show what a
/// reader needs to recognise the screen's state:
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
    /// Uses reflection; a type in a large or hot tree should describe itself instead.
    public var nodeAttributes: [(key: String, value: String)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label, let published = child.value as? any PublishedValue else { return nil }
            let key = label.hasPrefix("_") ? String(label.dropFirst()) : label
            return (key, describing(published.publishedValue))
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

import XTreeSupport

/// The protocols an app makes searchable by name, so that snapshots record which nodes
/// conform and `xtree-cli find RecipeViewModel` works on a snapshot written by another process.
///
/// A snapshot names each node by its type and superclasses without help; protocol
/// conformances cannot be listed by reflection, so an app declares the protocols its deep
/// links search for, once, at start-up:
///
/// ```swift
/// SearchableProtocols.register((any RecipeViewModel).self)
/// SearchableProtocols.register((any RecipeListCoordinator).self)
/// ```
///
/// Registering a protocol twice has no further effect. `DeepLinkable` and `ViewModel` are
/// always searchable.
public enum SearchableProtocols {
    /// Makes `type`, a protocol used as an existential, a name that snapshots record for every
    /// node that conforms.
    ///
    /// - Parameter type: The existential type, such as `(any RecipeViewModel).self`.
    public static func register<Protocol>(_ type: Protocol.Type) {
        let name = qualifiedName(of: type)
        registry.withLock { entries in
            guard !entries.contains(where: { $0.name == name }) else { return }
            entries.append(Entry(name: name, matches: { $0 is Protocol }))
        }
    }

    struct Entry: Sendable {
        let name: String
        let matches: @Sendable (AnyObject) -> Bool
    }

    static var entries: [Entry] { registry.withLock { $0 } }

    private static let registry = Locked<[Entry]>([
        Entry(name: qualifiedName(of: (any DeepLinkable).self), matches: { $0 is any DeepLinkable }),
        Entry(name: qualifiedName(of: (any ViewModel).self), matches: { $0 is any ViewModel }),
    ])
}

/// `Module.Name` of a type, without the `any ` of an existential.
///
/// Private and local types are named without their `(unknown context at $…)` part, which
/// holds an address that changes from run to run: ids and names derived from it must not.
func qualifiedName(of type: Any.Type) -> String {
    var name = withoutAny(String(reflecting: type))
    while let start = name.range(of: "(unknown context at $"), let end = name[start.upperBound...].firstIndex(of: ")") {
        let next = name.index(after: end)
        name.removeSubrange(
            start.lowerBound..<(next < name.endIndex && name[next] == "." ? name.index(after: next) : next))
    }
    return name
}

/// The name of a type as written in its module, without the `any ` of an existential:
/// `RecipeViewModel` for `(any RecipeViewModel).self`.
func plainName(of type: Any.Type) -> String {
    withoutAny(String(describing: type))
}

private func withoutAny(_ name: String) -> String {
    name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
}

/// Whether `name` as a user types it (`RecipeViewModel`, `RecipesDomain.RecipeViewModel`, or
/// a generic type's base name) names the type whose qualified name is `qualified`.
func name(_ name: String, matches qualified: String) -> Bool {
    if name == qualified { return true }
    let base = qualified.split(separator: "<", maxSplits: 1).first.map(String.init) ?? qualified
    if name == base { return true }
    guard !name.contains(".") else { return false }
    let last = base.split(separator: ".").last.map(String.init) ?? base
    return name == last || name == qualified.split(separator: ".").last.map(String.init)
}

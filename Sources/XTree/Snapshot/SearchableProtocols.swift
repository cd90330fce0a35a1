import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot
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

    /// The names of the protocols searchable now, module-qualified, in the order registered.
    public static var names: [String] { entries.map(\.name) }

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

import XTreeEscaping
import XTreeObservation
import XTreeSnapshot

extension DeepLinkable {
    /// The ``DeepLinkable`` objects this object stores, found by reflection: an opt-in for
    /// `children`, as XUI found children by itself.
    ///
    /// ```swift
    /// var children: [any DeepLinkable] { reflectedChildren }
    /// ```
    ///
    /// It reads stored properties, the subclass's before its superclass's, and inside them
    /// optionals, arrays, sets, dictionaries' values, `@Published` values and ``Store``s, as
    /// the children audit (`auditChildren()`, XTreeReachability) does; each object once. Order within a set or a
    /// dictionary is not stable, and reflection costs more than a list: write `children`
    /// by hand where order or speed matters. A computed property is not seen.
    public var reflectedChildren: [any DeepLinkable] {
        var reader = PropertyReader(limit: 100_000)
        reader.read(self)
        var seen = Set<ObjectIdentifier>()
        return reader.found.map(\.object).filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}

/// Finds the ``DeepLinkable`` objects one node stores, by reflection: for
/// ``DeepLinkable/reflectedChildren``, and for the children audit, which compares them with
/// what the node lists.
@MainActor
package struct PropertyReader {
    package private(set) var found: [(object: any DeepLinkable, property: String)] = []
    /// Objects that are not ``DeepLinkable`` in a collection that holds nodes (a coordinator's
    /// children of another class): no search can reach them.
    package private(set) var strangers: [(type: Any.Type, property: String)] = []
    /// The property where the budget ran out, if it did.
    package private(set) var stoppedAt: String?
    private var budget: Int

    /// A reader that gives up after reading `limit` values.
    package init(limit: Int) {
        budget = limit
    }

    /// Reads the stored properties of `node`, the subclass's before its superclass's.
    package mutating func read(_ node: any DeepLinkable) {
        var mirror: Mirror? = Mirror(reflecting: node)
        while let level = mirror, stoppedAt == nil {
            for child in level.children {
                // `_$observationRegistrar` and the like: machinery, not state.
                guard let label = child.label, !label.hasPrefix("_$") else { continue }
                read(child.value, at: label.hasPrefix("_") ? String(label.dropFirst()) : label, depth: 0)
            }
            mirror = level.superclassMirror
        }
    }

    private mutating func read(_ value: Any, at path: String, depth: Int) {
        guard stoppedAt == nil else { return }
        guard budget > 0 else {
            stoppedAt = path
            return
        }
        budget -= 1
        if let object = value as? any DeepLinkable {
            found.append((object, path))
            return
        }
        if var published = value as? any PublishedProperty {
            if let current = published.currentValue() { read(current, at: path, depth: depth + 1) }
            return
        }
        if let store = value as? any StoredModel {
            read(store.storedModel, at: path, depth: depth + 1)
            return
        }
        // Deeper than any real property nests; a guard against pathological values.
        guard depth < 64 else { return }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional?:
            for child in mirror.children { read(child.value, at: path, depth: depth + 1) }
        case .collection?, .set?:
            var strangers: [(type: Any.Type, property: String)] = []
            var holdsNodes = false
            for (index, child) in mirror.children.enumerated() {
                if child.value is any DeepLinkable {
                    holdsNodes = true
                } else if Swift.type(of: child.value) is AnyClass {
                    strangers.append((Swift.type(of: child.value), "\(path)[\(index)]"))
                }
                read(child.value, at: "\(path)[\(index)]", depth: depth + 1)
            }
            if holdsNodes { self.strangers += strangers }
        case .dictionary?:
            for entry in mirror.children {
                let pair = Array(Mirror(reflecting: entry.value).children)
                guard pair.count == 2 else { continue }
                let key = TerminalText.quoted(String(describing: pair[0].value).prefix(40).description)
                read(pair[1].value, at: "\(path)[\(key)]", depth: depth + 1)
            }
        case .struct?, .tuple?, .enum?:
            for (index, child) in mirror.children.enumerated() {
                // Tuple elements without names are labelled `.0`, `.1`, ….
                let label = child.label ?? ".\(index)"
                read(child.value, at: path + (label.hasPrefix(".") ? label : "." + label), depth: depth + 1)
            }
        case .class?, .foreignReference?, nil:
            // Not `DeepLinkable`: its contents are not this node's to list. `nil`: a value
            // with no structure to read (numbers, strings, closures).
            return
        @unknown default:
            return
        }
    }
}

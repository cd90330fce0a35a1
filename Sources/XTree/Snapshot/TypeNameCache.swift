import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// Dynamic type names, computed once per type.
///
/// `String(describing:)` of a metatype is slow enough to dominate a search trace of a large
/// tree of few types; the cache makes it one comparison per node in runs of one type.
struct TypeNameCache {
    private var names: [ObjectIdentifier: String] = [:]
    private var last: (type: ObjectIdentifier, name: String)?

    mutating func name(of object: AnyObject) -> String {
        let type: AnyObject.Type = Swift.type(of: object)
        let key = ObjectIdentifier(type)
        if let last, last.type == key { return last.name }
        let name = names[key] ?? Self.name(of: type)
        names[key] = name
        last = (key, name)
        return name
    }

    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}

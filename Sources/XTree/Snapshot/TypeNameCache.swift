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
    private var valueTypes: Set<ObjectIdentifier> = []

    /// The name of `object`'s dynamic type; of a ``ValueNode``, its value's type and case.
    mutating func name(of object: AnyObject) -> String {
        let type: AnyObject.Type = Swift.type(of: object)
        let key = ObjectIdentifier(type)
        if let last, last.type == key { return last.name }
        if valueTypes.contains(key) { return (object as! any NodeTypedByValue).typeNames.name }
        let name: String
        if let known = names[key] {
            name = known
        } else if let node = object as? any NodeTypedByValue {
            valueTypes.insert(key)
            return node.typeNames.name
        } else {
            name = Self.name(of: type)
            names[key] = name
        }
        last = (key, name)
        return name
    }

    /// The name of `type`; of a ``ValueNode``'s, its value's type.
    static func name(of type: Any.Type) -> String {
        (type as? any NodeTypedByValue.Type)?.valueTypeName ?? String(describing: type)
    }
}

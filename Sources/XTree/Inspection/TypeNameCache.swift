/// Dynamic type names, computed once per type.
///
/// `String(describing:)` of a metatype is slow enough to dominate a snapshot of a large
/// tree of few types; the cache makes it one dictionary look-up per node.
struct TypeNameCache {
    private var names: [ObjectIdentifier: (name: String, hash: UInt64)] = [:]
    private var last: (type: ObjectIdentifier, entry: (name: String, hash: UInt64))?

    mutating func name(of object: AnyObject) -> String {
        entry(of: object).name
    }

    /// The type's name and a hash of its module-qualified name that is the same in every
    /// process, so that two apps' types of the same name hash apart.
    mutating func entry(of object: AnyObject) -> (name: String, hash: UInt64) {
        let type: AnyObject.Type = Swift.type(of: object)
        let key = ObjectIdentifier(type)
        if let last, last.type == key { return last.entry }
        if let entry = names[key] {
            last = (key, entry)
            return entry
        }
        let name = Self.name(of: type)
        let hash = stableHash(qualifiedName(of: type))
        names[key] = (name, hash)
        last = (key, (name, hash))
        return (name, hash)
    }

    static func name(of type: Any.Type) -> String {
        String(describing: type)
    }
}

/// FNV-1a of the UTF-8 bytes: the same in every process and on every platform.
func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}

import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// A set of dynamic types, with the last one added checked first.
///
/// Searches remember the types whose objects were not of the receiver type: whether `as?`
/// succeeds depends only on an object's dynamic type, and a failed cast to a protocol
/// existential costs a conformance look-up in the runtime on every call, several times the
/// rest of a visit. In a tree of few types nearly every check is one pointer comparison.
struct TypeSet: ~Copyable {
    private var last: ObjectIdentifier?
    // Keyed by the metadata's address: no `Hasher` on a path taken once per object when
    // neighbours differ in type, as in an app of a few dozen types.
    private var others = IdentityTable(storesValues: false)

    /// Whether the dynamic type of `object` is in the set.
    mutating func contains(typeOf object: AnyObject) -> Bool {
        contains(ObjectIdentifier(Swift.type(of: object)))
    }

    /// Whether `type` is in the set.
    mutating func contains(_ type: ObjectIdentifier) -> Bool {
        if type == last { return true }
        guard others.count > 0, others.contains(UInt(bitPattern: type)) else { return false }
        last = type
        return true
    }

    /// Adds the dynamic type of `object`.
    mutating func insert(typeOf object: AnyObject) {
        insert(ObjectIdentifier(Swift.type(of: object)))
    }

    /// Adds `type`.
    mutating func insert(_ type: ObjectIdentifier) {
        last = type
        _ = others.value(forKey: UInt(bitPattern: type), insertingIfAbsent: 0)
    }
}

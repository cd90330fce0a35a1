/// A hash map from object identity to an integer, which keeps its keys alive.
///
/// Searches and snapshots use it as their visited set. Holding a strong reference to each
/// key means an object met earlier in a traversal cannot be freed and its address reused by
/// a new object mid-traversal (which would make the new object look visited); a
/// `Set<ObjectIdentifier>` alone cannot promise that when `children` builds objects on the fly.
///
/// Open addressing with linear probing over two parallel arrays, kept at most half full:
/// one multiplication to hash, no per-entry allocation, no `Hasher` rounds.
struct IdentityTable {
    private var keys: [AnyObject?]
    private var values: [Int]
    private var mask: Int
    private var shift: Int
    private(set) var count = 0

    init(minimumCapacity: Int = 16) {
        var capacity = 16
        while capacity < minimumCapacity * 2 { capacity <<= 1 }
        keys = Array(repeating: nil, count: capacity)
        values = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        shift = 64 - capacity.trailingZeroBitCount
    }

    /// Returns the value stored for `object`, or stores `value` for it and returns `nil`.
    mutating func value(for object: AnyObject, insertingIfAbsent value: Int) -> Int? {
        var slot = slot(of: object)
        while let key = keys[slot] {
            if key === object { return values[slot] }
            slot = (slot &+ 1) & mask
        }
        keys[slot] = object
        values[slot] = value
        count += 1
        if count * 2 > keys.count { grow() }
        return nil
    }

    /// The value stored for `object`, if any.
    func value(for object: AnyObject) -> Int? {
        var slot = slot(of: object)
        while let key = keys[slot] {
            if key === object { return values[slot] }
            slot = (slot &+ 1) & mask
        }
        return nil
    }

    /// Fibonacci hashing of the address: its top bits are well mixed.
    private func slot(of object: AnyObject) -> Int {
        let address = UInt64(UInt(bitPattern: ObjectIdentifier(object)))
        return Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        keys = Array(repeating: nil, count: oldKeys.count * 2)
        values = Array(repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        shift -= 1
        for index in oldKeys.indices {
            guard let key = oldKeys[index] else { continue }
            var slot = slot(of: key)
            while keys[slot] != nil { slot = (slot &+ 1) & mask }
            keys[slot] = key
            values[slot] = oldValues[index]
        }
    }
}

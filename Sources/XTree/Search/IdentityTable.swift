import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// A hash map from an object's address (or another integer) to an integer: the orders of a
/// snapshot's objects once one is met again (``VisitOrders``), the ids a snapshot has given,
/// and the chunks and tagged pointers of an ``AddressBitmap``.
///
/// An address key is not a reference. Every user keeps the objects it inserts alive for
/// as long as the table lives (traversals hold every visited object, snapshots every
/// captured one), so an address cannot be freed and reused by a new object mid-traversal,
/// which would make the new object look visited: a risk when `children` builds objects on
/// the fly.
///
/// Open addressing with linear probing over two raw buffers kept at most half full
/// (0 marks an empty slot): no per-entry allocation, no reference counting, no optional or
/// `Hasher` machinery on the hot path.
///
/// A noncopyable struct: its fields are checked for exclusive access at compile time rather
/// than on every access as a class's would be, and the buffers it owns can be neither shared
/// by a copy nor outlived: it frees them when it goes.
struct IdentityTable: ~Copyable {
    private var keys: UnsafeMutablePointer<UInt>
    // Absent in a table that only answers membership.
    private var values: UnsafeMutablePointer<Int>?
    private var capacity: Int
    private(set) var count = 0

    /// Creates an empty table; without `storesValues` it answers membership only and every
    /// found value reads 0.
    init(storesValues: Bool = true) {
        capacity = 64
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = storesValues ? .allocate(capacity: capacity) : nil
    }

    deinit {
        keys.deallocate()
        values?.deallocate()
    }

    /// Returns the value stored for `key`, an object's address or any other integer but 0, or
    /// stores `value` for it and returns `nil`.
    mutating func value(forKey key: UInt, insertingIfAbsent value: Int) -> Int? {
        var slot = self.slot(of: key)
        while keys[slot] != 0 {
            if keys[slot] == key { return values?[slot] ?? 0 }
            slot = (slot &+ 1) & (capacity &- 1)
        }
        keys[slot] = key
        values?[slot] = value
        count += 1
        if count &* 2 > capacity { grow() }
        return nil
    }

    /// Whether `key` is in the table.
    func contains(_ key: UInt) -> Bool {
        var slot = self.slot(of: key)
        while keys[slot] != 0 {
            if keys[slot] == key { return true }
            slot = (slot &+ 1) & (capacity &- 1)
        }
        return false
    }

    /// Fibonacci hashing (see `fibonacciSlot(of:capacity:)`). Slots taken from the address
    /// bits alone (above the 16-byte alignment) kept the objects of a tree allocated in order
    /// next to each other, but on a fragmented heap they fell into runs that linear probing
    /// chained: 965 probes per insertion were measured for a 1,000,000-object snapshot taken
    /// after other work.
    private func slot(of key: UInt) -> Int {
        fibonacciSlot(of: key, capacity: capacity)
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldValues = values
        let oldCapacity = capacity
        capacity *= 2
        keys = .allocate(capacity: capacity)
        keys.initialize(repeating: 0, count: capacity)
        values = oldValues == nil ? nil : .allocate(capacity: capacity)
        for index in 0..<oldCapacity where oldKeys[index] != 0 {
            var slot = self.slot(of: oldKeys[index])
            while keys[slot] != 0 { slot = (slot &+ 1) & (capacity &- 1) }
            keys[slot] = oldKeys[index]
            values?[slot] = oldValues![index]
        }
        oldKeys.deallocate()
        oldValues?.deallocate()
    }
}

/// The slot of `key` in an open-addressing table of `capacity` slots, a power of two: the
/// top bits of the key times 2^64/φ, which spreads runs of nearby keys over the whole table.
/// In 64 bits on every platform, 32-bit watchOS included.
private func fibonacciSlot(of key: UInt, capacity: Int) -> Int {
    let product = UInt64(key) &* 0x9E37_79B9_7F4A_7C15
    return Int(truncatingIfNeeded: product >> UInt64(64 &- capacity.trailingZeroBitCount))
}

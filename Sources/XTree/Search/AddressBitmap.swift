import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// The visited set of searches: one bit per 16 bytes of address space, kept in 4 KB chunks.
///
/// No two live objects start in the same 16 bytes, since every object is at least that
/// large, so an object's address shifted right by four names it exactly while it lives;
/// walks keep every object they mark alive until they end. Each chunk of 4 KB of address
/// space that holds a marked object gets 256 bits (32 bytes), found through a hash table of
/// chunk numbers (an ``IdentityTable``), with the last chunk used checked first.
///
/// Objects allocated near each other share chunks, so a walk over a tree allocated in
/// order costs a bit test per object and a table look-up per 4 KB: a 1,000,000-object tree
/// of 32-byte objects needs about 256 KB of bits and a table of 8,000 chunks, where a hash
/// set of addresses needs 16 MB, all of it touched for the first time on every search. The
/// bound is the opposite case, one object per chunk: 32 bytes of bits and at most 32 of
/// table per object.
///
/// Addresses that are not those of objects in memory (tagged pointers, which have the low or
/// the high bit set) go to an exact table instead. A noncopyable struct, for the reasons
/// given at ``IdentityTable``.
struct AddressBitmap: ObjectMarks, ~Copyable {
    // The first word of each chunk's bits in `words`, by chunk number.
    private var chunkBases = IdentityTable()
    private var chunks = 0
    private var words: UnsafeMutablePointer<UInt64>
    private var wordCapacity = 256
    private var lastChunk: UInt = 0
    private var lastBase = 0
    private var tagged: IdentityTable?

    init() {
        words = .allocate(capacity: wordCapacity)
    }

    deinit { words.deallocate() }

    /// Marks the object at `address`; `true` if it was not marked before.
    @inline(__always)
    mutating func insert(address: UInt) -> Bool {
        guard address & 1 == 0, address >> 63 == 0 else { return insertTagged(address) }
        let granule = address >> 4
        let chunk = granule >> 8
        if chunk != lastChunk {
            lastBase = base(ofChunk: chunk)
            lastChunk = chunk
        }
        let word = words + (lastBase &+ Int(truncatingIfNeeded: (granule >> 6) & 3))
        let bit: UInt64 = 1 &<< (granule & 63)
        if word.pointee & bit != 0 { return false }
        word.pointee |= bit
        return true
    }

    mutating func firstOrder(ofAddress address: UInt, ifNewThen order: Int) -> Int? {
        insert(address: address) ? nil : 0
    }

    /// Keeps no orders: a search needs only to know whether an object was met.
    mutating func recordOrders(_ addresses: [UInt]) {}

    private mutating func insertTagged(_ address: UInt) -> Bool {
        if tagged == nil { tagged = IdentityTable(storesValues: false) }
        return tagged!.value(forKey: address, insertingIfAbsent: 0) == nil
    }

    /// The first word of `chunk`'s bits, which are added, cleared, if the chunk is new.
    private mutating func base(ofChunk chunk: UInt) -> Int {
        let base = chunks &* 4
        if let known = chunkBases.value(forKey: chunk, insertingIfAbsent: base) { return known }
        if base &+ 4 > wordCapacity { growWords() }
        (words + base).initialize(repeating: 0, count: 4)
        chunks &+= 1
        return base
    }

    private mutating func growWords() {
        let old = words
        words = .allocate(capacity: wordCapacity * 2)
        words.moveInitialize(from: old, count: chunks &* 4)
        wordCapacity *= 2
        old.deallocate()
    }
}

import XTreeEscaping

/// The ids of a snapshot's nodes as they are derived: each node's 64-bit hash mixes its
/// parent's hash with its own step (its type, identity and place among its siblings), and its
/// id is the low 40 bits, unique within the snapshot.
///
/// The rule, in breadth-first order: a node's candidate is `mix(parentHash ^ mix(step))`
/// (the root's parent hash is 0); while an earlier node has the candidate's 40 bits, the
/// candidate becomes `mix(candidate)`; the result seeds the node's children.
///
/// Checking each candidate against the ids so far would be a random look-up in a table of
/// all of them: a cache miss per node in a large tree. Instead, ``append(step:parent:)``
/// takes every candidate as it is, and ``resolveCollisions(parents:)`` finds the ids taken
/// twice in one pass over nodes grouped by id (grouped in pieces that fit the cache), then
/// applies the rule from the first node it changes. Collisions are rare (about one pair in a
/// million-node tree), so that is usually nothing.
package struct NodeIDs {
    /// Each node's hash, by breadth-first number.
    package private(set) var hashes: [UInt64] = []
    private let keyBits: Int
    private let keyMask: UInt64

    /// Creates an empty list; `keyBits` below 40 lets tests make collisions common.
    package init(keyBits: Int = 40) {
        self.keyBits = keyBits
        keyMask = (1 << UInt64(keyBits)) - 1
    }

    /// The ids, the low 40 bits of each hash, made in place of the hashes.
    package consuming func ids() -> [UInt64] {
        var ids = hashes
        hashes = []
        for index in ids.indices { ids[index] &= keyMask }
        return ids
    }

    /// Adds the next node's candidate; `parent` is an earlier node or `nil` for the root.
    @inline(__always)
    package mutating func append(step: UInt64, parent: Int?) {
        hashes.append(mix((parent == nil ? 0 : hashes[parent!]) ^ mix(step)))
    }

    /// Applies the rule to every candidate that an earlier node's id took; `parents` holds
    /// each node's parent, `-1` for the root.
    package mutating func resolveCollisions(parents: [Int32]) {
        // A small tree is checked pair by pair: cheaper than grouping, and almost always clean.
        if hashes.count <= 32, !hasRepeatedKey { return }
        let groups = KeyGroups(hashes, keyBits: keyBits)
        guard let first = groups.firstRepeat else { return }
        // From the first repeat on, a node changes if its parent changed or its candidate is
        // taken; it is taken by a changed node (looked up in `changedKeys`) or by an unchanged
        // earlier one (looked up in the groups, only for candidates not known to be unique).
        var changed = [Bool](repeating: false, count: hashes.count)
        var changedKeys = Set<UInt64>()
        // The first candidates of the changed nodes: a child's step is found again from its
        // own first candidate and its parent's, since `mix` can be undone.
        var firstCandidates: [Int: UInt64] = [:]
        for node in first..<hashes.count {
            let parent = Int(parents[node])
            let parentChanged = parent >= 0 && changed[parent]
            var candidate = hashes[node]
            if parentChanged {
                let mixedStep = unmix(hashes[node]) ^ firstCandidates[parent]!
                candidate = mix(hashes[parent] ^ mixedStep)
            }
            let mayBeTaken = parentChanged || groups.isRepeated(node)
            if mayBeTaken || !changedKeys.isEmpty {
                while changedKeys.contains(candidate & keyMask)
                    || ((mayBeTaken || candidate != hashes[node])
                        && groups.hasUnchanged(candidate & keyMask, before: node, changed: changed))
                {
                    candidate = mix(candidate)
                }
            }
            if candidate != hashes[node] {
                changed[node] = true
                firstCandidates[node] = hashes[node]
                hashes[node] = candidate
                changedKeys.insert(candidate & keyMask)
            }
        }
    }
}

extension NodeIDs {
    /// Whether two nodes share a key, found pair by pair.
    private var hasRepeatedKey: Bool {
        for index in hashes.indices.dropFirst() {
            let key = hashes[index] & keyMask
            for earlier in 0..<index where hashes[earlier] & keyMask == key { return true }
        }
        return false
    }
}

/// Which nodes share a key, for keys of 40 bits or fewer: nodes are partitioned by the high bits
/// of their keys into pieces of about 4,096 (few enough pieces for the partitioning's writes
/// to stay in the cache), each then checked with a hash table that fits it too.
private struct KeyGroups {
    // Each entry: the key's bits below the piece's, above 30 bits of node number; in node
    // order within each piece.
    private var entries: [UInt64]
    // Where each piece starts in `entries`, and one past the last.
    private var starts: [Int]
    private let lowBits: UInt64
    // The nodes whose key another node has: few or none.
    private var repeated: Set<Int> = []
    /// The first node whose key an earlier node has, if any.
    private(set) var firstRepeat: Int?

    private static let nodeBits: UInt64 = 30
    private static let nodeMask: UInt64 = (1 << nodeBits) - 1

    package init(_ hashes: [UInt64], keyBits: Int) {
        let count = hashes.count
        let keyMask: UInt64 = (1 << UInt64(keyBits)) - 1
        // At least 64 pieces, so that the low bits of a 40-bit key and a node number fit 64 bits.
        let pieceBits = Swift.min(keyBits, Swift.max(6, Swift.min(20, Int.bitWidth - count.leadingZeroBitCount - 12)))
        let lowBits = UInt64(keyBits - pieceBits)
        self.lowBits = lowBits
        let lowMask: UInt64 = (1 << lowBits) - 1
        var starts = [Int](repeating: 0, count: (1 << pieceBits) + 1)
        var entries = [UInt64](repeating: 0, count: count)
        // Two passes over the hashes, through pointers: this runs once per node of every
        // snapshot, and bounds checks would be a large share of it.
        hashes.withUnsafeBufferPointer { hashes in
            starts.withUnsafeMutableBufferPointer { starts in
                for hash in hashes { starts[Int((hash & keyMask) >> lowBits) &+ 1] &+= 1 }
                for piece in 1..<starts.count { starts[piece] &+= starts[piece - 1] }
            }
            var next = starts
            next.withUnsafeMutableBufferPointer { next in
                entries.withUnsafeMutableBufferPointer { entries in
                    for node in 0..<hashes.count {
                        let key = hashes[node] & keyMask
                        let piece = Int(key >> lowBits)
                        entries[next[piece]] = (key & lowMask) << Self.nodeBits | UInt64(node)
                        next[piece] &+= 1
                    }
                }
            }
        }
        // Each piece's entries go into an open-addressing table of their places in the piece,
        // at the slot their low key gives (keys are hashes, so their bits are already mixed);
        // an entry that finds its low key there repeats an earlier node's key. For a piece of
        // about 4,096, the table of 32-bit places fits the first-level cache.
        var table = [UInt32](repeating: 0, count: 64)
        for piece in 0..<starts.count - 1 where starts[piece + 1] - starts[piece] > 1 {
            let start = starts[piece]
            let size = starts[piece + 1] - start
            let capacity = 1 << (Int.bitWidth - (2 * size).leadingZeroBitCount)
            if table.count < capacity { table = [UInt32](repeating: 0, count: capacity) }
            let repeats: [(node: Int, earlier: Int)] = table.withUnsafeMutableBufferPointer { table in
                entries.withUnsafeBufferPointer { entries in
                    var repeats: [(node: Int, earlier: Int)] = []
                    let mask = capacity &- 1
                    for place in 0..<size {
                        let entry = entries[start &+ place]
                        let low = entry >> Self.nodeBits
                        var slot = Int(truncatingIfNeeded: low) & mask
                        while true {
                            let held = table[slot]
                            if held == 0 {
                                // Places are stored plus one: 0 marks an empty slot.
                                table[slot] = UInt32(truncatingIfNeeded: place &+ 1)
                                break
                            }
                            let earlier = entries[start &+ Int(held) &- 1]
                            if earlier >> Self.nodeBits == low {
                                repeats.append((Int(entry & Self.nodeMask), Int(earlier & Self.nodeMask)))
                                break
                            }
                            slot = (slot &+ 1) & mask
                        }
                    }
                    // Clear what this piece used, for the next.
                    table.baseAddress!.update(repeating: 0, count: capacity)
                    return repeats
                }
            }
            for (node, earlier) in repeats {
                repeated.insert(node)
                repeated.insert(earlier)
                firstRepeat = Swift.min(firstRepeat ?? node, node)
            }
        }
        self.entries = entries
        self.starts = starts
    }

    /// Whether another node has the key of `node`'s candidate.
    package func isRepeated(_ node: Int) -> Bool { repeated.contains(node) }

    /// Whether a node before `node` that has not changed has `key` as its candidate's key:
    /// a scan of the key's piece, made only for the few nodes a collision changes.
    package func hasUnchanged(_ key: UInt64, before node: Int, changed: [Bool]) -> Bool {
        let low = key & ((1 << lowBits) - 1)
        let piece = Int(key >> lowBits)
        return entries[starts[piece]..<starts[piece + 1]].contains { entry in
            let other = Int(entry & Self.nodeMask)
            return entry >> Self.nodeBits == low && other < node && !changed[other]
        }
    }
}

/// Node ids of 40 bits written as eight characters from an alphabet without look-alikes (no
/// i, l, o, u), most significant first.
@usableFromInline
package enum ShortID {
    /// The alphabet, a constant rather than a global, which would be initialised on first use
    /// and checked on every one.
    private static var alphabet: StaticString { "0123456789abcdefghjkmnpqrstvwxyz" }

    /// The eight characters of the low 40 bits of `value`, as the bytes of an integer in memory
    /// order.
    @inline(__always)
    private static func characters(_ value: UInt64) -> UInt64 {
        let alphabet = alphabet.utf8Start
        var packed: UInt64 = 0
        var shift: UInt64 = 0
        while shift < 40 {
            packed = packed << 8 | UInt64(alphabet[Int(value >> shift & 31)])
            shift += 5
        }
        return packed.littleEndian
    }

    /// The eight characters of the low 40 bits of `value`: a small string, which needs no
    /// allocation.
    package static func string(_ value: UInt64) -> String {
        var packed = characters(value)
        return withUnsafeBytes(of: &packed) { String(decoding: $0, as: UTF8.self) }
    }

    /// Appends the eight characters of the low 40 bits of `value`, in one append.
    @inline(__always)
    @usableFromInline
    package static func append(_ value: UInt64, to bytes: inout UTF8Buffer) {
        var packed = characters(value)
        withUnsafeBytes(of: &packed) { bytes.append($0) }
    }

    /// The value `text` is the form of, if it is one.
    package static func value(of text: String) -> UInt64? {
        var text = text
        return text.withUTF8(value(ofUTF8:))
    }

    /// The value the text whose UTF-8 is `text` is the form of, if it is one.
    package static func value(ofUTF8 text: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard text.count == 8 else { return nil }
        var value: UInt64 = 0
        var count = 0
        for byte in text {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                // The letters, less the four left out (i, l, o, u) before this one.
                let letter = byte - UInt8(ascii: "a")
                guard letter != 8, letter != 11, letter != 14, letter != 20 else { return nil }
                let skipped =
                    (letter > 8 ? 1 : 0) + (letter > 11 ? 1 : 0) + (letter > 14 ? 1 : 0) + (letter > 20 ? 1 : 0)
                digit = 10 + letter - UInt8(skipped)
            default: return nil
            }
            guard count < 8 else { return nil }
            value = value << 5 | UInt64(digit)
            count += 1
        }
        return count == 8 ? value : nil
    }
}

/// A 64-bit finaliser (splitmix64): small input changes flip about half the output bits.
package func mix(_ value: UInt64) -> UInt64 {
    var z = value &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}

/// The value `mix` was given: each of its steps can be undone (a shifted xor by repeating
/// it, a product with an odd number by multiplying with its inverse modulo 2^64).
package func unmix(_ mixed: UInt64) -> UInt64 {
    var z = unshift(mixed, 31) &* inverse(0x94D0_49BB_1331_11EB)
    z = unshift(z, 27) &* inverse(0xBF58_476D_1CE4_E5B9)
    return unshift(z, 30) &- 0x9E37_79B9_7F4A_7C15
}

/// The `x` with `x ^ (x >> shift) == value`.
private func unshift(_ value: UInt64, _ shift: UInt64) -> UInt64 {
    // Each round makes `shift` more of the high bits right.
    var x = value
    var known = shift
    while known < 64 {
        x = value ^ (x >> shift)
        known += shift
    }
    return x
}

/// The inverse of an odd number modulo 2^64, by Newton's iteration (each step doubles the
/// bits that are right, from three).
private func inverse(_ odd: UInt64) -> UInt64 {
    var x = odd
    for _ in 0..<5 { x = x &* (2 &- odd &* x) }
    return x
}

/// FNV-1a of the UTF-8 bytes: the same in every process and on every platform.
package func stableHash(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
}

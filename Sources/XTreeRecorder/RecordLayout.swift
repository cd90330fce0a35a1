/// The flight recorder's file, byte by byte (little-endian): a 128-byte header, then a ring of
/// fixed slots, one link each. Docs/FlightRecorderFormat.md describes it for other readers.
///
/// Header: `XTREEFR1`, version (u32), slot size (u32), slot count (u32), state (u32: 1 running,
/// 2 ended cleanly), start time (f64 seconds since 1970), process id (i32), the app type's
/// name (u16 length, then at most 90 bytes of UTF-8).
///
/// Slot: sequence (u64, from 1; 0 is empty), time (f64), link length (u16), flags (u8: 1
/// truncated), the link's bytes; at `size - 80` a checksum (FNV-1a, 64 bits) of the bytes
/// before the link's end. Then the outcome, written once the link ends: kind (u8: 1 reached,
/// 2 failed, 3 still held when the tool stopped waiting, from version 2), text length (u8), duration (f32 seconds), at most 56 bytes of text, and at
/// `size - 8` a checksum of the slot's sequence and the outcome's bytes. A slot whose first
/// checksum fails was being written when the process died: it is not read. An outcome whose
/// checksum fails is read as incomplete.
enum RecordLayout {
    static let magic: [UInt8] = Array("XTREEFR1".utf8)
    /// The version written: 2 adds the held outcome. Versions 1 and 2 are read.
    static let version: UInt32 = 2
    static let readVersions: ClosedRange<UInt32> = 1...2
    static let headerSize = 128
    static let maximumAppBytes = 90
    static let running: UInt32 = 1
    static let endedCleanly: UInt32 = 2

    /// Header fields' offsets.
    enum Header {
        static let version = 8, slotSize = 12, slotCount = 16, state = 20, started = 24, process = 32
        static let appLength = 36, app = 38
    }

    /// Slot fields' offsets, from the slot's start; the outcome's from ``outcome(_:)``.
    enum Slot {
        static let sequence = 0, time = 8, linkLength = 16, flags = 18, link = 20
        static let outcomeSize = 72, maximumOutcomeText = 56
        static func checksum(_ size: Int) -> Int { size - outcomeSize - 8 }
        static func outcome(_ size: Int) -> Int { size - outcomeSize }
        static func linkCapacity(_ size: Int) -> Int { checksum(size) - link }
    }

    /// The slot sizes and counts a file may have: a slot holds at least a short link; the file
    /// at most 64 MiB.
    static let slotSizes = 128...65_536
    static let slotCounts = 1...100_000
    static let maximumFileSize = 64 << 20

    static let truncatedFlag: UInt8 = 1
    static let reachedKind: UInt8 = 1
    static let failedKind: UInt8 = 2
    static let heldKind: UInt8 = 3

    /// FNV-1a, 64 bits, of `count` bytes at `start`, continuing from `hash`.
    static func checksum(_ start: UnsafeRawPointer, count: Int, from hash: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        var hash = hash
        for offset in 0..<count {
            hash = (hash ^ UInt64(start.load(fromByteOffset: offset, as: UInt8.self))) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The checksum of an outcome: the slot's sequence, then the outcome's bytes.
    static func outcomeChecksum(sequence: UInt64, _ outcome: UnsafeRawPointer, textCount: Int) -> UInt64 {
        withUnsafeBytes(of: sequence.littleEndian) { sequenceBytes in
            checksum(outcome, count: 8 + textCount, from: checksum(sequenceBytes.baseAddress!, count: 8))
        }
    }

    /// How many of `bytes`' first bytes to keep so that at most `capacity` are kept and no
    /// UTF-8 sequence is cut.
    static func keptCount(of bytes: UnsafeRawBufferPointer, capacity: Int) -> Int {
        guard bytes.count > capacity else { return bytes.count }
        var count = capacity
        while count > 0, bytes[count] & 0xC0 == 0x80 { count -= 1 }
        return count
    }
}

/// UTF-8 bytes, as a renderer hands them on: a block of whole lines, valid for the call that
/// receives it, which can only borrow it (the type cannot be copied, so the block cannot
/// outlive the call). Read it by index, or copy it out with ``bytes``.
///
/// ```swift
/// TextRenderer().render(snapshot) { block in FileHandle.standardOutput.write(Data(block.bytes)) }
/// ```
///
/// Inside the package it is also where lines are built: behind a pointer, because an array
/// checks that its storage is unique and large enough on every append, which costs more than
/// the few bytes of each field of a line; this buffer checks only the size. Its appends are
/// `@inlinable`: the modules that write lines (the snapshot's headlines and codec, the
/// renderers) are other modules, and a call per append made text 1.9 times slower than when
/// they were inlined (`xtree-bench`, 1,000,000 nodes).
public struct UTF8Buffer: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    /// How many bytes the buffer holds.
    @usableFromInline var written = 0

    /// How many bytes the buffer holds.
    public var count: Int { written }

    /// How many bytes of whole lines renderers write at once.
    @usableFromInline
    package static let blockSize = 65_536

    @usableFromInline
    package init(capacity: Int = 64) {
        self.capacity = Swift.max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes as a string; invalid UTF-8 (which the renderers never write) would be
    /// repaired, as `String(decoding:as:)` does.
    public var string: String {
        // Initialising the string's own storage checks the bytes a little faster than
        // decoding them; the package's oldest platforms have only the decoding.
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else {
            return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        }
        return String(unsafeUninitializedCapacity: count) { string in
            string.baseAddress!.initialize(from: start, count: count)
            return count
        }
    }

    /// Whether the buffer holds no byte.
    public var isEmpty: Bool { count == 0 }

    /// The byte at `index`, from 0 to ``count`` less one.
    public subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index \(index) is outside the buffer's \(count) bytes")
        return start[index]
    }

    /// A copy of the bytes, to keep after the call that lent the buffer.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }

    @usableFromInline
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: count))
    }

    @inlinable package mutating func removeAll() { written = 0 }

    @usableFromInline
    package mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more bytes than there are")
        written -= k
    }

    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start[count] = byte
        written &+= 1
    }

    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let length = bytes.count
        if count &+ length > capacity { grow(toHold: length) }
        let target = UnsafeMutableRawPointer(start + count)
        if length >= 8 && length <= 16 {
            // The first and the last eight bytes, which may overlap: cheaper than a call to
            // memmove for the short pieces a line is made of.
            let source = UnsafeRawPointer(base)
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length &- 8, as: UInt64.self)
        } else if length < 8 {
            for offset in 0..<length { (start + count + offset).pointee = base[offset] }
        } else {
            target.copyMemory(from: base, byteCount: length)
        }
        written &+= length
    }

    @usableFromInline
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        append(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Appends a string's UTF-8 as it is, unescaped: for text the package writes.
    @inlinable @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 as it is, unescaped: for text the package wrote or escaped.
    @inlinable
    package mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    @usableFromInline
    mutating func grow(toHold extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}

/// Appends `number` in decimal.
@inlinable @inline(__always)
package func appendDecimal(_ number: Int, to bytes: inout UTF8Buffer) {
    if number < 0 { bytes.append(UInt8(ascii: "-")) }
    // The digits, last first, in a buffer on the stack: 20 digits hold any Int.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
        var rest = number.magnitude
        var start = 20
        repeat {
            start -= 1
            digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while rest > 0
        bytes.append(UnsafeBufferPointer(rebasing: digits[start...]))
    }
}

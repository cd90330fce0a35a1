/// UTF-8 bytes built behind a pointer: where renderers write lines.
///
/// An array checks that its storage is unique and large enough on every append, which costs
/// more than the few bytes of each field of a line; this buffer checks only the size.
package struct UTF8Buffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes have been written.
    package private(set) var count = 0

    /// How many bytes of whole lines renderers write at once.
    package static let blockSize = 65_536

    package init(capacity: Int = 64) {
        self.capacity = Swift.max(capacity, 16)
        start = .allocate(capacity: self.capacity)
    }

    deinit { start.deallocate() }

    /// The bytes as a string; invalid UTF-8 (which the writers never produce) would be
    /// repaired, as `String(decoding:as:)` does.
    package var string: String {
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

    package var isEmpty: Bool { count == 0 }

    /// A copy of the bytes written so far: what a renderer hands on.
    package var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: start, count: count))
    }

    /// Calls `body` with the bytes written so far.
    package func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: start, count: count))
    }

    package mutating func removeAll() { count = 0 }

    package mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more bytes than there are")
        count -= k
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        start[count] = byte
        count &+= 1
    }

    @inline(__always)
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
        count &+= length
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        append(bytes.assumingMemoryBound(to: UInt8.self))
    }

    /// Appends a string's UTF-8 as it is, unescaped: for text the package writes.
    @inline(__always)
    package mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a string's UTF-8 as it is, unescaped: for text the package wrote or escaped.
    package mutating func append(contentsOf text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    private mutating func grow(toHold extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newStart = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStart.initialize(from: start, count: count)
        start.deallocate()
        start = newStart
        capacity = newCapacity
    }
}

/// Appends `number` in decimal.
@inline(__always)
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

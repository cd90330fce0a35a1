import XTreePlatform

/// Lines out of a stream of bytes, each held to a limit while it arrives: a pure decoder,
/// with no system call, under the inspector client's connection and ``LineReader``.
///
/// Feed it what arrives, in chunks of any size, and take lines as they complete. A line longer
/// than the limit (its `\n` counted) is not kept: its bytes are counted and dropped as they
/// arrive, so a line of any length costs at most the limit in memory, and it is reported as
/// ``Event/tooLong(bytes:)`` once its end arrives (or at once, for a reader that stops there).
package struct LineDecoder {
    /// What the decoder found.
    package enum Event: Equatable, Sendable {
        /// A line, without its `\n`.
        case line([UInt8])
        /// A line of `bytes` bytes (its `\n` not counted) over the limit, now ended.
        case tooLong(bytes: Int)
    }

    /// The most bytes of one line, its `\n` included; a reader may change it between lines.
    package var limit: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the search for a line end goes on: the bytes before it hold none.
    private var searched = 0
    /// Bytes already dropped of the line under way, which is over the limit.
    private var dropped = 0

    package init(limit: Int) {
        precondition(limit > 0, "a line needs room for its line end")
        self.limit = limit
    }

    /// Whether the line under way is over the limit before its end arrived: a reader that
    /// stops at such a line need not wait for its end.
    package var isOverLimit: Bool { dropped > 0 }

    /// Whether a complete line (or the end of an overlong one) waits to be taken.
    package var hasLine: Bool { buffer[searched...].contains(UInt8(ascii: "\n")) }

    /// Takes in bytes that arrived.
    package mutating func feed(_ bytes: some Collection<UInt8>) {
        buffer.append(contentsOf: bytes)
        dropOverlongStart()
    }

    /// The next complete line, or `nil` until more bytes arrive.
    package mutating func next() -> Event? {
        guard let end = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) else {
            searched = buffer.count
            return nil
        }
        let length = end - start
        let event: Event =
            dropped > 0 || length >= limit ? .tooLong(bytes: dropped + length) : .line(Array(buffer[start..<end]))
        dropped = 0
        start = end + 1
        searched = start
        compact()
        dropOverlongStart()
        return event
    }

    /// Takes complete lines already buffered, up to `count` of them, passing the bytes of
    /// each (without its `\n`) to `line`, with no copy; how many it took. It stops before a
    /// line of more than `limit()` bytes with its `\n` (asked before each line), which
    /// ``next()`` then reports, and before a line that is not complete.
    package mutating func takeLines(
        upTo count: Int, limit: () -> Int, each line: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        guard dropped == 0 else { return 0 }
        var taken = 0
        buffer.withUnsafeBufferPointer { bytes in
            while taken < count, start < bytes.count {
                let rest = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...]))
                guard let found = Memory.firstIndex(of: 0x0A, in: rest) else { break }
                let end = start + found
                guard end - start < limit() else { break }
                line(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end + 1
                taken += 1
            }
        }
        searched = start
        compact()
        return taken
    }

    /// At the end of the input: what is left, a last line without its `\n`, if any.
    package mutating func finish() -> Event? {
        defer {
            buffer.removeAll()
            (start, searched, dropped) = (0, 0, 0)
        }
        let length = buffer.count - start
        guard dropped > 0 || length > 0 else { return nil }
        if dropped > 0 || length >= limit { return .tooLong(bytes: dropped + length) }
        return .line(Array(buffer[start...]))
    }

    /// Once the line under way has reached the limit with no end, its bytes are counted and
    /// dropped rather than kept.
    private mutating func dropOverlongStart() {
        guard buffer.count - start >= limit, !buffer[searched...].contains(UInt8(ascii: "\n")) else { return }
        dropped += buffer.count - start
        buffer.removeAll(keepingCapacity: true)
        (start, searched) = (0, 0)
    }

    /// Forgets the bytes of lines taken, once they are most of the buffer.
    private mutating func compact() {
        guard start > 1 << 16, start * 2 > buffer.count else { return }
        buffer.removeFirst(start)
        searched -= start
        start = 0
    }
}

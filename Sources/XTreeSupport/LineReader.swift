import Foundation
import XTreePlatform

/// Lines of a file descriptor, each held to a length limit while it is read (a
/// ``LineDecoder`` over `read`), so that a line of any size costs at most the limit in memory.
package struct LineReader {
    /// Where the lines are read from: the descriptor given, or after ``relay()`` the end of a
    /// socket a thread copies it into.
    package private(set) var descriptor: Int32
    private var decoder: LineDecoder
    private var atEnd = false

    /// Reads lines of at most `limit` bytes, the line break not counted.
    package init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        decoder = LineDecoder(limit: limit + 1)
    }

    /// Whether ``next()`` can answer from what is already read, without reading.
    package var hasBufferedLine: Bool { atEnd || decoder.hasLine }

    /// The next line without its line break, or the length of one over the limit, whose bytes
    /// were dropped; `nil` at the end of the input.
    package mutating func next() -> LineDecoder.Event? {
        while true {
            if let event = decoder.next() { return event }
            if atEnd { return decoder.finish() }
            fill()
        }
    }

    /// Reads the descriptor on a thread of its own from now on, which copies what it reads into
    /// a socket that ``descriptor`` then names: for an input `poll` does not take (Darwin's
    /// `poll` says `POLLNVAL` for every device but a pty, such as `/dev/tty`). Lines already
    /// begun are kept. The thread ends at the input's end.
    package mutating func relay() throws(SystemError) {
        let (kept, fed) = try Sockets.makeSocketPair()
        let source = descriptor
        let thread = Thread {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { buffer in (try? Files.read(source, into: buffer)) ?? 0 }
                guard count > 0, (try? chunk[..<count].withUnsafeBytes({ try Files.writeAll($0, to: fed) })) != nil
                else { break }
            }
            Files.close(fed)
        }
        thread.name = "standard input"
        thread.start()
        descriptor = kept
    }

    /// Reads what is there; a failure counts as the end of the input.
    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { buffer in (try? Files.read(descriptor, into: buffer)) ?? 0 }
        if count == 0 {
            atEnd = true
        } else {
            decoder.feed(chunk[..<count])
        }
    }
}

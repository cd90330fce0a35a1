import Foundation

/// Lines of a file descriptor, each held to a length limit while it is read, so that a line
/// of any size costs at most the limit in memory.
struct LineReader {
    /// One line: its text, or the length of a line over the limit, whose bytes were dropped.
    enum Line: Equatable {
        case text(String)
        case tooLong(bytes: Int)
    }

    let descriptor: Int32
    let limit: Int
    private var buffer: [UInt8] = []
    private var atEnd = false

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Whether ``next()`` can answer from what is already read, without reading.
    var hasBufferedLine: Bool { atEnd || buffer.contains(0x0A) }

    /// The next line without its line break, or `nil` at the end of the input.
    mutating func next() -> Line? {
        var dropped = 0
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if dropped > 0 || line.count > limit { return .tooLong(bytes: dropped + line.count) }
                return .text(String(decoding: line, as: UTF8.self))
            }
            if buffer.count > limit {
                // Over the limit and no line break yet: keep counting, keep nothing.
                dropped += buffer.count
                buffer.removeAll(keepingCapacity: true)
            }
            if atEnd {
                guard dropped > 0 || !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                if dropped > 0 || buffer.count > limit { return .tooLong(bytes: dropped + buffer.count) }
                return .text(String(decoding: buffer, as: UTF8.self))
            }
            fill()
        }
    }

    private mutating func fill() {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 {
                atEnd = true
            } else {
                buffer.append(contentsOf: chunk[..<count])
            }
            return
        }
    }
}

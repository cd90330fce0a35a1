import Foundation

/// Standard output and error, with a buffer for standard output so that large trees are
/// written in big chunks, and the colour decision.
final class Console {
    private var buffer: [UInt8] = []
    /// Whether to colour standard output.
    var colors = false

    init() {
        buffer.reserveCapacity(1 << 16)
    }

    /// Whether standard output is a terminal.
    var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Whether standard input is a terminal.
    var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    func out(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func err(_ text: String) {
        flush()
        write(Array(text.utf8), to: STDERR_FILENO)
    }

    func flush() {
        guard !buffer.isEmpty else { return }
        write(buffer, to: STDOUT_FILENO)
        buffer.removeAll(keepingCapacity: true)
    }

    private func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                // A closed pipe (such as `| head`) ends the output quietly.
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}

/// Standard output as a `TextOutputStream`, for renderers.
struct ConsoleStream: TextOutputStream {
    let console: Console
    mutating func write(_ string: String) { console.out(string) }
}

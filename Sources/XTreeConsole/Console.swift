import Foundation
import XTree
import XTreeArgumentParser
import XTreePlatform
import XTreeSupport

/// Standard output and error, with a buffer for standard output so that large trees are
/// written in big chunks, and the colour decision. A console made with ``capturing(input:)``
/// keeps what is written, for running commands in-process.
package final class Console {
    private var buffer: [UInt8] = []
    /// Where standard input is read from.
    package let input: Int32
    /// What was written, when capturing instead of writing to descriptors 1 and 2.
    package private(set) var captured: (output: [UInt8], errors: [UInt8])?
    /// Whether to colour standard output.
    package var colors = false
    /// Why writing to standard output failed (`errno`), other than its reader going away.
    package private(set) var writeError: Int32?
    /// Whether standard output's reader went away (a closed pipe, as with `| head -1`): the
    /// rest of the output is dropped quietly.
    package private(set) var isClosed = false

    /// The process's standard output, error and input.
    package init() {
        input = Terminal.standardInput
        buffer.reserveCapacity(1 << 16)
    }

    private init(capturingWithInput input: Int32) {
        self.input = input
        captured = ([], [])
    }

    /// A console that keeps what is written and reads standard input from `input`.
    package static func capturing(input: Int32) -> Console { Console(capturingWithInput: input) }

    /// Whether standard output is a terminal.
    package var isTerminal: Bool { captured == nil && Terminal.isTerminal(Terminal.standardOutput) }

    /// Whether standard error is a terminal.
    package var errorIsTerminal: Bool { captured == nil && Terminal.isTerminal(Terminal.standardError) }

    /// Whether standard input is a terminal.
    package var inputIsTerminal: Bool { Terminal.isTerminal(input) }

    package func out(_ text: String) {
        var text = text
        text.withUTF8 { out(UnsafeRawBufferPointer($0)) }
    }

    /// Writes UTF-8 that is already escaped for a terminal, such as a renderer's block.
    package func out(_ block: borrowing UTF8Buffer) {
        block.withBytes { out(UnsafeRawBufferPointer($0)) }
    }

    /// Writes UTF-8 that is already escaped for a terminal.
    package func out(_ bytes: UnsafeRawBufferPointer) {
        guard !isClosed, writeError == nil else { return }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }

    package func err(_ text: String) {
        flush()
        if captured != nil {
            captured?.errors += Array(text.utf8)
            return
        }
        write(Array(text.utf8), to: Terminal.standardError)
    }

    package func flush() {
        guard !buffer.isEmpty else { return }
        if captured != nil {
            captured?.output += buffer
            buffer.removeAll(keepingCapacity: true)
            return
        }
        if let error = write(buffer, to: Terminal.standardOutput) {
            if SystemError(error).is(.brokenPipe) { isClosed = true } else { writeError = error }
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes everything, or returns the `errno` that stopped it. With SIGPIPE ignored (as
    /// `XTreeCLI.main` does), a closed pipe is `EPIPE` here instead of killing the process.
    @discardableResult
    private func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            do throws(SystemError) {
                try Files.writeAll(raw, to: descriptor)
                return nil
            } catch {
                return error.code
            }
        }
    }
}

/// Standard output as a `TextOutputStream`, for renderers.
package struct ConsoleStream: TextOutputStream {
    package let console: Console
    package init(console: Console) { self.console = console }
    package mutating func write(_ string: String) { console.out(string) }
}

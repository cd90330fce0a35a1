import XTreeEscaping

/// A path exactly as the user gave it: the bytes of its command-line argument, kept from
/// `argv` to the system call, so a name that is not UTF-8 (`caf\xe9.json`) names that file.
package struct RawPath: Hashable, CustomStringConvertible {
    /// The bytes, with no NUL (no argument holds one).
    package let bytes: [UInt8]

    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    package init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether the path is `-`, standard input or output.
    package var isStandardStream: Bool { bytes == [UInt8(ascii: "-")] }

    /// The path for a terminal: valid UTF-8 escaped as all text from data is, and each byte
    /// that is not part of a UTF-8 scalar as `\x{e9}`.
    package var description: String {
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { text += "\\x{\(String(byte, radix: 16))}" }
                offset += length
            case .emptyInput:
                return TerminalText.escaped(text)
            }
        }
    }

    /// Calls `body` with the path as a C string.
    package func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (bytes + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The folder part (`.` for a bare name) and the last part.
    package var split: (folder: RawPath, name: [UInt8]) {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else {
            return (RawPath("."), bytes)
        }
        let folder = slash == 0 ? [UInt8(ascii: "/")] : Array(bytes[..<slash])
        return (RawPath(bytes: folder), Array(bytes[(slash + 1)...]))
    }
}

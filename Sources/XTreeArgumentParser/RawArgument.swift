import Foundation

/// One command-line argument: its bytes as `argv` held them, and as text (with invalid UTF-8
/// repaired, as `CommandLine.arguments` has it). Paths are taken from the bytes.
package struct RawArgument {
    package let bytes: [UInt8]
    package let text: String

    package init(bytes: [UInt8]) {
        self.bytes = bytes
        text = String(decoding: bytes, as: UTF8.self)
    }

    package init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The bytes of the process's arguments, the program's name left out.
    package static var processArguments: [RawArgument] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { argument in
                var count = 0
                while argument[count] != 0 { count += 1 }
                return RawArgument(bytes: Array(UnsafeRawBufferPointer(start: argument, count: count)))
            }
        }
    }
}

import Foundation

/// Standard output as a `TextOutputStream`, so renderers write straight to it.
struct StandardOutput: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandle.standardOutput.write(Data(string.utf8))
    }
}

import XTreeEscaping
import XTreeSnapshot

/// Something that writes a ``TreeSnapshot`` as text: ``TextRenderer``, ``JSONRenderer``,
/// ``DOTRenderer`` or ``MermaidRenderer``.
///
/// Renderers write line by line to any `TextOutputStream`, so a huge tree never has to be
/// held as one string; ``rendered(_:)`` is there for small ones. Output that goes on as
/// bytes (a file, a pipe, a terminal) takes the UTF-8 with ``render(_:toUTF8:)`` instead,
/// which makes no strings of it.
public protocol TreeRenderer: Sendable {
    /// Writes `snapshot` to `output`.
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream)

    /// Writes `snapshot` as UTF-8, passing `write` one block of whole lines after another
    /// (about 64 KB each), in the same bytes as ``render(_:to:)``.
    ///
    /// ``TextRenderer`` and ``JSONRenderer`` write their lines as bytes, without making
    /// strings of them; the default goes through ``render(_:to:)``.
    ///
    /// ```swift
    /// TextRenderer().render(snapshot) { bytes in FileHandle.standardOutput.write(Data(bytes)) }
    /// ```
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    func render(_ snapshot: TreeSnapshot, toUTF8 write: ([UInt8]) -> Void)
}

extension TreeRenderer {
    /// Writes the strings of ``render(_:to:)`` as UTF-8.
    public func render(_ snapshot: TreeSnapshot, toUTF8 write: ([UInt8]) -> Void) {
        withoutActuallyEscaping(write) { write in
            var stream = UTF8Stream(write: write)
            render(snapshot, to: &stream)
        }
    }

    /// The whole rendering as a string; for large trees prefer ``render(_:to:)``.
    public func rendered(_ snapshot: TreeSnapshot) -> String {
        var text = ""
        render(snapshot, to: &text)
        return text
    }
}

/// A `TextOutputStream` that passes the UTF-8 of each string on.
private struct UTF8Stream: TextOutputStream {
    let write: ([UInt8]) -> Void

    mutating func write(_ string: String) {
        write(Array(string.utf8))
    }
}

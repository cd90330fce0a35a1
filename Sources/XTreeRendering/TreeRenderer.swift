import XTreeEscaping
import XTreeSnapshot

/// Something that writes a `TreeSnapshot` as text: ``TextRenderer``, ``JSONRenderer``,
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

    /// Writes `snapshot` as UTF-8, lending `write` one block of whole lines after another
    /// (about 64 KB each), in the same bytes as ``render(_:to:)``.
    ///
    /// ``TextRenderer`` and ``JSONRenderer`` write their lines as bytes, without making
    /// strings of them, and lend the buffer they wrote them in; the default goes through
    /// ``render(_:to:)``. A block is valid for the call that receives it: copy out what you
    /// keep with `bytes`.
    ///
    /// ```swift
    /// TextRenderer().render(snapshot) { block in FileHandle.standardOutput.write(Data(block.bytes)) }
    /// ```
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    func render(_ snapshot: TreeSnapshot, toUTF8 write: (borrowing UTF8Buffer) -> Void)
}

extension TreeRenderer {
    /// Writes the strings of ``render(_:to:)`` as UTF-8.
    public func render(_ snapshot: TreeSnapshot, toUTF8 write: (borrowing UTF8Buffer) -> Void) {
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
    let write: (borrowing UTF8Buffer) -> Void

    mutating func write(_ string: String) {
        var buffer = UTF8Buffer(capacity: string.utf8.count)
        buffer.append(contentsOf: string)
        write(buffer)
    }
}

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

    /// Writes `snapshot` as UTF-8, passing `write` one block after another (valid only during
    /// the call), in the same bytes as ``render(_:to:)``.
    ///
    /// ``TextRenderer`` writes its lines as bytes, without checking that a string made of
    /// them would be valid UTF-8; the default goes through ``render(_:to:)``.
    ///
    /// ```swift
    /// TextRenderer().render(snapshot) { bytes in fwrite(bytes.baseAddress, 1, bytes.count, stdout) }
    /// ```
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    func render(_ snapshot: TreeSnapshot, toUTF8 write: (UnsafeRawBufferPointer) -> Void)
}

extension TreeRenderer {
    /// Writes the strings of ``render(_:to:)`` as UTF-8.
    public func render(_ snapshot: TreeSnapshot, toUTF8 write: (UnsafeRawBufferPointer) -> Void) {
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
    let write: (UnsafeRawBufferPointer) -> Void

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }
}

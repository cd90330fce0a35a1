import XTreeCodec
import XTreeEscaping
import XTreeSnapshot

/// Writes a snapshot as JSON, one node per line, without building the document in memory.
///
/// The output is the snapshot's `Codable` form: `JSONDecoder` reads it back as the same
/// `TreeSnapshot`, and apart from the line breaks between nodes it is byte for byte what
/// `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes.
///
/// ```swift
/// JSONRenderer().render(snapshot, to: &output)
/// ```
/// ```text
/// {"nodes":[
/// {"attributes":[],"depth":0,"id":"6bhxk1tf","label":"","links":[{"kind":"child","node":1}],"names":["App.Root"],"order":0,"type":"Root"},
/// {"attributes":[],"depth":1,"id":"d2m0q9ra","label":"","links":[],"names":["App.Leaf"],"order":1,"parent":0,"type":"Leaf"}
/// ],"version":2}
/// ```
public struct JSONRenderer: TreeRenderer {
    /// Creates a renderer.
    public init() {}

    /// Writes the snapshot to `output`, one node per line, in blocks of whole lines (about
    /// 64 KB each).
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    public func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream) {
        SnapshotCodec.write(snapshot) { output.write($0.string) }
    }

    /// Writes the snapshot's UTF-8 to `write` in blocks of whole lines (about 64 KB each):
    /// the bytes of ``render(_:to:)``, with no strings made.
    public func render(_ snapshot: TreeSnapshot, toUTF8 write: (borrowing UTF8Buffer) -> Void) {
        SnapshotCodec.write(snapshot, blocks: write)
    }
}

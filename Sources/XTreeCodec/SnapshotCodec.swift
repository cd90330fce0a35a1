import Foundation
import XTreeEscaping
import XTreeSnapshot
import XTreeSupport

/// Why a snapshot could not be read from a source.
package enum SnapshotReadError<SourceFailure: Error>: Error {
    /// The source failed (reading a file, a connection).
    case source(SourceFailure)
    /// The document is not a snapshot.
    case snapshot(TreeSnapshotError)
}

/// The one owner of the snapshot format: it writes it, reads it (with the version rule and
/// every strict check), and is the only code that knows its framing as lines.
///
/// The format is JSON, one node per line:
///
/// ```text
/// {"nodes":[
/// {"attributes":[],"depth":0,"id":"6bhxk1tf","label":"","links":[{"kind":"child","node":1}],"names":["App.Root"],"order":0,"type":"Root"},
/// {"attributes":[],"depth":1,"id":"d2m0q9ra","label":"","links":[],"names":["App.Leaf"],"order":1,"parent":0,"type":"Leaf"}
/// ],"version":2}
/// ```
///
/// so a snapshot of *n* nodes is *n* + 2 lines, which is how the inspector frames one on a
/// connection. `JSONRenderer`, ``TreeSnapshot/init(json:)``, the inspector and the CLI all
/// come here; adding a field to the format touches this file, the columns that hold the
/// field, and the builder that fills them.
package enum SnapshotCodec {
    /// The format version written; readers accept every version from 1 to this one.
    package static let version = TreeSnapshot.formatVersion

    /// The fewest lines a snapshot takes: the opening line, its root, the closing line.
    package static let minimumLineCount = 3

    /// How many lines ``write(_:blocks:)`` writes for `snapshot`.
    package static func lineCount(of snapshot: TreeSnapshot) -> Int {
        snapshot.columns.count + 2
    }

    /// Reads and checks a snapshot document, from its bytes straight into the snapshot's
    /// columns (``SnapshotReader``).
    ///
    /// - Throws: ``TreeSnapshotError`` with the position of malformed JSON, the path of a
    ///   missing or mistyped field, a version this reader does not read, or the first
    ///   inconsistent node.
    package static func read(_ data: Data) throws(TreeSnapshotError) -> TreeSnapshot {
        let result = data.withUnsafeBytes { raw in
            Result { () throws(SnapshotReadError<Never>) in
                try SnapshotReader.read(raw.bindMemory(to: UInt8.self), source: WholeDocument(data))
            }
        }
        switch result {
        case .success(let snapshot): return snapshot
        case .failure(.snapshot(let error)): throw error
        }
    }

    /// Reads and checks a snapshot document that `source` gives a piece at a time, holding
    /// only the part under way (and the columns): a file, a pipe, a connection.
    ///
    /// - Parameter sizeHint: The document's size in bytes, if known (a file's), or 0.
    /// - Throws: ``SnapshotReadError``: what the source threw, or why the document is not a
    ///   snapshot, as ``read(_:)`` says it.
    package static func read<Source: ByteSource>(
        from source: consuming Source, sizeHint: Int
    ) throws(SnapshotReadError<Source.Failure>) -> TreeSnapshot {
        try SnapshotReader.read(source, sizeHint: sizeHint)
    }

    /// Writes `snapshot` into a buffer of bytes, read from the columns (no node value is
    /// built), passing each block of whole lines (about 64 KB) to `output`.
    package static func write(_ snapshot: TreeSnapshot, blocks output: (borrowing UTF8Buffer) -> Void) {
        var blocks = SnapshotBlocks(snapshot)
        var bytes = UTF8Buffer(capacity: UTF8Buffer.blockSize + 1_024)
        while blocks.next(into: &bytes) {
            output(bytes)
            bytes.removeAll()
        }
    }
}

/// A snapshot written in the snapshot file format a block at a time, as its reader asks for
/// more: so that a server streams a large tree to a slow client holding one block, not the file.
package struct SnapshotBlocks {
    private let snapshot: TreeSnapshot
    /// The next node to write; `nil` before the opening line.
    private var position: Int?
    /// Identities are kept in node order: the next one at or after the node written is the
    /// only one to check.
    private var nextIdentity = 0
    private var finished = false

    package init(_ snapshot: TreeSnapshot) {
        self.snapshot = snapshot
    }

    /// Appends the next block of whole lines (about 64 KB) to `bytes`; `false` once the
    /// snapshot is written whole.
    package mutating func next(into bytes: inout UTF8Buffer) -> Bool {
        guard !finished else { return false }
        let nodes = snapshot.columns
        var node = position ?? 0
        if position == nil { bytes.append("{\"nodes\":[\n") }
        while node < nodes.count {
            append(node, of: nodes, to: &bytes)
            node += 1
            guard node < nodes.count else { break }
            bytes.append(",\n")
            if bytes.count >= UTF8Buffer.blockSize {
                position = node
                return true
            }
        }
        bytes.append("\n],\"version\":")
        appendDecimal(SnapshotCodec.version, to: &bytes)
        bytes.append("}\n")
        finished = true
        return true
    }

    /// A block as bytes of their own.
    package mutating func next() -> [UInt8]? {
        var bytes = UTF8Buffer(capacity: UTF8Buffer.blockSize + 1_024)
        guard next(into: &bytes) else { return nil }
        return bytes.withBytes { Array($0) }
    }

    /// Appends the nodes `chosen` (in ascending order) as a JSON array, each as the file writes it.
    package mutating func append(array chosen: some Sequence<Int>, to bytes: inout UTF8Buffer) {
        bytes.append(UInt8(ascii: "["))
        for (index, node) in chosen.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(node, of: snapshot.columns, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Appends `node`; nodes come in ascending order, so identities are found by moving on.
    private mutating func append(_ node: Int, of nodes: TreeSnapshot.Columns, to bytes: inout UTF8Buffer) {
        bytes.append("{\"attributes\":[")
        for (index, attribute) in nodes.attributes[nodes.attributeRange(of: node)].enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append("{\"key\":")
            appendJSONString(attribute.key, to: &bytes)
            bytes.append(",\"value\":")
            appendJSONString(attribute.value, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append("],\"depth\":")
        appendDecimal(nodes.depth(of: node), to: &bytes)
        bytes.append(",\"id\":")
        switch nodes.ids {
        case .packed(let values):
            // Eight letters and digits: nothing to escape.
            bytes.append(UInt8(ascii: "\""))
            ShortID.append(values[node], to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        case .text(let strings): appendJSONString(strings[node], to: &bytes)
        }
        while nextIdentity < nodes.identityNodes.count, nodes.identityNodes[nextIdentity] < node { nextIdentity += 1 }
        if nextIdentity < nodes.identityNodes.count, nodes.identityNodes[nextIdentity] == node {
            bytes.append(",\"identity\":")
            appendJSONString(nodes.identities[nextIdentity], to: &bytes)
            nextIdentity += 1
        }
        bytes.append(",\"label\":")
        nodes.labelBytes.withUnsafeBufferPointer { labels in
            appendJSONString(utf8: UnsafeBufferPointer(rebasing: labels[nodes.labelRange(of: node)]), to: &bytes)
        }
        bytes.append(",\"links\":[")
        for index in nodes.linkRange(of: node) {
            if index > nodes.linkRange(of: node).lowerBound { bytes.append(UInt8(ascii: ",")) }
            let link = nodes.link(at: index)
            let start: StaticString =
                switch link.kind {
                case .child: "{\"kind\":\"child\",\"node\":"
                case .cycle: "{\"kind\":\"cycle\",\"node\":"
                case .shared: "{\"kind\":\"shared\",\"node\":"
                }
            bytes.append(start)
            appendDecimal(link.node, to: &bytes)
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append("],\"names\":[")
        for (index, name) in nodes.nameLists[nodes.nameListNumber(of: node)].enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendJSONString(name, to: &bytes)
        }
        bytes.append("],\"order\":")
        appendDecimal(node, to: &bytes)
        if let parent = nodes.parent(of: node) {
            bytes.append(",\"parent\":")
            appendDecimal(parent, to: &bytes)
        }
        bytes.append(",\"type\":")
        appendJSONString(nodes.type(of: node), to: &bytes)
        bytes.append(UInt8(ascii: "}"))
    }
}

/// Appends `text` as a JSON string literal, escaped as Foundation's `JSONEncoder` does.
private func appendJSONString(_ text: String, to bytes: inout UTF8Buffer) {
    var text = text
    text.withUTF8 { appendJSONString(utf8: $0, to: &bytes) }
}

/// Appends the text whose UTF-8 is `text` as a JSON string literal, escaped as Foundation's
/// `JSONEncoder` does: quotes, backslashes and controls, every one of them ASCII, so the
/// bytes of other characters are copied as they are.
private func appendJSONString(utf8 text: UnsafeBufferPointer<UInt8>, to bytes: inout UTF8Buffer) {
    bytes.append(UInt8(ascii: "\""))
    if text.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
        bytes.append(text)
    } else {
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): bytes.append("\\\"")
            case UInt8(ascii: "\\"): bytes.append("\\\\")
            case 0x0A: bytes.append("\\n")
            case 0x0D: bytes.append("\\r")
            case 0x09: bytes.append("\\t")
            case 0x08: bytes.append("\\b")
            case 0x0C: bytes.append("\\f")
            case ..<0x20:
                let digits: StaticString = "0123456789abcdef"
                bytes.append("\\u00")
                bytes.append(digits.utf8Start[Int(byte >> 4)])
                bytes.append(digits.utf8Start[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
    }
    bytes.append(UInt8(ascii: "\""))
}

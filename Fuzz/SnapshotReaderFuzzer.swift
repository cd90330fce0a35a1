import Foundation
import XTree
import XTreeCodec
import XTreeSnapshot
import XTreeSupport

/// libFuzzer entry point: the snapshot reader against the format's first reader, its oracle.
///
/// The first reader ran the strict scan, decoded the whole document with Foundation's
/// `JSONDecoder` into `Node` values, and checked them with `TreeSnapshot(nodes:)`. The
/// reader that replaced it goes from bytes to columns in one pass; on every input both must
/// accept the same snapshot, or refuse with the same message. And the reader given the
/// input in pieces (of 1 to 16 bytes, by the first byte) must read what it reads whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func snapshotReaderFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let new = Result { () throws(TreeSnapshotError) in try TreeSnapshot(json: data) }
    let old = Result { () throws(TreeSnapshotError) in try firstReader(data) }
    switch (new, old) {
    case (.success(let a), .success(let b)):
        guard a == b else { fatalError("both accept, but read different snapshots") }
    case (.failure(let a), .failure(let b)):
        guard a == b else { fatalError("both refuse, but the reader says\n  \(a)\nand the first reader\n  \(b)") }
    case (.success, .failure(let error)):
        fatalError("the reader accepts what the first reader refused: \(error)")
    case (.failure(let error), .success):
        fatalError("the reader refuses what the first reader accepted: \(error)")
    }
    let size = count == 0 ? 1 : Int(data[data.startIndex] % 16) + 1
    let pieces = Result { () throws(TreeSnapshotError) in
        do throws(SnapshotReadError<Never>) {
            return try SnapshotCodec.read(from: Pieces(bytes: [UInt8](data), size: size), sizeHint: 0)
        } catch {
            switch error {
            case .snapshot(let problem): throw problem
            }
        }
    }
    guard pieces == new else { fatalError("read in pieces of \(size): \(pieces); whole: \(new)") }
    return 0
}

/// The document a few bytes at a time, as a file or a connection gives it.
struct Pieces: ByteSource {
    let bytes: [UInt8]
    let size: Int
    var given = 0

    mutating func fill(_ window: ByteWindow) -> Bool {
        guard given < bytes.count else { return false }
        let piece = bytes[given..<min(given + size, bytes.count)]
        piece.withUnsafeBytes { window.append($0) }
        given += piece.count
        return true
    }

    func document() -> Data { Data(bytes) }
}

/// The format's first reader.
func firstReader(_ data: Data) throws(TreeSnapshotError) -> TreeSnapshot {
    if let problem = DecodingProblem.strictProblem(in: data) { throw TreeSnapshotError(problem) }
    let nodes: [TreeSnapshot.Node]
    do {
        nodes = try JSONDecoder().decode(FirstReaderDocument.self, from: data).nodes
    } catch let error as DecodingError {
        throw TreeSnapshotError(DecodingProblem(error, in: data))
    } catch {
        throw .wrongShape(path: "", problem: "\(error)")
    }
    return try TreeSnapshot(nodes: nodes)
}

/// The document as the first reader decoded it: the version is checked before the nodes.
struct FirstReaderDocument: Decodable {
    let nodes: [TreeSnapshot.Node]

    private enum CodingKeys: String, CodingKey {
        case version, nodes
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let found = try container.decode(Int.self, forKey: .version)
        guard (1...TreeSnapshot.formatVersion).contains(found) else {
            throw DecodingError.dataCorruptedError(
                forKey: .version,
                in: container,
                debugDescription:
                    "snapshot format version \(found) is not supported; this reader reads versions 1 to \(TreeSnapshot.formatVersion)"
            )
        }
        nodes = try container.decode([TreeSnapshot.Node].self, forKey: .nodes)
    }
}

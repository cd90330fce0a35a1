import Foundation
import Testing
import XTreeCodec
import XTreeSupport

@testable import XTreeSnapshot

/// A document given to the reader a few bytes at a time, as a file or a connection gives it.
struct PiecesSource: ByteSource {
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

/// Reading a document piece by piece gives what reading it whole gives: the same snapshot,
/// or the same refusal, wherever the pieces are cut.
@Suite struct SnapshotStreamingTests {
    static let documents: [[UInt8]] = {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/snapshot")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        var documents = names.sorted().compactMap { try? [UInt8](Data(contentsOf: corpus.appendingPathComponent($0))) }
        let valid =
            #"{"nodes":[{"attributes":[{"key":"k","value":"v\u00e9"}],"depth":0,"id":"aaaaaaaa","label":"r","links":[{"kind":"child","node":1}],"order":0,"type":"R"},{"attributes":[],"depth":1,"id":"bbbbbbbb","label":"","links":[{"kind":"cycle","node":0}],"order":1,"parent":0,"type":"L"}],"version":2}"#
        var texts = [valid, " \n" + valid + " \n"]
        // Cut short anywhere, and broken near the end.
        texts += [10, 60, 150].map { String(valid.prefix($0)) }
        texts.append(valid.replacingOccurrences(of: "\"r\"", with: "\"r\\u12\""))
        texts.append(valid.replacingOccurrences(of: "\"k\"", with: "\"k\",\"x\":tru"))
        texts.append(valid.replacingOccurrences(of: "\"order\":1", with: "\"order\":1.5"))
        // Numbers the pieces cut: a number may go on in the next piece.
        texts += ["12345", #"{"version":2,"nodes":[12345]}"#, #"{"nodes":[],"version":222}"#, "-1.5e10 "]
        return documents + texts.map { Array($0.utf8) }
    }()

    static func whole(_ bytes: [UInt8]) -> Result<TreeSnapshot, TreeSnapshotError> {
        Result { () throws(TreeSnapshotError) in try SnapshotCodec.read(Data(bytes)) }
    }

    static func inPieces(_ bytes: [UInt8], size: Int) -> Result<TreeSnapshot, TreeSnapshotError> {
        Result { () throws(TreeSnapshotError) in
            do throws(SnapshotReadError<Never>) {
                return try SnapshotCodec.read(from: PiecesSource(bytes: bytes, size: size), sizeHint: 0)
            } catch {
                switch error {
                case .snapshot(let problem): throw problem
                }
            }
        }
    }

    @Test(arguments: 0..<documents.count)
    func piecesOfAnySizeReadAsTheWhole(_ number: Int) {
        let bytes = Self.documents[number]
        let whole = Self.whole(bytes)
        for size in [1, 2, 3, 7, 13, 64, 1000] {
            #expect(Self.inPieces(bytes, size: size) == whole, "pieces of \(size)")
        }
    }

    @Test func thereAreValidAndInvalidDocuments() throws {
        let outcomes = Self.documents.map(Self.whole)
        #expect(outcomes.contains { (try? $0.get()) != nil })
        #expect(outcomes.contains { (try? $0.get()) == nil })
    }
}

/// A snapshot written a block at a time, as the inspector streams it, is the file the codec
/// writes whole, in blocks of whole lines.
@Suite struct SnapshotBlocksTests {
    @Test func blocksJoinedAreTheWholeFileAndEachEndsALine() throws {
        let nodes = (0..<3_000).map { index in
            TreeSnapshot.Node(
                id: String(format: "n%07d", index), type: "Leaf", label: "leaf \(index) \u{e9}\"",
                attributes: [.init(key: "k", value: "\(index)")], depth: index == 0 ? 0 : 1, order: index,
                parent: index == 0 ? nil : 0,
                links: index == 0 ? (1..<3_000).map { .init(kind: .child, node: $0) } : [],
                names: [])
        }
        let snapshot = try TreeSnapshot(nodes: nodes)
        var whole: [UInt8] = []
        SnapshotCodec.write(snapshot) { block in block.withBytes { whole += $0 } }
        var blocks = SnapshotBlocks(snapshot)
        var parts: [[UInt8]] = []
        while let block = blocks.next() { parts.append(block) }
        #expect(parts.count > 3, "a tree of \(whole.count) bytes in blocks of about 64 KB")
        #expect(parts.allSatisfy { $0.last == UInt8(ascii: "\n") })
        #expect(parts.flatMap { $0 } == whole)
        #expect(blocks.next() == nil)
        #expect(try SnapshotCodec.read(Data(whole)) == snapshot)
    }
}

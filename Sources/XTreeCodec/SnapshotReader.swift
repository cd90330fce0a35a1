import Foundation
import XTreeEscaping
import XTreeSnapshot
import XTreeSupport

/// Reads the snapshot format from its bytes into a snapshot's columns, in one pass: no text
/// of the document, no JSON value tree, no `Node` values.
///
/// It accepts and refuses exactly what the format's first reader did (the strict scan, then
/// Foundation's `JSONDecoder`, then the checks of `TreeSnapshot(nodes:)`), with the same
/// messages, found in the same order:
///
/// 1. Anything the strict scan refuses anywhere in the document: malformed JSON, a key given
///    twice, a lone surrogate, nesting past 512 levels, a number no reader holds. The reader
///    stops there and `JSONScan` says what and where.
/// 2. The first problem a decoder meets, in the order it asks for fields (the version, then
///    each node's `id`, `type`, `label`, `attributes`, `depth`, `order`, `parent`, `links`,
///    `names`, `identity`, whatever order the file has them in): a missing or mistyped field,
///    an unknown link kind, a version out of range, and what Foundation's decoder refuses as
///    not JSON (a key or a string value that is not UTF-8, a number such as `01` or `1.5`
///    where a whole number belongs). Fields no decoder asks for are only scanned.
/// 3. The checks that nodes form a snapshot (``TreeSnapshot/check(_:_:)``).
///
/// Numbers written otherwise than as plain integers (`1.0`, `1e2`) are rare; each is given
/// to Foundation's decoder alone, so that it is read exactly as before.
///
/// A document is in memory, or comes a piece at a time from a ``ByteSource`` (a file, a pipe,
/// a connection). Then each value is read on the assumption that its bytes are at hand, and
/// read again with more if it runs past them (``readWhole(_:)``); what has been read is
/// dropped off the front of the window.
struct SnapshotReader: ~Copyable {
    /// Why reading stopped before the end.
    enum Stop: Error {
        /// The strict scan refuses the document; `JSONScan` says why.
        case strict
        /// The source failed; `sourceFailure` says why.
        case source
    }

    /// The bytes at hand: the whole document, or the part of it in `window`.
    var bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Where the bytes come from, and where they are held while they are read, when the
    /// document is not whole in memory.
    let source: AnyByteSource
    let window: ByteWindow?
    /// Whether the source has given its last byte.
    var exhausted = false
    var sourceFailure: (any Error)?
    /// The first problem a decoder would meet, once one is found.
    var problem: Problem?

    var columns = TreeSnapshot.Columns()
    var unchecked = TreeSnapshot.UncheckedNodes()
    var packedIDs: [UInt64]? = []
    var textIDs: [String] = []
    var typeNumbers: [String: UInt32] = [:]
    var nameListNumbers: [[String]: UInt32] = [:]
    var lastNameList: UInt32?
    var attributeCount = 0
    /// The bytes of the last string read, unescaped, when it had escapes.
    var scratch: [UInt8] = []
    /// Where the last string read is in the document, when it had no escape: most strings,
    /// which are then never copied.
    var lastString: Range<Int>? = nil

    init(_ bytes: UnsafeBufferPointer<UInt8>, window: ByteWindow?, source: AnyByteSource, sizeHint: Int) {
        self.bytes = bytes
        self.window = window
        self.source = source
        scratch.reserveCapacity(256)
        // Room for as many nodes as the document can hold (each takes more than 64 bytes), so
        // that the columns are never copied as they grow. Room not filled is never touched,
        // and costs no memory but addresses.
        let nodes = sizeHint / 64 + 1
        columns.types.reserveCapacity(nodes)
        columns.labelEnds.reserveCapacity(nodes)
        columns.attributeEnds.reserveCapacity(nodes)
        packedIDs?.reserveCapacity(nodes)
        unchecked.reserveCapacity(nodes)
    }

    /// Reads the document `source` gives, a piece at a time: only the part under way is
    /// held.
    ///
    /// - Parameter sizeHint: How many bytes the document likely has (a file's size), if
    ///   known, or 0.
    /// - Throws: ``SnapshotReadError``: the source's failure, or ``TreeSnapshotError`` as the
    ///   first reader threw it.
    static func read<Source: ByteSource>(
        _ source: consuming Source, sizeHint: Int
    ) throws(SnapshotReadError<Source.Failure>) -> TreeSnapshot {
        let window = ByteWindow()
        var reader = SnapshotReader(window.bytes, window: window, source: AnyByteSource(source), sizeHint: sizeHint)
        return try Self.typed(reader.readAll(), as: Source.Failure.self)
    }

    /// Reads the whole document in `bytes`, in place; `source` gives it again for a
    /// problem's message.
    static func read<Source: ByteSource>(
        _ bytes: UnsafeBufferPointer<UInt8>, source: consuming Source
    ) throws(SnapshotReadError<Source.Failure>) -> TreeSnapshot {
        var reader = SnapshotReader(bytes, window: nil, source: AnyByteSource(source), sizeHint: bytes.count)
        return try Self.typed(reader.readAll(), as: Source.Failure.self)
    }

    /// The outcome with the source's failure as the type it has.
    static func typed<Failure: Error>(
        _ outcome: @autoclosure () throws(SnapshotReadError<any Error>) -> TreeSnapshot, as: Failure.Type
    ) throws(SnapshotReadError<Failure>) -> TreeSnapshot {
        do {
            return try outcome()
        } catch {
            switch error {
            case .snapshot(let problem): throw .snapshot(problem)
            case .source(let failure): throw .source(failure as! Failure)
            }
        }
    }

    // MARK: Reading a piece at a time

    /// Asks the source for more bytes; whether it gave any.
    mutating func more() throws(Stop) -> Bool {
        guard let window else { return false }
        let filled: Bool
        do {
            filled = try source.fill(window)
        } catch {
            sourceFailure = error
            throw .source
        }
        bytes = window.bytes
        exhausted = !filled
        return filled
    }

    /// Skips white space, asking for more bytes as it runs out, until a byte that is not
    /// white space or the end of the document.
    mutating func skipSpaceFilling() throws(Stop) {
        skipSpace()
        while index == bytes.count, try more() { skipSpace() }
    }

    /// Reads one element with `element`, assuming its bytes are at hand; if it runs past
    /// them, forgets what it read of it, asks for more bytes, and reads it again.
    mutating func readWhole(_ element: (inout Self) throws(Stop) -> Void) throws(Stop) {
        let start = index
        let counts = (
            labels: columns.labelBytes.count, attributes: columns.attributes.count,
            links: unchecked.linkTargets.count
        )
        let found = problem
        while true {
            do {
                return try element(&self)
            } catch .strict where window != nil && index >= bytes.count {
                columns.labelBytes.removeSubrange(counts.labels...)
                columns.attributes.removeSubrange(counts.attributes...)
                unchecked.linkTargets.removeSubrange(counts.links...)
                unchecked.linkKinds.removeSubrange(counts.links...)
                problem = found
                index = start
                // At the document's end the element is as whole as it gets: read it once more
                // to stop where it stops.
                guard try more() else { return try element(&self) }
            }
        }
    }

    /// Drops what has been read off the front of the window, once it is a good part of it.
    mutating func dropRead() {
        guard let window, index >= 1 << 20, index * 2 >= window.count else { return }
        window.dropFront(index)
        bytes = window.bytes
        index = 0
    }
}

import Foundation
import XTreePlatform

/// The bytes of a document between a source and a reader: the source appends at the end, the
/// reader drops off the front what it has read, so only the part under way is held.
package final class ByteWindow {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// How many bytes are held.
    package private(set) var count = 0
    /// How many bytes were dropped off the front.
    package private(set) var dropped = 0

    package init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes held. Valid until the window next changes.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Room for at least `size` more bytes, to fill and then ``commit(_:)``.
    package func room(_ size: Int) -> UnsafeMutableRawBufferPointer {
        if count + size > capacity {
            let grown = max(capacity * 2, count + size)
            let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            moved.update(from: base, count: count)
            base.deallocate()
            (base, capacity) = (moved, grown)
        }
        return UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
    }

    /// Keeps `size` bytes written into the room.
    package func commit(_ size: Int) {
        precondition(size >= 0 && count + size <= capacity, "more bytes than the room holds")
        count += size
    }

    /// Appends `bytes`.
    package func append(_ bytes: UnsafeRawBufferPointer) {
        let target = room(bytes.count)
        target.copyMemory(from: bytes)
        commit(bytes.count)
    }

    /// Drops the first `size` bytes held.
    package func dropFront(_ size: Int) {
        precondition(size >= 0 && size <= count, "dropping more bytes than are held")
        (base).update(from: base + size, count: count - size)
        count -= size
        dropped += size
    }
}

/// Where a reader's bytes come from, as it asks for them.
package protocol ByteSource {
    associatedtype Failure: Error

    /// Appends the next bytes of the document to `window`; `false` at its end.
    mutating func fill(_ window: ByteWindow) throws(Failure) -> Bool

    /// Every byte of the document, as a reader that holds it whole would have read it: for
    /// the message of a problem, which says where in the document it is.
    mutating func document() throws(Failure) -> Data
}

/// A ``ByteSource`` of any type, for a reader that is not generic: generic code is not
/// specialised across modules, and a reader is a hot loop.
package final class AnyByteSource {
    package let fill: (ByteWindow) throws -> Bool
    package let document: () throws -> Data

    package init<Source: ByteSource>(_ source: consuming Source) {
        let box = Box(source)
        fill = { window in try box.source.pointee.fill(window) }
        document = { try box.source.pointee.document() }
    }

    /// The source, in memory of its own: mutated in place, never copied (a copy would copy
    /// what it keeps of the document whenever it grows).
    private final class Box<Source: ByteSource> {
        let source: UnsafeMutablePointer<Source>

        init(_ source: consuming Source) {
            self.source = .allocate(capacity: 1)
            self.source.initialize(to: source)
        }

        deinit {
            source.deinitialize(count: 1)
            source.deallocate()
        }
    }
}

/// A document read from a file descriptor, held to a limit and given up at its first byte
/// that cannot be JSON, exactly as ``JSONInput/read(descriptor:limit:)`` reads it, but a piece
/// at a time.
///
/// A regular file is read again for ``document()``; what comes from a pipe, a FIFO or a
/// device is kept as it arrives, since it cannot be read twice.
package struct FileByteSource: ByteSource {
    private let descriptor: Int32
    private let limit: Int
    private let isRegularFile: Bool
    private var screen = JSONInput.Screen()
    private var total = 0
    private var ended = false
    private var kept = Data()

    /// Reads from `descriptor`, which the caller keeps open until reading ends.
    ///
    /// - Throws: ``JSONInputError/tooLarge(limit:)`` for a regular file larger than `limit`.
    package init(descriptor: Int32, limit: Int) throws(JSONInputError) {
        self.descriptor = descriptor
        self.limit = limit
        let status = try? Files.status(of: descriptor)
        isRegularFile = status?.kind == .regular
        // A regular file says how much to expect; more than the limit is refused unread.
        if isRegularFile, let status, status.size > limit { throw .tooLarge(limit: limit) }
    }

    package mutating func fill(_ window: ByteWindow) throws(JSONInputError) -> Bool {
        guard !ended else { return false }
        let room = window.room(1 << 16)
        let count: Int
        do {
            count = try Files.read(descriptor, into: room)
        } catch {
            throw .io(error.code)
        }
        guard count > 0 else {
            ended = true
            return false
        }
        guard total + count <= limit else { throw .tooLarge(limit: limit) }
        total += count
        let piece = UnsafeBufferPointer(start: room.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
        var kept = count
        if let bad = screen.firstImpossible(in: piece) {
            kept = bad + 1
            ended = true
        }
        if !isRegularFile { self.kept.append(piece.baseAddress!, count: kept) }
        window.commit(kept)
        return true
    }

    package mutating func document() throws(JSONInputError) -> Data {
        if isRegularFile, Files.rewind(descriptor) {
            return try JSONInput.read(descriptor: descriptor, limit: limit)
        }
        // What has not arrived yet is part of the document too.
        let window = ByteWindow()
        while try fill(window) {
            window.dropFront(window.count)
        }
        return kept
    }
}

/// A document already whole in memory: the reader reads it in place.
package struct WholeDocument: ByteSource {
    package let data: Data

    package init(_ data: Data) {
        self.data = data
    }

    package func fill(_ window: ByteWindow) -> Bool { false }

    package func document() -> Data { data }
}

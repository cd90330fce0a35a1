import Foundation
import XTree
import XTreeInspector
import XTreeSupport

/// Snapshots as a client reads them: the lines a reply announced, parsed as they arrive.
extension InspectorClient {
    /// Reads the lines a reply announced and checks them as any snapshot is checked, parsing
    /// them as they arrive.
    func readSnapshot(announced reply: InspectorReply) throws(InspectorError) -> TreeSnapshot {
        guard let header = reply.snapshot, header.lines >= SnapshotCodec.minimumLineCount else {
            throw .refused("a reply without its snapshot")
        }
        // Every line holds at least its line end: more lines than bytes allowed cannot fit.
        guard header.lines <= maximumSnapshotBytes else { throw SnapshotLines.tooLarge(maximumSnapshotBytes) }
        do {
            return try SnapshotCodec.read(from: SnapshotLines(client: self, count: header.lines), sizeHint: 0)
        } catch {
            switch error {
            case .source(let error): throw error
            case .snapshot(let error): throw .refused("an invalid snapshot: \(error)")
            }
        }
    }

    /// The app's tree now in the snapshot file format, as the app writes it: each line handed
    /// to `write` as it arrives, with its line end, and never held whole. Each is checked as
    /// it passes (UTF-8, no control character, the number announced, the client's limit), a
    /// weaker check than ``snapshot()``'s reading: a line the check refuses ends it, after the
    /// lines before it were written.
    package func passSnapshot(to write: (UnsafeBufferPointer<UInt8>) -> Void) throws(InspectorError) {
        let reply = try exchange(request(.snapshot))
        held = Array((reply.held ?? []).prefix(InspectorProtocol.maximumExamples))
        guard let header = reply.snapshot, header.lines >= SnapshotCodec.minimumLineCount else {
            throw .refused("a reply without its snapshot")
        }
        let limit = maximumSnapshotBytes
        guard header.lines <= limit else { throw SnapshotLines.tooLarge(limit) }
        var (passed, bytes) = (0, 0)
        var refused: InspectorError?
        var line = [UInt8]()
        let pass = { (text: UnsafeBufferPointer<UInt8>) in
            guard refused == nil else { return }
            bytes += text.count + 1
            if bytes > limit {
                refused = SnapshotLines.tooLarge(limit)
            } else if text.contains(where: { $0 < 0x20 || $0 == 0x7F })
                || String(bytes: text, encoding: .utf8) == nil
            {
                refused = .refused("a snapshot line \(passed + 1) that is not UTF-8 JSON text on one line")
            } else {
                line.removeAll(keepingCapacity: true)
                line.append(contentsOf: text)
                line.append(UInt8(ascii: "\n"))
                line.withUnsafeBufferPointer(write)
                passed += 1
            }
        }
        while passed < header.lines {
            let room = { min(limit - bytes + 1, InspectorProtocol.maximumReplyLineBytes) }
            let taken = connection.takeBufferedLines(upTo: header.lines - passed, limit: room, each: pass)
            if let refused { throw refused }
            if taken > 0 { continue }
            let next = try readLine(
                limit: room(),
                tooLong: room() < InspectorProtocol.maximumReplyLineBytes ? SnapshotLines.tooLarge(limit) : nil)
            next.withUnsafeBufferPointer(pass)
            if let refused { throw refused }
        }
    }

    /// The announced lines of a snapshot, read from the connection as the reader asks for
    /// them, joined by line ends, and held to the client's limit.
    private struct SnapshotLines: ByteSource {
        let client: InspectorClient
        var count: Int
        private var read = 0
        /// Everything read, for the message of a problem, which says where it is.
        private var received: [UInt8] = []

        init(client: InspectorClient, count: Int) {
            self.client = client
            self.count = count
        }

        static func tooLarge(_ limit: Int) -> InspectorError {
            .refused(
                "a snapshot larger than the client's limit of \(InputLimit.describe(limit)); "
                    + "set \(InputLimit.environmentVariable) to accept more")
        }

        mutating func fill(_ window: ByteWindow) throws(InspectorError) -> Bool {
            guard read < count else { return false }
            let limit = client.maximumSnapshotBytes
            let room = { (size: Int) in min(limit - size + 1, InspectorProtocol.maximumReplyLineBytes) }
            // The lines already arrived, in one pass and with no copy but into the window.
            // Moved out and back, so that the document is not copied as it grows.
            var received: [UInt8] = []
            swap(&received, &self.received)
            var read = self.read
            let taken = client.connection.takeBufferedLines(
                upTo: count - read, limit: { room(received.count) },
                each: { line in
                    Self.join(line, to: &received, window, first: read == 0)
                    read += 1
                })
            swap(&received, &self.received)
            self.read = read
            guard self.received.count <= limit else { throw Self.tooLarge(limit) }
            if taken > 0 { return true }
            // None complete: wait for the next, with the limits and deadline of any line.
            let lineLimit = room(self.received.count)
            let line = try client.readLine(
                limit: lineLimit,
                tooLong: lineLimit < InspectorProtocol.maximumReplyLineBytes ? Self.tooLarge(limit) : nil)
            line.withUnsafeBufferPointer { Self.join($0, to: &self.received, window, first: self.read == 0) }
            self.read += 1
            guard self.received.count <= limit else { throw Self.tooLarge(limit) }
            return true
        }

        /// Appends a line to the document and the window, after a line end unless it is the
        /// first: lines are joined by line ends, which count towards the limit.
        private static func join(
            _ line: UnsafeBufferPointer<UInt8>, to received: inout [UInt8], _ window: ByteWindow, first: Bool
        ) {
            if !first {
                received.append(UInt8(ascii: "\n"))
                withUnsafeBytes(of: UInt8(ascii: "\n")) { window.append($0) }
            }
            received.append(contentsOf: line)
            window.append(UnsafeRawBufferPointer(line))
        }

        mutating func document() throws(InspectorError) -> Data {
            let window = ByteWindow()
            while try fill(window) { window.dropFront(window.count) }
            return Data(received)
        }
    }
}

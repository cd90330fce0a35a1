import Dispatch
import XTreeInspector
import XTreePlatform
import XTreeSupport

/// One end of a stream socket, non-blocking: lines in, with a size limit and a deadline;
/// bytes out, with a deadline. Used by one thread at a time.
package final class Connection {
    /// What reading a line found.
    enum Line {
        /// A line, without its `\n`.
        case line([UInt8])
        /// More than the limit arrived without a line end.
        case tooLong
        /// Nothing complete arrived before the deadline.
        case timedOut
        /// The peer closed the connection, or it failed.
        case closed
    }

    package let descriptor: Int32
    private var decoder = LineDecoder(limit: 1)
    private var isClosed = false
    /// Where `recv` puts what arrives: made once, not for every line read.
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    /// Takes ownership of `descriptor` and makes it non-blocking.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
        // A socket that cannot be made non-blocking fails its first wait instead.
        try? Sockets.setNonBlocking(descriptor)
    }

    deinit { close() }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        Sockets.shutdown(descriptor)
        Files.close(descriptor)
    }

    /// Takes complete lines already arrived, up to `count`, each within `limit` bytes with
    /// its line end; see ``LineDecoder/takeLines(upTo:limit:each:)``.
    func takeBufferedLines(
        upTo count: Int, limit: () -> Int, each line: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Int {
        decoder.takeLines(upTo: count, limit: limit, each: line)
    }

    /// Whether a complete line is already buffered.
    var hasBufferedLine: Bool { decoder.hasLine }

    /// The next line, waiting at most `timeout` seconds for it; a line of more than `limit`
    /// bytes, its `\n` included, is ``Line/tooLong``, as soon as that is known.
    func readLine(limit: Int, timeout: Double) -> Line {
        decoder.limit = limit
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        var first = true
        while true {
            switch decoder.next() {
            case .line(let bytes): return .line(bytes)
            case .tooLong: return .tooLong
            case nil: break
            }
            if decoder.isOverLimit { return .tooLong }
            // Whatever the deadline, look once: a zero timeout means "what has arrived".
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline || first else { return .timedOut }
            first = false
            let milliseconds = now < deadline ? Int32(min(Double(deadline - now) / 1e6 + 1, 60_000)) : 0
            switch wait(for: .readable, milliseconds: milliseconds) {
            case .ready: break
            case .timedOut: continue
            case .failed: return .closed
            }
            switch receiveChunk() {
            case .some(0): return .closed
            case .some(let count): decoder.feed(chunk[0..<count])
            case nil: continue
            }
        }
    }

    /// What arrives next, waiting at most `timeout` seconds: `nil` when nothing did in time or
    /// the connection closed or failed. Reads past any line buffered by ``readLine(limit:timeout:)``:
    /// a connection is read one way or the other.
    package func receive(timeout: Double) -> [UInt8]? {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return nil }
            switch wait(for: .readable, milliseconds: Int32(min(Double(deadline - now) / 1e6 + 1, 60_000))) {
            case .ready: break
            case .timedOut: continue
            case .failed: return nil
            }
            switch receiveChunk() {
            case .some(0): return nil
            case .some(let count): return Array(chunk[0..<count])
            case nil: continue
            }
        }
    }

    /// Writes every byte, or returns `false` if the peer did not take them within `timeout`
    /// seconds or the connection failed.
    package func write(_ bytes: [UInt8], timeout: Double) -> Bool {
        bytes.withUnsafeBufferPointer { write($0, timeout: timeout) }
    }

    /// Writes every byte of `bytes`, as ``write(_:timeout:)-([UInt8],_)`` does.
    package func write(_ bytes: UnsafeBufferPointer<UInt8>, timeout: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        var offset = 0
        while offset < bytes.count {
            do throws(SystemError) {
                let sent = try Sockets.send(
                    descriptor, UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[offset...])))
                guard sent > 0 else { return false }
                offset += sent
                continue
            } catch  where error.is(.wouldBlock) {
                // The peer's buffer is full: wait below until it takes more.
            } catch {
                return false
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            if case .failed = wait(for: .writable, milliseconds: Int32(min(Double(deadline - now) / 1e6 + 1, 60_000))) {
                return false
            }
        }
        return true
    }

    private enum Wait { case ready, timedOut, failed }

    private func wait(for events: PollEvents, milliseconds: Int32) -> Wait {
        var entries = [PollEntry(descriptor, wanted: events)]
        let count: Int
        do {
            // Interrupted, it is asked again with the whole wait: callers loop to a deadline.
            count = try Sockets.poll(&entries, milliseconds: milliseconds)
        } catch {
            return .failed
        }
        if count == 0 { return .timedOut }
        // A hang-up with data still to read is read first; an error is a failure.
        if entries[0].happened.contains(.failed) { return .failed }
        return .ready
    }

    /// Receives into `chunk`: how many bytes (0 when the peer closed), or `nil` when nothing
    /// has arrived yet; a failure counts as closed.
    private func receiveChunk() -> Int? {
        let received = chunk.withUnsafeMutableBytes { buffer in
            Result { () throws(SystemError) in try Sockets.receive(descriptor, into: buffer) }
        }
        switch received {
        case .success(let count): return count
        case .failure(let error) where error.is(.wouldBlock): return nil
        case .failure: return 0
        }
    }
}

import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One end of a stream socket, non-blocking: lines in, with a size limit and a deadline;
/// bytes out, with a deadline. Used by one thread at a time.
final class Connection {
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

    let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var isClosed = false

    /// Takes ownership of `descriptor` and makes it non-blocking.
    init(descriptor: Int32) {
        self.descriptor = descriptor
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    deinit { close() }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        _ = shutdown(descriptor, Int32(SHUT_RDWR))
        _ = closeDescriptor(descriptor)
    }

    /// Whether a complete line is already buffered.
    var hasBufferedLine: Bool { buffer[start...].contains(UInt8(ascii: "\n")) }

    /// The next line, waiting at most `timeout` seconds for it; a line of more than `limit`
    /// bytes, its `\n` included, is ``Line/tooLong``.
    func readLine(limit: Int, timeout: Double) -> Line {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        var searched = start
        var first = true
        while true {
            if let end = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                // The limit holds the line end too, and is checked after the read that found it.
                guard end - start < limit else { return .tooLong }
                let line = Array(buffer[start..<end])
                start = end + 1
                if start > 1 << 16, start * 2 > buffer.count {
                    buffer.removeFirst(start)
                    start = 0
                }
                return .line(line)
            }
            searched = buffer.count
            if buffer.count - start >= limit { return .tooLong }
            // Whatever the deadline, look once: a zero timeout means "what has arrived".
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline || first else { return .timedOut }
            first = false
            let milliseconds = now < deadline ? Int32(min(Double(deadline - now) / 1e6 + 1, 60_000)) : 0
            switch wait(for: Int16(POLLIN), milliseconds: milliseconds) {
            case .ready: break
            case .timedOut: continue
            case .failed: return .closed
            }
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return .closed
            }
        }
    }

    /// Writes every byte, or returns `false` if the peer did not take them within `timeout`
    /// seconds or the connection failed.
    func write(_ bytes: [UInt8], timeout: Double) -> Bool {
        bytes.withUnsafeBufferPointer { write($0, timeout: timeout) }
    }

    /// Writes every byte of `bytes`, as ``write(_:timeout:)-([UInt8],_)`` does.
    func write(_ bytes: UnsafeBufferPointer<UInt8>, timeout: Double) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        var offset = 0
        while offset < bytes.count {
            let sent = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, SocketSystem.sendFlags)
            if sent > 0 {
                offset += sent
                continue
            }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            if case .failed = wait(
                for: Int16(POLLOUT), milliseconds: Int32(min(Double(deadline - now) / 1e6 + 1, 60_000)))
            {
                return false
            }
        }
        return true
    }

    /// Whether the peer has sent something (or closed), waiting at most `milliseconds`.
    func isReadable(milliseconds: Int32) -> Bool {
        if hasBufferedLine { return true }
        if case .ready = wait(for: Int16(POLLIN), milliseconds: milliseconds) { return true }
        return false
    }

    private enum Wait { case ready, timedOut, failed }

    private func wait(for events: Int16, milliseconds: Int32) -> Wait {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let status = poll(&entry, 1, milliseconds)
        if status == 0 || (status < 0 && errno == EINTR) { return .timedOut }
        guard status > 0 else { return .failed }
        // A hang-up with data still to read is read first; an error is a failure.
        if entry.revents & Int16(POLLERR | POLLNVAL) != 0 { return .failed }
        return .ready
    }
}

/// `close(2)`, under a name the class's own `close()` does not hide.
@inline(__always)
func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

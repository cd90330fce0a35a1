import XTreePlatform

/// What a server built on an ``EventLoop`` decides for its connections: called on the loop's
/// thread only, one call at a time, and never allowed to block it.
package protocol EventLoopService: AnyObject {
    /// A connection was accepted: it is read, with no deadline, until the service says more.
    func accepted(_ id: EventLoop.ID, _ loop: EventLoop)
    /// More arrived on it: ``EventLoop/input(of:)`` holds what was not consumed yet.
    func received(_ id: EventLoop.ID, _ loop: EventLoop)
    /// Its deadline passed.
    func expired(_ id: EventLoop.ID, _ loop: EventLoop)
    /// It was closed, by either side: forget it.
    func closed(_ id: EventLoop.ID)
    /// Listener `index` hung up or failed: it accepts nothing more.
    func listenerFailed(_ index: Int, _ loop: EventLoop)
    /// Everything it was given to write is written.
    func drained(_ id: EventLoop.ID, _ loop: EventLoop)
}

extension EventLoopService {
    package func drained(_ id: EventLoop.ID, _ loop: EventLoop) {}
    package func listenerFailed(_ index: Int, _ loop: EventLoop) {}
}

extension EventLoop {
    // MARK: - What the service asks, on the loop's thread

    /// The connections open, oldest first.
    package var ids: [ID] { connections.keys.sorted() }

    /// What arrived on `id` and was not consumed.
    package func input(of id: ID) -> [UInt8] { connections[id]?.input ?? [] }

    /// Whether `id` has sent anything since it was accepted.
    package func hasHeard(_ id: ID) -> Bool { connections[id]?.heard ?? false }

    /// Drops the first `count` bytes of `id`'s input.
    package func consume(_ count: Int, of id: ID) {
        connections[id]?.input.removeFirst(count)
    }

    /// Reads `id` or leaves what it sends waiting in the system.
    package func setReading(_ reading: Bool, _ id: ID) {
        connections[id]?.reading = reading
    }

    /// Sets when ``EventLoopService/expired(_:_:)`` is called for `id`: `seconds` from now,
    /// or never.
    package func setDeadline(_ id: ID, in seconds: Double?) {
        connections[id]?.deadline = seconds.map(Self.after) ?? .max
    }

    /// How many bytes wait to be written to `id`, besides answers made a block at a time.
    package func pending(_ id: ID) -> Int {
        guard let connection = connections[id] else { return 0 }
        return connection.waiting.reduce(connection.output.count - connection.written) { total, segment in
            if case .bytes(let bytes) = segment { total + bytes.count } else { total }
        }
    }

    /// Writes `bytes` to `id` after what it was given before, then what `blocks` gives, a
    /// block at a time as the bytes before are written, until it gives `nil`; then closes it
    /// if asked.
    package func send(_ bytes: [UInt8], to id: ID, blocks: (() -> [UInt8]?)? = nil, thenClose: Bool = false) {
        guard var connection = connections[id] else { return }
        if !bytes.isEmpty { connection.waiting.append(.bytes(bytes)) }
        if let blocks { connection.waiting.append(.blocks(blocks)) }
        connection.closesWhenWritten = connection.closesWhenWritten || thenClose
        if connection.writeDeadline == .max { connection.writeDeadline = Self.after(writeTimeout) }
        connections[id] = connection
        flush(id)
    }

    /// Sends `bytes` once, as far as the socket takes them at once, and closes `id`: for a
    /// refusal, which holds nothing.
    package func refuse(_ id: ID, _ bytes: [UInt8]) {
        guard let connection = connections[id] else { return }
        _ = bytes.withUnsafeBytes { try? Sockets.send(connection.descriptor, $0) }
        close(id)
    }

    /// Closes the connections whose peers hung up, found by a look at every socket now: in a
    /// round that accepts many, the ends of those before are not seen until the next. A peer
    /// that only shut its sending side after sending something (Darwin says `POLLHUP` for it
    /// too) is kept, with what it sent read: it is answered in the next round.
    package func closeHungUp() {
        let ids = self.ids
        var entries = ids.map { PollEntry(connections[$0]!.descriptor, wanted: .readable) }
        _ = try? Sockets.poll(&entries, milliseconds: 0)
        for (id, entry) in zip(ids, entries) where !entry.happened.isDisjoint(with: [.hangUp, .failed]) {
            switch receive(id) {
            case .open: continue
            case .failed: close(id)
            case .ended: if connections[id]?.input.isEmpty != false, connections[id]?.isWriting != true { close(id) }
            }
        }
    }

    /// Closes `id` now, whatever waits to be written.
    package func close(_ id: ID) {
        guard let connection = connections.removeValue(forKey: id) else { return }
        // What the peer sent and nobody read would make closing reset the connection, which
        // can lose the answer just written: read it off first.
        for _ in 0..<16
        where (buffer.withUnsafeMutableBytes { try? Sockets.receive(connection.descriptor, into: $0) } ?? 0) > 0 {}
        Sockets.shutdown(connection.descriptor)
        Files.close(connection.descriptor)
        service?.closed(id)
    }

    /// Closes listener `index` and listens on `descriptor` in its place, or on nothing.
    package func replaceListener(_ index: Int, with descriptor: Int32?) {
        if listeners[index] >= 0 {
            Sockets.shutdown(listeners[index])
            Files.close(listeners[index])
        }
        listeners[index] = -1
        guard let descriptor else { return }
        guard (try? Sockets.setNonBlocking(descriptor)) != nil else { return Files.close(descriptor) }
        listeners[index] = descriptor
    }

    /// Shuts every listener down, leaving it polled: what the system does to a listener it
    /// takes away, where it reports it. For tests.
    package func shutDownListeners() {
        for listener in listeners where listener >= 0 { Sockets.shutdown(listener) }
    }

    #if XTREE_DARWIN_PERSONALITY
        /// Makes the listeners defunct as iOS does a suspended app's, in the Darwin personality's
        /// model: connects to them succeed and hang, and their first accept fails with EBADF.
        package func makeListenersDefunct() {
            for listener in listeners where listener >= 0 { DarwinPersonality.makeDefunct(listener) }
        }
    #endif

    /// How many listeners it has, dead ones included.
    package var listenerCount: Int { listeners.count }
}

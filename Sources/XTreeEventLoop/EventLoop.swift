import Dispatch
import Foundation
import XTreePlatform
import XTreeSupport

/// One thread polling every socket of a server: listeners, connections and a wake-up pipe.
/// It reads what arrives into each connection's input, writes what the service gives it
/// without waiting on any one client, keeps deadlines, and runs the jobs other threads post.
///
/// The inspector in an app and the web server in the CLI are both services of it: no thread
/// is parked per connection, and work for the main actor is a task whose result is posted
/// back, never a wait.
package final class EventLoop: @unchecked Sendable {
    // Unchecked: its connections are touched by the loop's thread alone; other threads reach
    // it only through `post`, whose jobs are under a lock.

    /// A connection's number: increasing, so the lowest is the oldest.
    package typealias ID = UInt64

    /// What waits to be written to a connection, in order.
    enum Segment {
        case bytes([UInt8])
        /// A large answer made a block at a time, as the bytes before it are written.
        case blocks(() -> [UInt8]?)
    }

    struct Connection {
        let descriptor: Int32
        var input: [UInt8] = []
        /// Whether it is polled for reading.
        var reading = true
        /// Whether it has sent anything.
        var heard = false
        /// What is being written, and how much of it has been; then what waits after it.
        var output: [UInt8] = []
        var written = 0
        var waiting: [Segment] = []
        /// Whether it is closed once everything is written.
        var closesWhenWritten = false
        /// The service's deadline, in uptime nanoseconds.
        var deadline: UInt64 = .max
        /// When a write that has not finished must have, in uptime nanoseconds.
        var writeDeadline: UInt64 = .max

        var isWriting: Bool { written < output.count || !waiting.isEmpty }
    }

    /// The listening sockets; -1 for one that is gone and not made again yet.
    var listeners: [Int32]
    private let wake: (read: Int32, write: Int32)
    /// How long a client may take to read what it is sent before it is closed.
    let writeTimeout: Double
    /// The most bytes read into a connection's input before its service consumes some.
    private let inputLimit: Int
    /// Connections accepted in one round at most.
    private let acceptsPerRound: Int
    var connections: [ID: Connection] = [:]
    private var nextID: ID = 1
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The service, while the loop runs.
    var service: (any EventLoopService)?

    private struct Mail {
        var jobs: [@Sendable (EventLoop) -> Void] = []
        var stopped = false
        /// The pipe's end is closed once the loop has ended; posts then wake nothing.
        var ended = false
    }
    private let mail = Locked(Mail())

    /// A loop over `listeners`, which it makes non-blocking; it owns them and closes them when it
    /// ends.
    ///
    /// - Throws: ``SystemError`` if a listener cannot be made non-blocking or the wake-up pipe
    ///   cannot be made.
    package init(
        listeners: [Int32], writeTimeout: Double, inputLimit: Int, acceptsPerRound: Int = 256
    ) throws(SystemError) {
        // Accepted until none waits: a listener that blocked would stop the loop.
        for listener in listeners { try Sockets.setNonBlocking(listener) }
        self.listeners = listeners
        self.writeTimeout = writeTimeout
        self.inputLimit = inputLimit
        self.acceptsPerRound = acceptsPerRound
        wake = try Sockets.makePipe()
    }

    /// Runs the loop for `service` on a thread of its own named `name`, until ``stop()``. The
    /// loop holds the service until it ends.
    package func start(_ service: some EventLoopService & Sendable, name: String) {
        let thread = Thread { [self] in
            self.service = service
            run()
            self.service = nil
        }
        thread.name = name
        thread.start()
    }

    /// Runs `job` on the loop's thread soon; from any thread. Nothing runs after the loop ended.
    package func post(_ job: @escaping @Sendable (EventLoop) -> Void) {
        mail.withLock { mail in
            mail.jobs.append(job)
            // Under the lock, so that the end cannot be closed (and its number reused) between
            // the check and the write. A full pipe already holds a wake-up: the byte is not needed.
            guard !mail.ended, mail.jobs.count == 1 else { return }
            _ = withUnsafeBytes(of: UInt8(1)) { try? Files.write(wake.write, $0) }
        }
    }

    /// Stops accepting, closes every connection and ends the loop; from any thread.
    package func stop() {
        mail.withLock { mail in
            mail.stopped = true
            guard !mail.ended else { return }
            _ = withUnsafeBytes(of: UInt8(1)) { try? Files.write(wake.write, $0) }
        }
    }

    // MARK: - The loop

    private func run() {
        while true {
            var entries = listeners.map { PollEntry($0, wanted: .readable) } + [PollEntry(wake.read, wanted: .readable)]
            let ids = self.ids
            for id in ids { entries.append(PollEntry(connections[id]!.descriptor, wanted: wanted(connections[id]!))) }
            _ = try? Sockets.poll(&entries, milliseconds: timeout())
            let (jobs, stopped) = takeMail(drain: entries[listeners.count].happened.contains(.readable))
            if stopped { break }
            // A listener shut down under the loop (Linux reports it; iOS's defunct ones are
            // silent, and the app resumes them): its service may listen again.
            for index in listeners.indices where !entries[index].happened.isDisjoint(with: [.hangUp, .failed]) {
                replaceListener(index, with: nil)
                service?.listenerFailed(index, self)
            }
            for job in jobs { job(self) }
            let base = listeners.count + 1
            for (offset, id) in ids.enumerated() where !entries[base + offset].happened.isEmpty {
                serve(id, entries[base + offset].happened)
            }
            expire()
            for (index, listener) in listeners.enumerated()
            where listener >= 0 && entries[index].happened.contains(.readable) {
                acceptNew(index)
            }
        }
        for id in ids { close(id) }
        for listener in listeners where listener >= 0 { Files.close(listener) }
        Files.close(wake.read)
        mail.withLock { mail in
            mail.ended = true
            mail.jobs.removeAll()
            Files.close(wake.write)
        }
    }

    private func wanted(_ connection: Connection) -> PollEvents {
        var wanted: PollEvents = connection.reading ? .readable : []
        if connection.isWriting { wanted.insert(.writable) }
        return wanted
    }

    /// Until the nearest deadline, and at most a second.
    private func timeout() -> Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        let nearest = connections.values.map { min($0.deadline, $0.writeDeadline) }.min() ?? .max
        guard nearest != .max else { return 1_000 }
        return Int32(min(1_000, max(0, (Int64(bitPattern: nearest &- now) + 999_999) / 1_000_000)))
    }

    private func takeMail(drain: Bool) -> (jobs: [@Sendable (EventLoop) -> Void], stopped: Bool) {
        if drain {
            while (buffer.withUnsafeMutableBytes { try? Files.read(wake.read, into: $0) } ?? 0) > 0 {}
        }
        return mail.withLock { mail in
            defer { mail.jobs.removeAll() }
            return (mail.jobs, mail.stopped)
        }
    }

    static func after(_ seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(seconds, 1e9)) * 1e9)
    }

    private func acceptNew(_ index: Int) {
        for _ in 0..<acceptsPerRound {
            let descriptor: Int32
            switch Result(catching: { () throws(SystemError) in try Sockets.accept(listeners[index]) }) {
            case .success(let accepted): descriptor = accepted
            case .failure(let error) where error.is(.badDescriptor):
                // iOS made the listener defunct while the app was suspended (xnu's `sodefunct`:
                // it stays readable, and its accept fails with EBADF once): listen again.
                replaceListener(index, with: nil)
                service?.listenerFailed(index, self)
                return
            case .failure: return
            }
            guard (try? Sockets.setNonBlocking(descriptor)) != nil else {
                Files.close(descriptor)
                continue
            }
            let id = nextID
            nextID += 1
            connections[id] = Connection(descriptor: descriptor)
            service?.accepted(id, self)
            // What often arrives with the connection is read before the next one is taken.
            if connections[id]?.reading == true { serve(id, .readable) }
        }
    }

    private func serve(_ id: ID, _ happened: PollEvents) {
        guard let connection = connections[id] else { return }
        if connection.reading, !happened.isDisjoint(with: [.readable, .hangUp, .failed]) {
            switch receive(id) {
            case .open: break
            case .failed: return close(id)
            case .ended:
                // The peer is done sending (`shutdown(SHUT_WR)`, as `nc -N` and HTTP/1.0-style
                // clients do): what it sent is answered, then the connection closed.
                guard let now = connections[id], !now.input.isEmpty || now.isWriting else { return close(id) }
                connections[id]?.reading = false
                connections[id]?.closesWhenWritten = true
            }
            if connections[id]?.input.isEmpty == false { service?.received(id, self) }
        } else if !connection.reading, !connection.isWriting, !happened.isDisjoint(with: [.hangUp, .failed]) {
            // Linux answers an entry that asks for nothing (one waiting for its service) with
            // POLLHUP once the peer is gone; left open, it would wake the loop at once, again
            // and again. Darwin answers nothing there (a knote is registered only for what is
            // asked), and the answer's write finds the peer gone.
            return close(id)
        }
        // A peer that reset the connection mid-answer: Darwin's `poll`, built on kqueue,
        // says only `POLLHUP` and drops `POLLOUT` (xnu's `bsd/kern/sys_generic.c`,
        // `poll_callback`), which the write then finds out. Left alone, the loop would be
        // woken by it again and again until the write's deadline.
        if !happened.isDisjoint(with: [.writable, .failed, .hangUp]) { flush(id) }
    }

    /// What a read of a connection found.
    enum Reading {
        /// It is open: what arrived was read.
        case open
        /// The peer will send nothing more: what arrived before was read.
        case ended
        /// It failed.
        case failed
    }

    /// Reads what arrived, up to the input limit.
    func receive(_ id: ID) -> Reading {
        guard let descriptor = connections[id]?.descriptor else { return .failed }
        while (connections[id]?.input.count ?? inputLimit) < inputLimit {
            let read = buffer.withUnsafeMutableBytes { bytes in
                Result { () throws(SystemError) in try Sockets.receive(descriptor, into: bytes) }
            }
            switch read {
            case .success(0): return .ended
            case .success(let count):
                connections[id]!.input += buffer[..<count]
                connections[id]!.heard = true
            case .failure(let error) where error.is(.wouldBlock): return .open
            case .failure: return .failed
            }
        }
        return .open
    }

    /// The most blocks one connection is given in a round: a fast reader of a large answer
    /// does not keep the others waiting.
    private static let blocksPerRound = 16

    /// Writes what it can, taking the next segment as each is written.
    func flush(_ id: ID) {
        guard var connection = connections[id] else { return }
        var blocks = 0
        while true {
            if connection.written == connection.output.count {
                guard let next = connection.waiting.first else { break }
                switch next {
                case .bytes(let bytes):
                    connection.waiting.removeFirst()
                    connection.output = bytes
                case .blocks(let more):
                    guard let block = more() else {
                        connection.waiting.removeFirst()
                        continue
                    }
                    connection.output = block
                    blocks += 1
                }
                connection.written = 0
                // Polled for writing again: the rest in a later round.
                if blocks > Self.blocksPerRound { break }
                continue
            }
            let sent = connection.output.withUnsafeBytes { bytes in
                Result { () throws(SystemError) in
                    try Sockets.send(
                        connection.descriptor, UnsafeRawBufferPointer(rebasing: bytes[connection.written...]))
                }
            }
            switch sent {
            case .success(let count) where count > 0:
                connection.written += count
                connection.writeDeadline = Self.after(writeTimeout)
            case .failure(let error) where error.is(.wouldBlock):
                connections[id] = connection
                return
            default:
                connections[id] = connection
                return close(id)
            }
        }
        guard !connection.isWriting else {
            connections[id] = connection
            return
        }
        connection.output.removeAll(keepingCapacity: connection.output.count <= 1 << 16)
        connection.written = 0
        connection.writeDeadline = .max
        connections[id] = connection
        if connection.closesWhenWritten { return close(id) }
        service?.drained(id, self)
    }

    private func expire() {
        let now = DispatchTime.now().uptimeNanoseconds
        for id in ids {
            guard let connection = connections[id] else { continue }
            if connection.writeDeadline <= now {
                // A client that stopped reading what it is sent.
                close(id)
            } else if connection.deadline <= now {
                connections[id]?.deadline = .max
                service?.expired(id, self)
            }
        }
    }
}

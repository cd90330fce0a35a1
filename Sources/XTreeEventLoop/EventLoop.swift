import Dispatch
import Foundation
import XTreePlatform
import XTreeSupport

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
    private enum Segment {
        case bytes([UInt8])
        /// A large answer made a block at a time, as the bytes before it are written.
        case blocks(() -> [UInt8]?)
    }

    private struct Connection {
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
    private var listeners: [Int32]
    private let wake: (read: Int32, write: Int32)
    /// How long a client may take to read what it is sent before it is closed.
    private let writeTimeout: Double
    /// The most bytes read into a connection's input before its service consumes some.
    private let inputLimit: Int
    /// Connections accepted in one round at most.
    private let acceptsPerRound: Int
    private var connections: [ID: Connection] = [:]
    private var nextID: ID = 1
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// The service, while the loop runs.
    private var service: (any EventLoopService)?

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

    // MARK: - What the service asks, on the loop's thread

    /// The connections open, oldest first.
    package var ids: [ID] { connections.keys.sorted() }

    /// Whether `id` is open.
    package func isOpen(_ id: ID) -> Bool { connections[id] != nil }

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
    /// round that accepts many, the ends of those before are not seen until the next.
    package func closeHungUp() {
        let ids = self.ids
        var entries = ids.map { PollEntry(connections[$0]!.descriptor, wanted: .readable) }
        _ = try? Sockets.poll(&entries, milliseconds: 0)
        for (id, entry) in zip(ids, entries) where !entry.happened.isDisjoint(with: [.hangUp, .failed]) { close(id) }
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

    /// How many listeners it has, dead ones included.
    package var listenerCount: Int { listeners.count }

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
                acceptNew(listener)
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

    private static func after(_ seconds: Double) -> UInt64 {
        DispatchTime.now().uptimeNanoseconds + UInt64(max(0, min(seconds, 1e9)) * 1e9)
    }

    private func acceptNew(_ listener: Int32) {
        for _ in 0..<acceptsPerRound {
            guard let descriptor = try? Sockets.accept(listener) else { return }
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
            guard receive(id) else { return close(id) }
            if connections[id]?.input.isEmpty == false { service?.received(id, self) }
        }
        // A peer that reset the connection mid-answer: Darwin's `poll`, built on kqueue,
        // says only `POLLHUP` and drops `POLLOUT` (xnu's `bsd/kern/sys_generic.c`,
        // `poll_callback`), which the write then finds out. Left alone, the loop would be
        // woken by it again and again until the write's deadline.
        if !happened.isDisjoint(with: [.writable, .failed, .hangUp]) { flush(id) }
    }

    /// Reads what arrived, up to the input limit; `false` when the peer closed or the
    /// connection failed.
    private func receive(_ id: ID) -> Bool {
        guard let descriptor = connections[id]?.descriptor else { return false }
        while (connections[id]?.input.count ?? inputLimit) < inputLimit {
            let read = buffer.withUnsafeMutableBytes { bytes in
                Result { () throws(SystemError) in try Sockets.receive(descriptor, into: bytes) }
            }
            switch read {
            case .success(0): return false
            case .success(let count):
                connections[id]!.input += buffer[..<count]
                connections[id]!.heard = true
            case .failure(let error) where error.is(.wouldBlock): return true
            case .failure: return false
            }
        }
        return true
    }

    /// The most blocks one connection is given in a round: a fast reader of a large answer
    /// does not keep the others waiting.
    private static let blocksPerRound = 16

    /// Writes what it can, taking the next segment as each is written.
    private func flush(_ id: ID) {
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

import Foundation
import Testing
import XTreeEventLoop
import XTreePlatform
import XTreeSupport

/// A service that answers every connection with `answer` bytes and reads nothing more, and
/// says when a connection closed.
final class Answering: EventLoopService, @unchecked Sendable {
    let answer: Int
    let closedConnections = Locked(0)

    init(answer: Int) {
        self.answer = answer
    }

    func accepted(_ id: EventLoop.ID, _ loop: EventLoop) {
        loop.setReading(false, id)
        loop.send([UInt8](repeating: 65, count: answer), to: id)
    }
    func received(_ id: EventLoop.ID, _ loop: EventLoop) {}
    func expired(_ id: EventLoop.ID, _ loop: EventLoop) { loop.close(id) }
    func closed(_ id: EventLoop.ID) { closedConnections.withLock { $0 += 1 } }
}

/// A service that answers a request a moment later (as one that asks the main actor does),
/// reading nothing meanwhile; it counts what the loop tells it.
final class Deferring: EventLoopService, @unchecked Sendable {
    let answers: Bool
    let closedConnections = Locked(0)
    let drainedCalls = Locked(0)

    init(answers: Bool) {
        self.answers = answers
    }

    func accepted(_ id: EventLoop.ID, _ loop: EventLoop) {}
    func received(_ id: EventLoop.ID, _ loop: EventLoop) {
        let request = loop.input(of: id)
        loop.consume(request.count, of: id)
        loop.setReading(false, id)
        guard answers else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) {
            loop.post { loop in loop.send(Array("answer to \(String(decoding: request, as: UTF8.self))".utf8), to: id) }
        }
    }
    func expired(_ id: EventLoop.ID, _ loop: EventLoop) { loop.close(id) }
    func closed(_ id: EventLoop.ID) { closedConnections.withLock { $0 += 1 } }
    func drained(_ id: EventLoop.ID, _ loop: EventLoop) { drainedCalls.withLock { $0 += 1 } }
}

@Suite struct EventLoopTests {
    /// A loop listening on a Unix socket at `path`, with a write deadline of ten minutes.
    static func loop(listeningAt path: String) throws -> EventLoop {
        let listener = try Sockets.makeStreamSocket(for: .local(path))
        try Sockets.bind(listener, to: .local(path))
        try Sockets.listen(listener, backlog: 4)
        return try EventLoop(listeners: [listener], writeTimeout: 600, inputLimit: 1 << 16)
    }

    /// Darwin's `poll` says only `POLLHUP` to a writer whose peer went away (the Darwin
    /// personality does too): the loop closes the connection then, not at its write deadline
    /// (here ten minutes), waking for nothing until it.
    @Test func aPeerThatGoesAwayMidAnswerIsClosedAtOnce() async throws {
        let path = NSTemporaryDirectory() + "/loop-\(UInt32.random(in: 0...UInt32.max)).sock"
        defer { unlink(path) }
        let loop = try Self.loop(listeningAt: path)
        let service = Answering(answer: 8 << 20)
        loop.start(service, name: "test loop")
        defer { loop.stop() }

        let client = try Sockets.makeStreamSocket(for: .local(path))
        try Sockets.connect(client, to: .local(path))
        // The answer has begun to arrive, and is far from whole: the loop waits to write more.
        var entries = [PollEntry(client, wanted: .readable)]
        _ = try Sockets.poll(&entries, milliseconds: 10_000)
        #expect(entries[0].happened.contains(.readable))
        Files.close(client)

        for _ in 0..<200 where service.closedConnections.withLock({ $0 }) == 0 {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        #expect(service.closedConnections.withLock { $0 } == 1)
    }

    /// Stopped, the loop closes its listeners (the web server's `stop` is the loop's): a connect
    /// is refused. On a Unix socket of this test's own, which no other test can reach; a TCP
    /// port let go can at once be another test's server's or a client's local port.
    @Test func aStoppedLoopClosesItsListeners() async throws {
        let path = NSTemporaryDirectory() + "/loop-\(UInt32.random(in: 0...UInt32.max)).sock"
        defer { unlink(path) }
        let loop = try Self.loop(listeningAt: path)
        loop.start(Answering(answer: 1), name: "test loop")
        func connects() -> Bool {
            guard let client = try? Sockets.makeStreamSocket(for: .local(path)) else { return false }
            defer { Files.close(client) }
            return (try? Sockets.connect(client, to: .local(path))) != nil
        }
        #expect(connects(), "the loop listens before it stops")
        loop.stop()
        for _ in 0..<100 where connects() { try await Task.sleep(nanoseconds: 50_000_000) }
        #expect(!connects(), "a connect is refused once the loop stopped")
    }

    /// A client that shuts its sending side after its request (`nc -N`, HTTP/1.0 style) is
    /// answered, then closed: Darwin says POLLHUP for it where Linux says POLLRDHUP.
    @Test func aClientThatFinishesSendingAfterItsRequestIsAnswered() async throws {
        let path = NSTemporaryDirectory() + "/loop-\(UInt32.random(in: 0...UInt32.max)).sock"
        defer { unlink(path) }
        let loop = try Self.loop(listeningAt: path)
        let service = Deferring(answers: true)
        loop.start(service, name: "test loop")
        defer { loop.stop() }
        let client = try Sockets.makeStreamSocket(for: .local(path))
        defer { Files.close(client) }
        try Sockets.connect(client, to: .local(path))
        _ = try Array("ping".utf8).withUnsafeBytes { bytes throws(SystemError) in try Sockets.send(client, bytes) }
        Sockets.finishSending(client)
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            var entries = [PollEntry(client, wanted: .readable)]
            guard try Sockets.poll(&entries, milliseconds: 10_000) > 0 else { break }
            let count = try chunk.withUnsafeMutableBytes { bytes throws(SystemError) in
                try Sockets.receive(client, into: bytes)
            }
            if count == 0 { break }
            answer += chunk[..<count]
        }
        #expect(String(decoding: answer, as: UTF8.self) == "answer to ping")
    }

    /// A connection waiting for its service, whose peer left: Linux answers its empty poll
    /// entry with POLLHUP, and the loop closes it rather than waking again and again; Darwin
    /// answers nothing (the Darwin personality too), and it waits for its answer's write.
    @Test func aConnectionWaitingForItsServiceWhosePeerLeftDoesNotWakeTheLoop() async throws {
        let path = NSTemporaryDirectory() + "/loop-\(UInt32.random(in: 0...UInt32.max)).sock"
        defer { unlink(path) }
        let loop = try Self.loop(listeningAt: path)
        let service = Deferring(answers: false)
        loop.start(service, name: "test loop")
        defer { loop.stop() }
        let client = try Sockets.makeStreamSocket(for: .local(path))
        try Sockets.connect(client, to: .local(path))
        _ = try Array("ping".utf8).withUnsafeBytes { bytes throws(SystemError) in try Sockets.send(client, bytes) }
        try await Task.sleep(nanoseconds: 100_000_000)
        Files.close(client)
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(service.drainedCalls.withLock { $0 } < 3)
        #if XTREE_DARWIN_PERSONALITY
            #expect(service.closedConnections.withLock { $0 } == 0)
        #else
            #expect(service.closedConnections.withLock { $0 } == 1)
        #endif
    }
}

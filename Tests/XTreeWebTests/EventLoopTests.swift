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
}

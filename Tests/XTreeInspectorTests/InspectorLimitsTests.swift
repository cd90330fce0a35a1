import Foundation
import Testing
import XTree
import XTreeJournal
import XTreePlatform

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// The two ends of a connected stream socket pair.
func socketPair() -> (Connection, Connection) {
    let (first, second) = (try? Sockets.makeSocketPair()) ?? (-1, -1)
    return (Connection(descriptor: first), Connection(descriptor: second))
}

/// A hello line with `token`, `\n` included.
func hello(_ token: String, id: Int = 1) -> [UInt8] {
    InspectorRequest(id: id, .hello(version: InspectorProtocol.version, token: token)).line
}

/// What the app answers to `line` sent first on a new connection.
func firstReply(to line: [UInt8], app: InspectableApp) -> String {
    guard let connection = rawConnection(to: app) else { return "cannot connect" }
    _ = connection.write(line, timeout: 5)
    // A bound, never a wait: a hello's answer waits for the main actor, which a sanitized
    // parallel run was seen to keep busy for more than 10 s.
    guard case .line(let reply) = connection.readLine(limit: 1 << 16, timeout: 600) else { return "no reply" }
    return String(decoding: reply, as: UTF8.self)
}

/// The app's socket answers, the connection is read by nobody, and then closed.
@MainActor
@Suite struct InspectorLimitsTests {
    func book() -> Book {
        let book = Book()
        book.pages = [PageScreen("a")]
        return book
    }

    // MARK: - Lines

    @Test func aLineOfExactlyTheLimitIsReadAndOneByteMoreIsNot() async throws {
        for limit in [16, 4096, 70_000] {
            for (length, fits) in [(limit, true), (limit + 1, false)] {
                let pair = UncheckedBox(socketPair())
                let line = [UInt8](repeating: UInt8(ascii: "x"), count: length - 1) + [UInt8(ascii: "\n")]
                let result = try await offMain { () -> Bool? in
                    // Written from another thread: the pair's buffer may be smaller than the line.
                    let writing = Thread { _ = pair.value.1.write(line + line, timeout: 5) }
                    writing.start()
                    switch pair.value.0.readLine(limit: limit, timeout: 5) {
                    case .line(let bytes): return bytes.count == length - 1 ? true : nil
                    case .tooLong: return false
                    case .timedOut, .closed: return nil
                    }
                }
                #expect(result == fits, "a line of \(length) bytes with the limit \(limit)")
            }
        }
    }

    @Test func requestsAndHellosAreHeldToTheDocumentedLimitsToTheByte() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        // The documented numbers, written here: 1 MiB for a request, 4 KiB for a hello.
        let (request, hello) = (1_048_576, 4096)
        let replies = try await offMain { () -> [String] in
            var replies: [String] = []
            // A hello padded with spaces to the limit and one past it.
            for size in [hello, hello + 1] {
                var line = XTreeInspectorTests.hello(app.token)
                line.insert(contentsOf: [UInt8](repeating: 0x20, count: size - line.count), at: 1)
                replies.append(firstReply(to: line, app: app))
            }
            for size in [request, request + 1] {
                guard let connection = rawConnection(to: app) else { return [] }
                _ = connection.write(XTreeInspectorTests.hello(app.token), timeout: 5)
                _ = connection.readLine(limit: 4096, timeout: 10)
                var line = InspectorRequest(id: 2, .snapshot).line
                line.insert(contentsOf: [UInt8](repeating: 0x20, count: size - line.count), at: 1)
                let (box, padded) = (UncheckedBox(connection), line)
                // A bound, never a wait: under a full parallel run the 1 MiB took longer than
                // 10 s to go out, and the server, rightly, waited for the rest of the line.
                let writing = Thread { _ = box.value.write(padded, timeout: 600) }
                writing.start()
                // The snapshot waits for the main actor, which other suites may keep busy.
                guard case .line(let reply) = connection.readLine(limit: 1 << 16, timeout: 600) else {
                    replies.append("no reply")
                    continue
                }
                replies.append(String(decoding: reply, as: UTF8.self))
            }
            return replies
        }
        #expect(replies.count == 4)
        #expect(replies.first?.hasPrefix(#"{"grace":2,"id":1,"name":"Book","ok":true"#) == true, "\(replies)")
        #expect(replies.dropFirst().first == #"{"error":"a hello is at most 4096 bytes","ok":false}"#)
        #expect(replies.dropFirst(2).first == #"{"id":2,"ok":true,"snapshot":{"lines":4}}"#)
        #expect(replies.last == #"{"error":"a request is at most 1048576 bytes","ok":false}"#)
    }

    // MARK: - The token

    @Test func onlyTheWholeTokenOpensTheApp() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let token = app.token
        var forged = [
            "", String(token.dropLast()), String(token.prefix(1)), token + "0", String(token.dropFirst()) + "0",
            token.uppercased(), String(repeating: "0", count: token.count),
        ]
        // One character changed, at the start, the middle and the end.
        for index in [0, token.count / 2, token.count - 1] {
            var characters = Array(token)
            characters[index] = characters[index] == "a" ? "b" : "a"
            forged.append(String(characters))
        }
        let tokens = forged
        let replies = try await offMain { tokens.map { firstReply(to: hello($0), app: app) } }
        #expect(replies == Array(repeating: #"{"error":"wrong token","id":1,"ok":false}"#, count: forged.count))
        let right = try await offMain { firstReply(to: hello(token), app: app) }
        #expect(right.contains(#""ok":true"#))
    }

    // MARK: - Unauthenticated connections

    @Test func connectionsThatNeverSayHelloCannotKeepARealClientOut() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let idle = try await offMain {
            UncheckedBox((0..<(InspectorCore.maximumClients + 8)).compactMap { _ in rawConnection(to: app) })
        }
        #expect(idle.value.count == InspectorCore.maximumClients + 8)
        let snapshot = try await offMain { try patient(InspectorClient(app)).snapshot() }
        #expect(snapshot.nodes.count == 2)
        // The oldest idle connections were dropped to make room.
        let closed = try await offMain {
            idle.value.prefix(8).filter {
                if case .closed = $0.readLine(limit: 4096, timeout: 5) { return true } else { return false }
            }.count
        }
        #expect(closed == 8)
    }

    @Test func reconnectingIdleConnectionsCannotStarveRealClients() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let stop = StopFlag()
        let attacker = Thread {
            // Forty idle connections at all times, one replaced every 5 ms.
            var held: [Connection] = []
            while !stop.isSet {
                if let connection = rawConnection(to: app) { held.append(connection) }
                if held.count > 40 { held.removeFirst().close() }
                usleep(5_000)
            }
        }
        attacker.start()
        defer { stop.set() }
        let attached = try await offMain { () -> Int in
            var attached = 0
            for _ in 0..<20 where (try? patient(InspectorClient(app)).snapshot()) != nil { attached += 1 }
            return attached
        }
        #expect(attached == 20)
    }

    @Test func aClientPastTheLimitIsToldTheAppHasTooManyClients() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let clients = try await offMain {
            UncheckedBox(try (0..<InspectorCore.maximumClients).map { _ in try InspectorClient(app) })
        }
        #expect(clients.value.count == 32)
        let refused = await #expect(throws: InspectorError.self) { try await offMain { _ = try InspectorClient(app) } }
        #expect(refused == .refused("too many clients"))
        #expect(refused?.description == "the app refused: too many clients")
    }

    // MARK: - What a client accepts

    @Test func aClientRefusesASnapshotLargerThanItsLimitBeforeReadingIt() async throws {
        let folder = try InspectorFolder()
        let path = folder.path
        try Files.makeDirectory(path, permissions: 0o700)
        let socketPath = path + "/fake.sock"
        let listener = unixSocket(at: socketPath, listening: true)
        // An app that announces a trillion lines, then one that sends ten lines of 1 KiB.
        let server = Thread {
            for header in [
                #"{"id":2,"ok":true,"snapshot":{"lines":1000000000000}}"#,
                #"{"id":2,"ok":true,"snapshot":{"lines":10}}"#,
            ] {
                let descriptor = (try? Sockets.accept(listener)) ?? -1
                let connection = Connection(descriptor: descriptor)
                _ = connection.readLine(limit: 4096, timeout: 5)
                _ = connection.write(
                    Array(#"{"id":1,"name":"Fake","ok":true,"pid":1,"version":\#(InspectorProtocol.version)}"#.utf8) + [
                        10
                    ],
                    timeout: 5)
                _ = connection.readLine(limit: 4096, timeout: 5)
                var bytes = Array(header.utf8) + [10]
                for _ in 0..<10 { bytes += [UInt8](repeating: 0x20, count: 1023) + [10] }
                _ = connection.write(bytes, timeout: 5)
                _ = connection.readLine(limit: 4096, timeout: 5)
                connection.close()
            }
            Files.close(listener)
        }
        server.start()
        let app = InspectableApp(
            name: "Fake", pid: 1, address: "unix:" + socketPath, loopback: nil, token: "t",
            version: InspectorProtocol.version)
        let errors = try await offMain { () -> [InspectorError?] in
            var errors: [InspectorError?] = []
            for _ in 0..<2 {
                let client = try InspectorClient(app)
                client.maximumSnapshotBytes = 4096
                do {
                    _ = try client.snapshot()
                    errors.append(nil)
                } catch {
                    errors.append(error as? InspectorError)
                }
            }
            return errors
        }
        let refusal = InspectorError.refused(
            "a snapshot larger than the client's limit of 4 KiB; set XTREE_MAX_INPUT_BYTES to accept more")
        #expect(errors == [refusal, refusal])
    }
}

/// A flag one thread sets and another reads.
final class StopFlag: @unchecked Sendable {
    // Safe: `value` is only touched under `lock`.
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// Process ids that were just in use and are not now.
func deadPIDs(_ count: Int) throws -> [Int32] {
    try (0..<count).map { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exit 0"]
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}

/// A Unix domain socket at `path`, listening when `listening`; its descriptor.
func unixSocket(at path: String, listening: Bool) -> Int32 {
    let descriptor = (try? Sockets.makeStreamSocket(for: .local(path))) ?? -1
    try? Sockets.bind(descriptor, to: .local(path))
    if listening { try? Sockets.listen(descriptor, backlog: 16) }
    return descriptor
}

@Suite struct DiscoveryTrustTests {
    func plant(_ app: InspectableApp, named name: String? = nil, in directory: String) throws {
        let data = try JSONEncoder().encode(app)
        try data.write(to: URL(fileURLWithPath: directory + "/" + (name ?? "\(app.pid).json")))
    }

    func exists(_ path: String) -> Bool {
        (try? Files.status(at: path, followingLinks: false)) != nil
    }

    @Test func aPlantedDiscoveryFileCannotHaveAnyFileOrSocketRemoved() throws {
        let folder = try InspectorFolder()
        let directory = try InspectorDirectory.path(folder.path)
        let outside = try InspectorFolder()
        mkdir(outside.path, 0o700)
        let victim = outside.path + "/victim.txt"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        let victimSocket = outside.path + "/victim.sock"
        let socketDescriptor = unixSocket(at: victimSocket, listening: false)
        defer { Files.close(socketDescriptor) }
        let pids = try deadPIDs(4)
        func app(_ pid: Int32, _ address: String) -> InspectableApp {
            InspectableApp(name: "Planted", pid: pid, address: address, loopback: nil, token: "t", version: 1)
        }
        // Each names something that is not its own socket; the last names another app's.
        let othersSocket = directory + "/\(pids[3]).sock"
        let otherDescriptor = unixSocket(at: othersSocket, listening: false)
        defer { Files.close(otherDescriptor) }
        try plant(app(pids[0], "unix:" + victim), in: directory)
        try plant(app(pids[1], "unix:" + victimSocket), in: directory)
        try plant(app(pids[2], "unix:" + othersSocket), in: directory)
        // Its own socket path holds a regular file: not a socket, so it stays.
        let notASocket = directory + "/\(pids[0]).sock"
        try Data("file".utf8).write(to: URL(fileURLWithPath: notASocket))
        // Process ids no process has, and a file whose name is not its pid.
        try plant(app(0, "unix:" + victim), in: directory)
        try plant(app(-1, "unix:" + victim), in: directory)
        try plant(app(Terminal.processID, "unix:" + victim), named: "\(pids[3]).json", in: directory)

        let apps = try InspectorDirectory.runningApps(in: folder.path)
        #expect(apps.isEmpty, "\(apps)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
        #expect(exists(victimSocket))
        #expect(exists(othersSocket))
        #expect(exists(notASocket))
        // The files of the dead processes are gone; the ones that are not discovery files stay.
        #expect(!exists(directory + "/\(pids[0]).json"))
        #expect(!exists(directory + "/\(pids[2]).json"))
        #expect(exists(directory + "/0.json"))
        #expect(exists(directory + "/-1.json"))
        #expect(exists(directory + "/\(pids[3]).json"))
    }

    @Test func aStaleAppsOwnSocketIsRemovedWithItsFile() throws {
        let folder = try InspectorFolder()
        let directory = try InspectorDirectory.path(folder.path)
        let pid = try deadPIDs(1)[0]
        let socketPath = directory + "/\(pid).sock"
        let descriptor = unixSocket(at: socketPath, listening: false)
        Files.close(descriptor)
        try plant(
            InspectableApp(
                name: "Gone", pid: pid, address: "unix:" + socketPath, loopback: nil, token: "t", version: 1),
            in: directory)
        #expect(try InspectorDirectory.runningApps(in: folder.path).isEmpty)
        #expect(!exists(socketPath))
        #expect(!exists(directory + "/\(pid).json"))
    }

    /// A process that cannot be signalled (gone; or, for a user other than root, another
    /// user's) is running only if its socket answers.
    @Test func aProcessThatCannotBeSignalledIsRunningOnlyIfItsSocketAnswers() throws {
        let folder = try InspectorFolder()
        let directory = try InspectorDirectory.path(folder.path)
        var pids = try deadPIDs(2)
        if Files.userID != 0 { pids[1] = 1 }  // init: EPERM, not ESRCH
        let answering = directory + "/\(pids[0]).sock"
        let listener = unixSocket(at: answering, listening: true)
        defer { Files.close(listener) }
        let silent = directory + "/\(pids[1]).sock"
        Files.close(unixSocket(at: silent, listening: false))
        try plant(
            InspectableApp(
                name: "Answers", pid: pids[0], address: "unix:" + answering, loopback: nil, token: "t", version: 1),
            in: directory)
        try plant(
            InspectableApp(
                name: "Silent", pid: pids[1], address: "unix:" + silent, loopback: nil, token: "t", version: 1),
            in: directory)
        let apps = try InspectorDirectory.runningApps(in: folder.path)
        #expect(apps.map(\.name) == ["Answers"])
        #expect(exists(answering))
        #expect(!exists(silent))
    }
}

/// The protocol document states the limits the code enforces: a change to either without the
/// other fails here.
@Suite struct ProtocolDocumentTests {
    @Test func theDocumentStatesEveryLimitTheCodeEnforces() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/InspectorProtocol.md")
        let document = try String(contentsOf: url, encoding: .utf8).replacingOccurrences(of: "\n  ", with: " ")
        func grouped(_ number: Int) -> String {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.locale = Locale(identifier: "en_US")
            return formatter.string(from: NSNumber(value: number)) ?? "\(number)"
        }
        let statements = [
            "A request line is at most 1 MiB (\(grouped(InspectorProtocol.maximumRequestBytes)) bytes), its `\\n` included",
            "The `hello` line is at most \(grouped(InspectorProtocol.maximumHelloBytes)) bytes",
            "lines of at most \(InspectorProtocol.maximumReplyLineBytes >> 20) MiB",
            "must arrive within \(Int(InspectorCore.handshakeTimeout)) second",
            "closed after \(Int(InspectorCore.idleTimeout)) seconds without a request",
            "within \(Int(InspectorCore.writeTimeout)) seconds closes the connection",
            "A follower with \(Outbox.limit) events not yet written is dropped",
            "at most \(InspectorCore.maximumUnauthenticated) are kept",
            "At most \(InspectorCore.maximumClients) clients that said hello are served at once",
            "# The inspector protocol, version \(InspectorProtocol.version)",
            "it keeps at most \(grouped(InspectorProtocol.maximumBufferedEvents)) events and "
                + "\(InspectorProtocol.maximumBufferedEventBytes >> 20) MiB of their lines",
            "Sequence numbers are at most 2^53 (\(grouped(JournalEvent.maximumSequence)))",
        ]
        for statement in statements {
            #expect(document.contains(statement), "Docs/InspectorProtocol.md does not say: \(statement)")
        }
        #expect(InspectorProtocol.maximumRequestBytes == 1 << 20)
    }
}

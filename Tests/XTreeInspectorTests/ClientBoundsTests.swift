import Foundation
import Testing
import XTree
import XTreeJournal
import XTreePlatform
import XTreeSnapshot

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// A malicious app on the other end: it streams events to a follower and never answers. The
/// client keeps a bounded number of them and gives up at its reply's deadline, however fast
/// lines come.
@MainActor
@Suite struct ClientBoundsTests {
    static let tree = try! TreeSnapshot(nodes: [
        .init(
            id: "root", type: "Box", label: "R", attributes: [], depth: 0, order: 0, parent: nil, links: [], names: [])
    ])

    /// Event `sequence`: a change that edits nothing but says it had a notification.
    nonisolated static func eventLine(_ sequence: Int) -> [UInt8] {
        var reply = InspectorReply(id: nil)
        reply.event = JournalEvent(
            sequence: sequence, time: 0, kind: .change, notifications: 1, objects: 1,
            edit: TreeEdit(added: [], removed: [], changed: [], splices: []))
        return Array(try! JSONEncoder().encode(reply)) + [UInt8(ascii: "\n")]
    }

    /// A following client whose peer, on its own thread, reads the request and then writes an
    /// event every `pause` seconds until the client hangs up; what the call threw.
    func openWithAPeerThatNeverAnswers(
        pause: Double, replyTimeout: Double, bound: Int = InspectorProtocol.maximumBufferedEvents
    ) async throws -> (
        error: InspectorError?, buffered: Int, seconds: Double
    ) {
        let (near, far) = socketPair()
        let app = InspectableApp(
            name: "Hostile", pid: 1, address: "unix:/nowhere", loopback: nil, token: "t", version: 5)
        let client = UncheckedBox(InspectorClient(testingOn: near, app: app, following: Self.tree))
        client.value.replyTimeout = replyTimeout
        client.value.eventBound.count = bound
        let peer = UncheckedBox(far)
        let streaming = Thread {
            _ = peer.value.readLine(limit: 1 << 20, timeout: 10)
            var sequence = 1
            while peer.value.write(Self.eventLine(sequence), timeout: 10) {
                sequence += 1
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        }
        streaming.start()
        // Timed on the client's own thread: how long the call took, not how soon this test
        // is resumed on a main actor that other suites keep busy.
        let (error, seconds) = try await offMain { () -> (InspectorError?, Double) in
            defer { client.value.connection.close() }
            let started = Date()
            do throws(InspectorError) {
                _ = try client.value.open("recipes://x")
                return (nil, Date().timeIntervalSince(started))
            } catch {
                return (error, Date().timeIntervalSince(started))
            }
        }
        return (error, client.value.buffered.count - client.value.nextBuffered, seconds)
    }

    @Test func eventsStreamedAtFullSpeedAreBoundedAndTheCallIsRefused() async throws {
        // A smaller bound than the app's default, and a deadline far past it, so that the bound
        // is what ends the call however slowly the events are read (ThreadSanitizer).
        let (error, buffered, _) = try await openWithAPeerThatNeverAnswers(pause: 0, replyTimeout: 60, bound: 100)
        guard case .refused(let reason) = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(reason == "the app sent more than 100 events or 8 MiB of them without answering", "\(reason)")
        #expect(buffered == 100)
    }

    @Test func aReplyHasOneDeadlineHoweverManyEventsComeFirst() async throws {
        let (error, buffered, seconds) = try await openWithAPeerThatNeverAnswers(pause: 0.02, replyTimeout: 0.5)
        guard case .noAnswer = error else {
            Issue.record("expected no answer by the deadline, got \(String(describing: error))")
            return
        }
        #expect(buffered > 0 && buffered < InspectorProtocol.maximumBufferedEvents)
        // Lines kept coming every 20 ms: a deadline per line would never have passed.
        #expect(seconds < 10, "the call took \(seconds) s")
    }

    /// An edit that names a node the tree does not have.
    nonisolated static let unknownNodeEdit = TreeEdit(
        added: [], removed: [],
        changed: [
            .init(
                old: .init(id: "zz", type: "Box", label: "Z", attributes: [], names: [], identity: nil),
                new: .init(id: "zz", type: "Box", label: "Y", attributes: [], names: [], identity: nil))
        ], splices: [])

    /// What a client holding ``tree`` as a follower says when its peer sends
    /// `reply` and `read` takes it: the reason it refused, and the tree it then holds.
    func refusal(
        of reply: InspectorReply, read: @escaping @Sendable (InspectorClient) throws(InspectorError) -> Void
    ) async throws -> (reason: String?, labels: [String]?) {
        let (near, far) = socketPair()
        defer { far.close() }
        let app = InspectableApp(
            name: "Hostile", pid: 1, address: "unix:/nowhere", loopback: nil, token: "t", version: 5)
        let client = UncheckedBox(InspectorClient(testingOn: near, app: app, following: Self.tree))
        _ = far.write(Array(try JSONEncoder().encode(reply)) + [UInt8(ascii: "\n")], timeout: 5)
        let error = try await offMain { () -> InspectorError? in
            do throws(InspectorError) {
                try read(client.value)
                return nil
            } catch {
                return error
            }
        }
        guard case .refused(let reason) = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return (nil, nil)
        }
        return (reason, client.value.followedTree?.nodes.map(\.label))
    }

    /// A follower refuses a journal event whose edit does not fit its tree, and keeps the tree.
    @Test func aFollowerRefusesAnEditOfANodeItDoesNotHave() async throws {
        var reply = InspectorReply(id: nil)
        reply.event = JournalEvent(
            sequence: 1, time: 0, kind: .change, notifications: 1, objects: 1, edit: Self.unknownNodeEdit)
        let (reason, labels) = try await refusal(of: reply) { client throws(InspectorError) in
            _ = try client.nextEvent(timeout: 5)
        }
        #expect(reason?.hasPrefix("an invalid journal event:") == true, "\(reason ?? "")")
        #expect(labels == ["R"])
    }
}

/// A connect the listener refuses (Darwin does once its queue is full) is tried again, a few
/// times over about half a second, before the client gives up.
@Suite struct ConnectRetryTests {
    /// A socket bound to a path in a folder of its own, not listening: Linux refuses connects
    /// to it, as Darwin does to a listener whose queue is full.
    func boundSocket() throws -> (folder: InspectorFolder, path: String, socket: Int32) {
        let folder = try InspectorFolder()
        try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        let path = folder.path + "/app.sock"
        let socket = try Sockets.makeStreamSocket(for: .local(path))
        try Sockets.bind(socket, to: .local(path))
        return (folder, path, socket)
    }

    @Test func aRefusedConnectIsTriedAgainUntilTheListenerTakesIt() async throws {
        let (folder, path, socket) = try boundSocket()
        // The folder, which removes itself when released, lives to the end of the test.
        defer { withExtendedLifetime(folder) { Files.close(socket) } }
        // Listening a moment later: the first tries are refused.
        let listening = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            try? Sockets.listen(socket, backlog: 4)
        }
        listening.start()
        let connected = try await offMain { try InspectorClient.connect(to: "unix:" + path) }
        #expect(connected >= 0)
        Files.close(connected)
    }

    @Test func aConnectRefusedEveryTimeFailsWithTheReason() async throws {
        let (folder, path, socket) = try boundSocket()
        // The folder, which removes itself when released, lives to the end of the test.
        defer { withExtendedLifetime(folder) { Files.close(socket) } }
        let error = try await offMain { () -> InspectorError? in
            do throws(InspectorError) {
                Files.close(try InspectorClient.connect(to: "unix:" + path))
                return nil
            } catch {
                return error
            }
        }
        guard case .disconnected(let reason) = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("cannot connect to unix:\(path)"), "\(reason)")
    }
}

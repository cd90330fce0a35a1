import Foundation
import Testing
import XTree
import XTreeJournal
import XTreeSnapshot

@testable import XTreeInspector

/// A malicious app on the other end: it streams changes and never answers. The client keeps a
/// bounded number of them and gives up at its reply's deadline, however fast lines come.
@MainActor
@Suite struct ClientBoundsTests {
    static let tree = try! TreeSnapshot(nodes: [
        .init(
            id: "root", type: "Box", label: "R", attributes: [], depth: 0, order: 0, parent: nil, links: [], names: [])
    ])

    /// A change that edits nothing but says it had a notification: a watcher keeps it.
    nonisolated static let changeLine: [UInt8] = {
        var reply = InspectorReply(id: nil)
        reply.change = ChangeRecord(
            notifications: 1, objects: 1, edit: TreeEdit(added: [], removed: [], changed: [], splices: []),
            outlived: nil)
        return Array(try! JSONEncoder().encode(reply)) + [UInt8(ascii: "\n")]
    }()

    /// A client whose peer, on its own thread, reads the request and then writes a change
    /// every `pause` seconds until the client hangs up; what the call threw.
    func openWithAPeerThatNeverAnswers(pause: Double, replyTimeout: Double) async throws -> (
        error: InspectorError?, buffered: Int
    ) {
        let (near, far) = socketPair()
        let app = InspectableApp(
            name: "Hostile", pid: 1, address: "unix:/nowhere", loopback: nil, token: "t", version: 5)
        let client = UncheckedBox(InspectorClient(testingOn: near, app: app, watching: Self.tree))
        client.value.replyTimeout = replyTimeout
        let peer = UncheckedBox(far)
        let streaming = Thread {
            _ = peer.value.readLine(limit: 1 << 20, timeout: 10)
            while peer.value.write(Self.changeLine, timeout: 10) {
                if pause > 0 { Thread.sleep(forTimeInterval: pause) }
            }
        }
        streaming.start()
        let error = try await offMain { () -> InspectorError? in
            defer { client.value.connection.close() }
            do throws(InspectorError) {
                _ = try client.value.open("recipes://x")
                return nil
            } catch {
                return error
            }
        }
        return (error, client.value.changes.count - client.value.nextBuffered)
    }

    @Test func changesStreamedAtFullSpeedAreBoundedAndTheCallIsRefused() async throws {
        let (error, buffered) = try await openWithAPeerThatNeverAnswers(pause: 0, replyTimeout: 30)
        guard case .refused(let reason) = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("without answering"), "\(reason)")
        #expect(buffered <= InspectorProtocol.maximumBufferedChanges)
        #expect(buffered == InspectorProtocol.maximumBufferedChanges)
    }

    @Test func aReplyHasOneDeadlineHoweverManyChangesComeFirst() async throws {
        let started = Date()
        let (error, buffered) = try await openWithAPeerThatNeverAnswers(pause: 0.02, replyTimeout: 0.5)
        guard case .noAnswer = error else {
            Issue.record("expected no answer by the deadline, got \(String(describing: error))")
            return
        }
        #expect(buffered > 0 && buffered < InspectorProtocol.maximumBufferedChanges)
        // Lines kept coming every 20 ms: a deadline per line would never have passed.
        #expect(Date().timeIntervalSince(started) < 10)
    }
}

import Foundation
import Testing
import XTree
import XTreeSnapshot

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// `tree --format json` of a running app passes the app's lines through as they arrive: the
/// bytes a reading of them would render, each line checked as it passes.
@MainActor
@Suite struct SnapshotPassThroughTests {
    /// What the client passed on when its peer answered a snapshot request with `lines` (as
    /// many as `announced` says), and what it threw.
    func passed(_ lines: [[UInt8]], announced: Int? = nil, limit: Int? = nil) async throws -> (
        written: [UInt8], error: InspectorError?
    ) {
        let (near, far) = socketPair()
        let app = InspectableApp(name: "Peer", pid: 1, address: "unix:/nowhere", loopback: nil, token: "t", version: 7)
        let client = UncheckedBox(InspectorClient(testingOn: near, app: app, following: ClientBoundsTests.tree))
        // A loaded run of every suite may start the client's task late: the peer waits, as it does.
        client.value.replyTimeout = 600
        if let limit { client.value.maximumSnapshotBytes = limit }
        let peer = UncheckedBox(far)
        let answering = Thread {
            guard case .line(let line) = peer.value.readLine(limit: 1 << 20, timeout: 600),
                let request = InspectorRequest(line: line)
            else { return }
            var reply = InspectorReply(id: request.id)
            reply.snapshot = .init(lines: announced ?? lines.count)
            var bytes = Array(try! JSONEncoder().encode(reply)) + [UInt8(ascii: "\n")]
            for line in lines { bytes += line + [UInt8(ascii: "\n")] }
            _ = peer.value.write(bytes, timeout: 600)
            peer.value.close()
        }
        answering.start()
        return try await offMain { () -> ([UInt8], InspectorError?) in
            defer { client.value.connection.close() }
            var written: [UInt8] = []
            do throws(InspectorError) {
                try client.value.passSnapshot { written += $0 }
                return (written, nil)
            } catch {
                return (written, error)
            }
        }
    }

    @Test func anHonestAppsLinesPassAsTheyWouldBeRendered() async throws {
        var rendered = ""
        JSONRenderer().render(ClientBoundsTests.tree, to: &rendered)
        let lines = rendered.split(separator: "\n").map { Array($0.utf8) }
        let (written, error) = try await passed(lines)
        #expect(error == nil)
        #expect(String(decoding: written, as: UTF8.self) == rendered)
    }

    @Test func aLineThatIsNotTextOnOneLineEndsItAfterTheLinesBefore() async throws {
        let first = Array(#"{"nodes":["#.utf8)
        for bad in [Array("\u{1B}]0;pwned\u{7}".utf8), [0x22, 0xFF, 0x22], Array("a\rb".utf8)] {
            let (written, error) = try await passed([first, bad, Array("]}".utf8)])
            #expect(written == first + [UInt8(ascii: "\n")])
            #expect(error?.description.contains("a snapshot line 2 that is not UTF-8 JSON text on one line") == true)
        }
    }

    @Test func fewerLinesThanAnnouncedOrMoreBytesThanTheLimitAreRefused() async throws {
        let lines = [Array(#"{"nodes":["#.utf8), Array("]}".utf8)]
        let (_, short) = try await passed(lines, announced: 3)
        #expect(short != nil)
        let (written, large) = try await passed(lines + [Array(repeating: UInt8(ascii: "x"), count: 100)], limit: 64)
        #expect(large?.description.contains("larger than the client's limit") == true, "\(String(describing: large))")
        #expect(written.count <= 64)
    }
}

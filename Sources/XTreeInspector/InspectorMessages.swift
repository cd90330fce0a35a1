import Foundation
import XTree
import XTreeSupport

/// The inspector protocol: its version, limits, and the messages both sides exchange.
///
/// Documented in `Docs/InspectorProtocol.md`. Each message is one line of JSON (UTF-8, no
/// line break inside, `\n` at the end). A snapshot travels as the lines
/// ``JSONRenderer`` writes, announced by the reply before them.
public enum InspectorProtocol {
    /// The protocol version this build speaks; the handshake refuses any other.
    public static let version = 1
    /// The longest request line the app reads, its `\n` included.
    public static let maximumRequestBytes = 1 << 20
    /// The longest hello, the first request, its `\n` included.
    public static let maximumHelloBytes = 4096
    /// The longest reply, event or snapshot line a client reads.
    public static let maximumReplyLineBytes = 64 << 20
}

/// A request from a client.
package struct InspectorRequest: Codable, Sendable, Hashable {
    package enum Method: String, Codable, Sendable {
        case hello, snapshot, find, open, watch, flush
    }

    package var id: Int
    package var method: Method
    /// `hello`: the client's protocol version and the app's token.
    package var version: Int?
    package var token: String?
    /// `find`: the name, `KEY=VALUE` conditions, and whether to find every match.
    package var name: String?
    package var conditions: [String]?
    package var all: Bool?
    /// `open`: the link.
    package var url: String?

    package init(id: Int, method: Method) {
        self.id = id
        self.method = method
    }

    /// Reads one request line strictly (the JSON scan of every file the package reads, then
    /// the decoder); `nil` if it is not a request.
    package init?(line: [UInt8]) {
        let data = Data(line)
        guard DecodingProblem.strictProblem(in: data) == nil,
            let request = try? JSONDecoder().decode(Self.self, from: data)
        else { return nil }
        self = request
    }

    /// The request as one line, `\n` included.
    package var line: [UInt8] { encodedLine(self) }
}

/// A message as one line of JSON with sorted keys, `\n` included.
func encodedLine(_ message: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Every field is a string, number, Boolean, or an array or object of them.
    let data = (try? encoder.encode(message)) ?? Data("{}".utf8)
    return Array(data) + [UInt8(ascii: "\n")]
}

/// A reply to a request, or an event of a watch (then `id` is `nil`).
package struct InspectorReply: Codable, Sendable {
    /// Announces a snapshot: `lines` lines of ``JSONRenderer`` output follow the reply.
    struct SnapshotHeader: Codable, Sendable {
        var lines: Int
    }

    var id: Int?
    var ok: Bool
    var error: String?
    /// `hello`: the app's protocol version, name and process id.
    var version: Int?
    var name: String?
    var pid: Int32?
    var snapshot: SnapshotHeader?
    /// `find`: the trace of the search over the snapshot that follows.
    var trace: SearchTrace?
    /// `open`: what applying the link did.
    var opened: OpenResult?
    /// A watch's event.
    var change: ChangeEvent?

    init(id: Int?, ok: Bool = true, error: String? = nil) {
        self.id = id
        self.ok = ok
        self.error = error
    }

    /// Reads one reply or event line strictly.
    package init(line: [UInt8]) throws(InspectorError) {
        let data = Data(line)
        if let problem = DecodingProblem.strictProblem(in: data) { throw .refused("a malformed message: \(problem)") }
        do {
            self = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw .refused("a malformed message")
        }
    }
}

/// What an attached app's link handler did.
public struct OpenResult: Codable, Sendable, Hashable {
    /// The trace of every search the handler made, in the order they ended.
    public var traces: [SearchTrace]
    /// The handler's error, described, if it threw.
    public var error: String?
    /// Breadth-first numbers from the root to the object the link ended on, in the snapshot
    /// taken after it; empty if the handler threw or returned nothing in the tree.
    public var path: [Int]

    /// Creates a result.
    public init(traces: [SearchTrace], error: String?, path: [Int]) {
        self.traces = traces
        self.error = error
        self.path = path
    }
}

/// What changed in an attached app: the announcements of a short window, coalesced.
public struct ChangeEvent: Codable, Sendable, Hashable {
    /// How many announcements (`objectWillChange`, Observation) arrived.
    public var notifications: Int
    /// From how many objects.
    public var objects: Int
    /// The tree after, against the tree before.
    public var diff: TreeDiff

    /// Creates an event.
    public init(notifications: Int, objects: Int, diff: TreeDiff) {
        self.notifications = notifications
        self.objects = objects
        self.diff = diff
    }
}

import Foundation
import XTree
import XTreeJournal
import XTreeSupport

/// A reply to a request, or an event of a watch (then `id` is `nil`).
package struct InspectorReply: Codable, Sendable {
    /// Announces a snapshot: `lines` lines of ``JSONRenderer`` output follow the reply.
    struct SnapshotHeader: Codable, Sendable {
        var lines: Int
    }

    var id: Int?
    var ok: Bool
    var error: String?
    /// `hello`: the app's protocol version, name and process id, and its ``DeepLinkableApp``
    /// type if it named one.
    var version: Int?
    var name: String?
    var pid: Int32?
    var app: AppTypeName?
    /// `hello`: the type's link examples and sample values, at most
    /// ``InspectorProtocol/maximumExamples`` of each, for checks such as `xtree-cli links`.
    var examples: [LinkExample]?
    var samples: [String]?
    /// `hello`: how long, in seconds, an object that left the tree may stay alive before an
    /// `outlived` event names it.
    var grace: Double?
    /// `audit`: the children audit's problems on the tree now, each a sentence, at most
    /// ``InspectorProtocol/maximumExamples`` of them.
    var audit: [String]?
    var snapshot: SnapshotHeader?
    /// `find`: the trace of the search over the snapshot that follows.
    var trace: SearchTrace?
    /// `open`: what applying the link did.
    var opened: OpenResult?
    /// `journal` and `follow`: how many event lines follow the snapshot of the tree after the
    /// last of them, the journal's capacity, and the last sequence number given.
    var journal: JournalHeader?
    /// A journal event: one of the lines announced by ``journal``, or a follower's event.
    var event: JournalEvent?
    var restored: RestoreResult?
    /// `why`: the link's form and receiver; its search's trace is `trace`.
    var why: WhyResult?

    struct JournalHeader: Codable, Sendable {
        var events: Int
        var capacity: Int
        var sequence: Int
    }

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

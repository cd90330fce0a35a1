import Foundation
import XTree
import XTreeJournal
import XTreeSupport

/// A reply to a request, or an event of a watch (then `id` is `nil`).
package struct InspectorReply: Codable, Sendable {
    /// Announces a snapshot: `lines` lines of ``JSONRenderer`` output follow the reply.
    package struct SnapshotHeader: Codable, Sendable {
        package var lines: Int
    }

    package var id: Int?
    package var ok: Bool
    package var error: String?
    /// `hello`: the app's protocol version, name and process id, and its ``DeepLinkableApp``
    /// type if it named one.
    package var version: Int?
    package var name: String?
    package var pid: Int32?
    package var app: AppTypeName?
    /// `hello`: the type's link examples, sample values and sample links, at most
    /// ``InspectorProtocol/maximumExamples`` of each, for checks such as `xtree-cli links`
    /// (`sampleLinks` optional within version 7: an app of an earlier build sends none).
    package var examples: [LinkExample]?
    package var samples: [String]?
    package var sampleLinks: [LinkExample]?
    /// `hello`: what a person can do to the app besides links (``DeepLinkableApp/actions``),
    /// by name (optional within version 7: an app of an earlier build sends none).
    package var actions: [ActionDescription]?
    /// `hello`: whether the app runs its own check (``SelfCheckingApp``) for the `check`
    /// request (optional within version 7: an app of an earlier build runs none).
    package var checks: Bool?
    /// `check`: a part of the app's own check's report (the results after those asked past,
    /// or its end), which the reachability kit reads.
    package var checked: JSONValue?
    /// `action`: what the app said of it (that there was nothing to do), if anything.
    package var said: String?
    /// `hello`: how long, in seconds, an object that left the tree may stay alive before an
    /// `outlived` event names it.
    package var grace: Double?
    /// `audit`: the children audit's problems on the tree now, each a sentence, at most
    /// ``InspectorProtocol/maximumExamples`` of them.
    package var audit: [String]?
    package var snapshot: SnapshotHeader?
    /// `find`: the trace of the search over the snapshot that follows.
    package var trace: SearchTrace?
    /// `open`: what applying the link did.
    package var opened: OpenResult?
    /// `journal` and `follow`: how many event lines follow the snapshot of the tree after the
    /// last of them, the journal's capacity, and the last sequence number given.
    package var journal: JournalHeader?
    /// A journal event: one of the lines announced by ``journal``, or a follower's event.
    package var event: JournalEvent?
    package var restored: RestoreResult?
    /// `why`: the link's form and receiver; its search's trace is `trace`.
    package var why: WhyResult?
    /// `find` with `answer`: the answer alone.
    package var found: FoundAnswer?
    /// `snapshot`: the links the app's ``LinkHolder``s hold now, redacted as the journal keeps
    /// links; absent when none is held (and from an app of an earlier build).
    package var held: [HeldLink]?

    /// An action as `hello` lists it: one word, and a few for help.
    package struct ActionDescription: Codable, Sendable, Hashable {
        package var name: String
        package var help: String

        package init(name: String, help: String) {
            self.name = name
            self.help = help
        }

        /// Whether it is one a tool offers: a lowercase word of letters, digits and `-` of at
        /// most 32 bytes, with help of at most ``InspectorProtocol/maximumExampleBytes``.
        package var isOffered: Bool {
            (1...32).contains(name.utf8.count) && help.utf8.count <= InspectorProtocol.maximumExampleBytes
                && name.utf8.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                }
        }
    }

    package struct JournalHeader: Codable, Sendable {
        package var events: Int
        package var capacity: Int
        package var sequence: Int
    }

    package init(id: Int?, ok: Bool = true, error: String? = nil) {
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

import Foundation
import XTree
import XTreeSupport

/// A request from a client.
package struct InspectorRequest: Codable, Sendable, Hashable {
    package enum Method: String, Codable, Sendable {
        case hello, snapshot, find, open, journal, follow, restore, why, audit, action
    }

    package var id: Int
    package var method: Method
    /// `hello`: the client's protocol version and the app's token.
    package var version: Int?
    package var token: String?
    /// `find`: the name, the conditions (each a key, a comparison and a value), and whether
    /// to find every match.
    /// `action`: the name of one of the actions `hello` listed.
    package var name: String?
    package var conditions: [NodeCondition]?
    package var all: Bool?
    /// `find` and `why`: `true` for the answer alone (``FoundAnswer``), with at most `shown`
    /// visited nodes' lines, and no tree. An app of an earlier build ignores it and sends the
    /// tree, as does an app whose own router answers `why`.
    package var answer: Bool?
    package var shown: Int?
    /// `open`: the link.
    package var url: String?
    /// `open`: `false` for no traces: the app counts its searches for the journal and sends
    /// none of the steps they visited. Default `true`.
    package var traces: Bool?
    /// `open`: how long to wait, in seconds, for a link the app holds (``LinkHolder``) to be
    /// delivered, before answering that it is still held. Default 5.
    package var hold: Double?
    /// `journal` and `follow`: only the events after this sequence number (`follow`: the
    /// events kept after it, then every new one).
    package var after: Int?
    /// `restore`: the event whose state to return to; 0 for the start.
    package var to: Int?
    /// `journal`: `false` for the events without the tree after the last of them, so without
    /// their diffs: a reader of summaries costs the app no walk of its tree. Default `true`.
    package var tree: Bool?

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

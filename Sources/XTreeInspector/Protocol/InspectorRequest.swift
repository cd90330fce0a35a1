import Foundation
import XTree
import XTreeSupport

/// A request from a client: its number, which its reply repeats, and what it asks.
///
/// On the wire a request is one JSON object, `id` and `method` and the method's fields beside
/// them (Docs/InspectorProtocol.md); ``Call`` is that object read, so that a new request is a
/// case the compiler names everywhere it must be handled.
package struct InspectorRequest: Sendable, Hashable {
    package enum Call: Sendable, Hashable {
        /// The client's protocol version and the app's token.
        case hello(version: Int?, token: String?)
        case snapshot
        /// A search by name with conditions; `answerOnly` for the answer alone (``FoundAnswer``)
        /// with at most `shown` visited nodes' lines and no tree, otherwise the search's trace
        /// and the tree it searched (as clients of protocol 7's first builds ask).
        case find(name: String?, conditions: [NodeCondition], all: Bool, answerOnly: Bool, shown: Int?)
        /// The link; `traces: false` for no traces (the app counts its searches for the
        /// journal and sends none of the steps they visited); how long to wait, in seconds, for
        /// a link the app holds (``LinkHolder``) to be delivered before answering that it is
        /// still held (5 if not given); `answerOnly` for where it ended alone
        /// (``OpenResult/reached``, with the tree's type names if `types`) and no tree, where the
        /// app's live view can say it (an app of an earlier build ignores it and sends the tree).
        case open(link: String?, traces: Bool, hold: Double?, answerOnly: Bool = false, types: Bool = false)
        /// The events after a sequence number (0 for all kept); `withTree: false` for the
        /// events without the tree after the last of them, so without their diffs: a reader of
        /// summaries costs the app no walk of its tree.
        case journal(after: Int, withTree: Bool)
        /// The events kept after a sequence number, if given, then every new one.
        case follow(after: Int?)
        /// The event whose state to return to; 0 for the start.
        case restore(to: Int?)
        /// Where a link would go; `answerOnly` as for `find` (an app of an earlier build
        /// ignores it and sends the tree, as does an app whose own router answers).
        case why(link: String?, answerOnly: Bool, shown: Int?)
        /// The children audit of the tree now.
        case audit
        /// The name of one of the actions `hello` listed.
        case action(name: String?)
        /// The app's own reachability check (``CheckedApp``): from 0 starts a run for the
        /// connection; the reply holds the results after `after` once there are any, or the end.
        case check(after: Int)
    }

    package var id: Int
    package var call: Call

    package init(id: Int, _ call: Call) {
        self.id = id
        self.call = call
    }

    /// Reads one request line strictly (the JSON scan of every file the package reads, then
    /// the decoder); `nil` if it is not a request.
    package init?(line: [UInt8]) {
        let data = Data(line)
        guard DecodingProblem.strictProblem(in: data) == nil,
            let wire = try? JSONDecoder().decode(Wire.self, from: data)
        else { return nil }
        self.init(id: wire.id, wire.call)
    }

    /// The request as one line, `\n` included.
    package var line: [UInt8] { encodedLine(Wire(self)) }
}

extension InspectorRequest {
    /// The object on the wire: a method's name and the fields of every method, each optional.
    /// Only here does the flat shape exist; a field a method does not read is never written,
    /// nor one at its default.
    private struct Wire: Codable {
        enum Method: String, Codable {
            case hello, snapshot, find, open, journal, follow, restore, why, audit, action, check
        }

        var id: Int
        var method: Method
        var version: Int?
        var token: String?
        var name: String?
        var conditions: [NodeCondition]?
        var all: Bool?
        var answer: Bool?
        var shown: Int?
        var url: String?
        var traces: Bool?
        var hold: Double?
        var after: Int?
        var to: Int?
        var tree: Bool?
        var types: Bool?

        init(id: Int, method: Method) {
            self.id = id
            self.method = method
        }

        init(_ request: InspectorRequest) {
            let id = request.id
            switch request.call {
            case .hello(let version, let token):
                self.init(id: id, method: .hello)
                (self.version, self.token) = (version, token)
            case .snapshot:
                self.init(id: id, method: .snapshot)
            case .find(let name, let conditions, let all, let answerOnly, let shown):
                self.init(id: id, method: .find)
                (self.name, self.conditions, self.shown) = (name, conditions.isEmpty ? nil : conditions, shown)
                (self.all, self.answer) = (all ? true : nil, answerOnly ? true : nil)
            case .open(let link, let traces, let hold, let answerOnly, let types):
                self.init(id: id, method: .open)
                (url, self.traces, self.hold) = (link, traces ? nil : false, hold)
                (answer, self.types) = (answerOnly ? true : nil, types ? true : nil)
            case .journal(let after, let withTree):
                self.init(id: id, method: .journal)
                (self.after, tree) = (after == 0 ? nil : after, withTree ? nil : false)
            case .follow(let after):
                self.init(id: id, method: .follow)
                self.after = after
            case .restore(let to):
                self.init(id: id, method: .restore)
                self.to = to
            case .why(let link, let answerOnly, let shown):
                self.init(id: id, method: .why)
                (url, answer, self.shown) = (link, answerOnly ? true : nil, shown)
            case .audit:
                self.init(id: id, method: .audit)
            case .action(let name):
                self.init(id: id, method: .action)
                self.name = name
            case .check(let after):
                self.init(id: id, method: .check)
                self.after = after == 0 ? nil : after
            }
        }

        var call: Call {
            switch method {
            case .hello: .hello(version: version, token: token)
            case .snapshot: .snapshot
            case .find:
                .find(
                    name: name, conditions: conditions ?? [], all: all ?? false, answerOnly: answer ?? false,
                    shown: shown)
            case .open:
                .open(link: url, traces: traces ?? true, hold: hold, answerOnly: answer ?? false, types: types ?? false)
            case .journal: .journal(after: after ?? 0, withTree: tree ?? true)
            case .follow: .follow(after: after)
            case .restore: .restore(to: to)
            case .why: .why(link: url, answerOnly: answer ?? false, shown: shown)
            case .audit: .audit
            case .action: .action(name: name)
            case .check: .check(after: after ?? 0)
            }
        }
    }
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspector
import XTreeSupport

/// `find`'s options besides the name: also what `find` typed in `watch` takes.
package struct QueryOptions: ParsableArguments {
    package init() {}
    @Option(
        name: "where", value: "KEY=VALUE",
        help: "Only nodes whose attribute KEY (or 'label') is VALUE; also KEY!=VALUE, and KEY~TEXT for contains.")
    package var conditions: [String]
    @Flag(name: "all", help: "Print every match, not just the first.")
    package var all: Bool
    @Flag(name: "trace", help: "When nothing matches, print every visited node (default the first 20).")
    package var trace: Bool
}

/// What `find` looks for: a name, conditions, and whether to find every match.
@MainActor
package struct FindQuery {
    package let name: String
    package let conditions: [NodeCondition]
    package let all: Bool
    /// Whether every visited node is printed when nothing matches.
    package let tracesAll: Bool
    /// How many visited nodes are printed when nothing matches, unless all are asked for.
    package static let visitedShown = 20

    package init(name: String, options: QueryOptions) throws(CLIError) {
        var conditions: [NodeCondition] = []
        for text in options.conditions {
            guard let condition = NodeCondition(text) else {
                throw .usage(
                    "--where takes \(NodeCondition.forms), KEY being letters, digits, '_', '.' and '-'; "
                        + "got '\(TerminalText.shortened(text))'",
                    command: nil)
            }
            conditions.append(condition)
        }
        guard Self.isWellFormed(name) else {
            throw .usage(
                "'\(TerminalText.shortened(name))' is not a type name; names are letters, digits and '_', "
                    + "optionally after 'Module.'",
                command: nil)
        }
        self.name = name
        self.conditions = conditions
        all = options.all
        tracesAll = options.trace
    }

    /// A search for `name` whose answers meet `conditions`, as `why` makes it.
    package init(name: String, conditions: [NodeCondition], tracesAll: Bool = false) {
        self.name = name
        self.conditions = conditions
        all = false
        self.tracesAll = tracesAll
    }

    package func search(_ snapshot: TreeSnapshot) -> SearchTrace {
        snapshot.search(forName: name, all: all) { node in conditions.allSatisfy { $0.matches(node) } }
    }

    /// How many visited nodes an answer gives lines of when nothing matched.
    package var shown: Int { tracesAll ? 1_000_000 : Self.visitedShown }

    /// The answer of a search of `snapshot` already made (`why`'s).
    package func answer(_ trace: SearchTrace, in snapshot: TreeSnapshot, knownNames: [String]) -> FoundAnswer {
        FoundAnswer(
            trace: trace, in: snapshot, forName: name, conditions: conditions, shown: shown, knownNames: knownNames)
    }

    /// Prints the matches with their paths, or, when there is none, why, and the first
    /// visited nodes (every one with `--trace`).
    package func report(_ answer: FoundAnswer, console: Console) throws(CLIError) {
        guard !answer.matches.isEmpty else {
            // The answer and why first; then what was visited, the first of it unless asked.
            console.out(answer.headline + "\n")
            for line in answer.explanation ?? [] { console.out(line + "\n") }
            if !answer.visitedLines.isEmpty { console.out("visited:\n") }
            for line in answer.visitedLines { console.out(line + "\n") }
            if answer.visitedLines.count < answer.visited {
                console.out(
                    "  … \(answer.visited - answer.visitedLines.count) more visited nodes (--trace prints them all)\n")
            }
            let description =
                TerminalText.shortened(name)
                + (conditions.isEmpty ? "" : " where " + conditions.map(\.description).joined(separator: " "))
            throw .failure("nothing matched \(description) among \(answer.visited) visited nodes")
        }
        for match in answer.matches {
            console.out("\(match.line)\n")
            console.out("  path: \(match.pathText)\n")
        }
    }

    /// The answer of `find --format json`, and of `why --format json` with `why`'s fields.
    private struct JSONAnswer: Encodable {
        struct Match: Encodable {
            let order: Int
            let id: String
            let type: String
            let label: String
            let path: [Int]
        }
        var name: String
        var conditions: [String]
        var visited: Int
        var matches: [Match]
        var explanation: [String]?
        var link: String?
        var form: String?
        var receiver: String?
        var applied: Bool?
        /// `why`: the holder the app's router would keep the link in, if it would hold it.
        var heldBy: String?
    }

    /// The matches with their paths, or the explanation of none, as one JSON object for
    /// tools (`--format json`, the MCP server): `name`, `conditions`, `visited`, `matches`
    /// (each `order`, `id`, `type`, `label`, `path`: breadth-first numbers from the root),
    /// `explanation` (lines, when nothing matched); `why`'s `link`, `form`, `receiver` and
    /// `applied: false` when given. Fails as ``report(_:console:)`` does when nothing
    /// matched, after printing it.
    package func reportJSON(
        _ answer: FoundAnswer, console: Console,
        why: (link: String, form: String, receiver: String, heldBy: String?)? = nil
    ) throws(CLIError) {
        let json = JSONAnswer(
            name: name, conditions: conditions.map(\.description), visited: answer.visited,
            matches: answer.matches.map {
                JSONAnswer.Match(order: $0.order, id: $0.id, type: $0.type, label: $0.label, path: $0.path)
            },
            // A held link made no search: its holder is the answer, not an empty search's reasons.
            explanation: answer.matches.isEmpty && why?.heldBy == nil ? answer.explanation : nil,
            link: why?.link, form: why?.form, receiver: why?.receiver, applied: why.map { _ in false },
            heldBy: why?.heldBy)
        let encoder = JSONOutput.encoder()
        let data = (try? encoder.encode(json)) ?? Data("{}".utf8)
        console.out(String(decoding: data, as: UTF8.self) + "\n")
        if answer.matches.isEmpty, why?.heldBy == nil { throw .failure("nothing matched") }
    }

    package static func isWellFormed(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count <= 2
            && parts.allSatisfy { part in
                guard let first = part.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
                return part.unicodeScalars.allSatisfy {
                    $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0)
                }
            }
    }
}

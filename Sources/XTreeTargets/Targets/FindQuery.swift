import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole

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

    /// Prints the matches with their paths, or every verdict when there is none.
    package func report(
        _ trace: SearchTrace, in snapshot: TreeSnapshot, knownNames: [String] = [], console: Console
    ) throws(CLIError) {
        let matches = trace.steps.filter { $0.verdict == .matched && snapshot.nodes.indices.contains($0.order) }
        guard !matches.isEmpty else {
            // The answer and why first; then what was visited, the first of it unless asked.
            console.out(trace.headline + "\n")
            let explanation = snapshot.explainNoMatch(forName: name, conditions: conditions, knownNames: knownNames)
            for line in explanation { console.out(line + "\n") }
            let visited = trace.steps.count
            let shown = tracesAll ? visited : min(visited, Self.visitedShown)
            if shown > 0 { console.out("visited:\n") }
            for step in trace.steps.prefix(shown) { console.out(trace.line(of: step) + "\n") }
            if shown < visited {
                console.out("  … \(visited - shown) more visited nodes (--trace prints them all)\n")
            }
            let description =
                TerminalText.shortened(name)
                + (conditions.isEmpty ? "" : " where " + conditions.map(\.description).joined(separator: " "))
            throw .failure("nothing matched \(description) among \(trace.steps.count) visited nodes")
        }
        for match in matches {
            console.out("\(snapshot.nodes[match.order])\n")
            console.out("  path: \(snapshot.pathDescription(snapshot.path(to: match.order)))\n")
        }
    }

    /// The answer of `find --format json`, and of `why --format json` with `why`'s fields.
    private struct Answer: Encodable {
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
    }

    /// The matches with their paths, or the explanation of none, as one JSON object for
    /// tools (`--format json`, the MCP server): `name`, `conditions`, `visited`, `matches`
    /// (each `order`, `id`, `type`, `label`, `path`: breadth-first numbers from the root),
    /// `explanation` (lines, when nothing matched); `why`'s `link`, `form`, `receiver` and
    /// `applied: false` when given. Fails as ``report(_:in:knownNames:console:)`` does when
    /// nothing matched, after printing it.
    package func reportJSON(
        _ trace: SearchTrace, in snapshot: TreeSnapshot, knownNames: [String] = [], console: Console,
        why: (link: String, form: String, receiver: String)? = nil
    ) throws(CLIError) {
        let matches = trace.steps.filter { $0.verdict == .matched && snapshot.nodes.indices.contains($0.order) }
        let answer = Answer(
            name: name, conditions: conditions.map(\.description), visited: trace.steps.count,
            matches: matches.map { match in
                let node = snapshot.nodes[match.order]
                return Answer.Match(
                    order: match.order, id: node.id, type: node.type, label: node.label,
                    path: snapshot.path(to: match.order))
            },
            explanation: matches.isEmpty
                ? snapshot.explainNoMatch(forName: name, conditions: conditions, knownNames: knownNames) : nil,
            link: why?.link, form: why?.form, receiver: why?.receiver, applied: why.map { _ in false })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(answer)) ?? Data("{}".utf8)
        console.out(String(decoding: data, as: UTF8.self) + "\n")
        if matches.isEmpty { throw .failure("nothing matched") }
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

import Dispatch
import XTree
import XTreeSnapshot

/// The check of an app's link examples where the app runs in another process (attached or
/// launched, `xtree-cli check --attach/--launch`): each example passes when it is applied
/// without error and ends on an object in the app's tree, of the type the example says it
/// reaches if it says one. The report is the kit's, so text, JSON, JUnit XML and coverage
/// read the same.
package struct ExampleCheck {
    /// What an example reached: the path to the object it ended on, and the types in the tree
    /// it left; or why it failed.
    package enum Outcome {
        /// The path, the names the object at its end answers to in searches, every type in
        /// the tree, and what appeared: the nodes the link added, each with the names it
        /// answers to.
        case reached(
            path: [NodeReference], endNames: [String], types: Set<String>,
            appeared: [(node: NodeReference, names: [String])] = [])
        case failed(String)
    }

    package let name: String
    package let examples: [LinkExample]
    package let applier: String

    package init(name: String, examples: [LinkExample], applier: String) {
        self.name = name
        self.examples = examples
        self.applier = applier
    }

    /// `A, B, C and 2 more`.
    private static func listed(_ types: [String]) -> String {
        types.prefix(3).joined(separator: ", ") + (types.count > 3 ? " and \(types.count - 3) more" : "")
    }

    /// What an example that states no type must reach.
    package static let anyObject = "an object in the app's tree"

    /// Applies each example's link with `apply`, in order, calling `progress` after each.
    @MainActor
    package func run(
        apply: (String) async -> Outcome, stopped: () -> Bool = { false },
        progress: (ReachabilityReport) -> Void = { _ in }
    ) async -> ReachabilityReport {
        var report = ReachabilityReport(
            name: name, links: examples.count, appliers: [applier],
            linkWidth: examples.map { TerminalText.escaped($0.link).count }.max() ?? 0)
        progress(report)
        for example in examples {
            if Task.isCancelled || stopped() { break }
            let start = DispatchTime.now().uptimeNanoseconds
            var result = ReachabilityReport.Result(
                link: example.link, applier: applier, expected: example.reaches.map { "a \($0)" } ?? Self.anyObject,
                reached: [], traces: [], failure: nil, seconds: 0)
            switch await apply(example.link) {
            case .reached(let path, let names, let types, let appeared):
                result.reached = path
                if !appeared.isEmpty { result.appeared = appeared.map(\.node) }
                report.typesSeen.formUnion(types)
                // The type may name what the handler returned or a node the link made appear.
                func isWanted(_ type: String, _ names: [String], _ wanted: String) -> Bool {
                    typeName(wanted, matches: type) || names.contains { typeName(wanted, matches: $0) }
                }
                if let end = path.last {
                    if let wanted = example.reaches, !isWanted(end.type, names, wanted),
                        !appeared.contains(where: { isWanted($0.node.type, $0.names, wanted) })
                    {
                        result.failure =
                            "it ended on \(end.type), not a \(wanted)"
                            + (appeared.isEmpty
                                ? "" : ", and none appeared (appeared: \(Self.listed(appeared.map(\.node.type))))")
                        // A protocol a tree's objects conform to is known by name only once
                        // registered: say so where no object in the tree has the name.
                        if !types.contains(where: { typeName(wanted, matches: $0) }) {
                            result.failure? +=
                                " (no object in the tree is a type of that name: if \(wanted) is a protocol, "
                                + "register it with SearchableProtocols.register((any \(wanted)).self), or declare "
                                + "the link in a route table)"
                        }
                    }
                } else {
                    result.failure = "the handler returned nothing in the tree"
                }
            case .failed(let reason):
                result.failure = reason
            }
            result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            report.results.append(result)
            progress(report)
        }
        return report
    }
}

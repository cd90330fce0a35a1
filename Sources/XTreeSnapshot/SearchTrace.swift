import XTreeEscaping

/// How one breadth-first search walked the tree: every visited object with its verdict,
/// the match, and the path to it.
///
/// Made by `DeepLinkable.tracingFirstReceiver(as:where:)`. Order numbers are breadth-first
/// numbers from the search's start node, so they agree with a ``TreeSnapshot`` taken from
/// the same node of the same tree.
///
/// ```swift
/// let (_, trace) = home.tracingFirstReceiver(as: ListCoordinator.self) { $0.title == "Meat" }
/// print(trace)
/// ```
/// ```text
/// search for ListCoordinator: matched 2 after visiting 3 (largest frontier 2)
///   0 HomeCoordinator - wrong type
///   1   ListCoordinator "Vegetarian" - rejected
///   2   ListCoordinator "Meat" - matched
/// path: 0 HomeCoordinator > 2 ListCoordinator
/// ```
public struct SearchTrace: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the search decided about one visited object.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// The object is not of the receiver type.
        case wrongType = "wrong type"
        /// The object is of the receiver type, but the predicate returned `false`.
        case rejected
        /// The object is the match.
        case matched
    }

    /// One visited object.
    public struct Step: Sendable, Hashable, Codable {
        /// Breadth-first number from the start node.
        public var order: Int
        /// Distance from the start node.
        public var depth: Int
        /// Breadth-first number of the parent, or `nil` for the start node.
        public var parentOrder: Int?
        /// The object's dynamic type name.
        public var type: String
        /// The object's `NodeDescribing.nodeLabel`.
        public var label: String
        /// The search's verdict.
        public var verdict: Verdict

        package init(order: Int, depth: Int, parentOrder: Int?, type: String, label: String, verdict: Verdict) {
            self.order = order
            self.depth = depth
            self.parentOrder = parentOrder
            self.type = type
            self.label = label
            self.verdict = verdict
        }
    }

    /// The name of the type searched for, such as `RecipeListCoordinator`.
    public var receiverType: String
    /// Every visited object, in visiting order; the last is the match if there is one.
    public var steps: [Step]
    /// Breadth-first numbers from the start node to the match, both included; empty if the
    /// search found nothing.
    public var path: [Int]
    /// The largest number of discovered but not yet visited objects during the search.
    public var largestFrontier: Int

    package init(receiverType: String, steps: [Step], path: [Int], largestFrontier: Int) {
        self.receiverType = receiverType
        self.steps = steps
        self.path = path
        self.largestFrontier = largestFrontier
    }

    /// The matched step, if any.
    public var match: Step? { steps.last.flatMap { $0.verdict == .matched ? $0 : nil } }

    /// The steps from the start node to the match.
    public var pathSteps: [Step] { path.map { steps[$0] } }

    /// The trace as indented lines: a heading, each step, and the path.
    public var description: String {
        var text = headline + "\n"
        for step in steps { text += line(of: step) + "\n" }
        if !path.isEmpty {
            text += "path: " + pathDescription(pathSteps.map { (Optional($0.order), $0.type) })
            text += "\n"
        }
        return text
    }

    /// The first line of ``description``: what was searched for, and the outcome.
    package var headline: String {
        Self.headline(for: receiverType, match: match?.order, visited: steps.count, largestFrontier: largestFrontier)
    }

    /// The headline of a search for `name` that visited `visited` nodes and ended on the match
    /// `match`, if its last visit matched: for searches made without a trace too.
    package static func headline(for name: String, match: Int?, visited: Int, largestFrontier: Int) -> String {
        "search for \(TerminalText.escaped(TerminalText.shortened(name))): "
            + (match.map { "matched \($0) after visiting \(visited)" } ?? "no match among \(visited) visited")
            + " (largest frontier \(largestFrontier))"
    }

    /// The line of ``description`` that tells of `step`.
    package func line(of step: Step) -> String { Self.line(of: step) }

    /// The line that tells of `step`, in any trace.
    package static func line(of step: Step) -> String {
        let indent = String(repeating: "  ", count: min(step.depth, 32))
        return "  \(step.order) \(indent)\(TerminalText.escaped(step.type))"
            + (step.label.isEmpty ? "" : " \(TerminalText.quoted(step.label))") + " - \(step.verdict.rawValue)"
    }
}

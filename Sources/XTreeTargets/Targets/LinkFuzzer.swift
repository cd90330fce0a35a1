import Foundation
import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeReachability

/// Links nobody wrote, applied to a launched app from several starting states, each checked
/// for the properties a link must keep; the engine of `xtree-cli fuzz`.
///
/// Inputs come from the app itself: its link examples (a route table's forms, for a
/// `RoutedApp`), and ``LinkMutation``'s mutants of each. Starting states come from its own
/// links too: a fresh app, and the app after each example. Each case runs on a fresh root in
/// the one child (`LaunchedApp.runCase`); a child that crashes or hangs is reported and
/// replaced.
@MainActor
package struct LinkFuzzer {
    /// A property a link broke, with what was expected and what was seen.
    package struct Finding: Sendable, Hashable, Codable {
        /// The property, in a few words: `no crash`, `equivalent lands alike`.
        package var property: String
        /// The links that made the starting state, from a fresh app.
        package var state: [String]
        /// The link applied from that state.
        package var link: String
        /// How the link was made: `example`, or a mutation's kind and rule.
        package var made: String
        /// The example a mutant was made from.
        package var original: String?
        package var expected: String
        package var seen: String
        /// How many other findings broke the same property the same way, from other states or
        /// in other forms of the link: folded into this one.
        package var alike = 0

        /// What findings of one cause share: the property, what was seen, whether it needed a
        /// state, and the link's last segment.
        var fold: String {
            let last = link.split(separator: "?")[0].split(separator: "/").last.map(String.init) ?? ""
            return [property, seen, state.isEmpty ? "fresh" : "state", last.lowercased()].joined(separator: "\n")
        }
    }

    /// One link to try from one state.
    struct Case {
        var state: [String]
        var link: String
        var mutation: LinkMutation?
        /// The example the link was made from.
        var original: String
    }

    /// Where an example's link ended from a state: the receiver and the tree after.
    struct Landing {
        var receiver: TreeSnapshot.Node?
        var tree: TreeSnapshot
    }

    package let app: LaunchedApp
    package let seed: UInt64
    /// How many links were applied.
    package private(set) var links = 0
    package private(set) var findings: [Finding] = []
    private var landings: [String: Landing] = [:]
    /// Groups (a state and an example) with a finding: their other links are not tried, since
    /// one finding of a cause is enough; and states whose own links failed.
    private var settled: Set<String> = []

    package init(app: LaunchedApp, seed: UInt64) {
        self.app = app
        self.seed = seed
    }

    /// The cases for `examples`, the links of a group (an example and its mutants from one
    /// state) together with the example first, the groups in an order the seed picks.
    static func cases(examples: [String], seed: UInt64) -> [Case] {
        let states: [[String]] = [[]] + examples.map { [$0] }
        var groups: [[Case]] = []
        for state in states {
            for example in examples {
                var group = [Case(state: state, link: example, mutation: nil, original: example)]
                group += LinkMutation.mutants(of: example).map {
                    Case(state: state, link: $0.link, mutation: $0, original: example)
                }
                groups.append(group)
            }
        }
        var generator = SeededGenerator(seed: seed)
        // The fresh state's groups first, so that a short budget tries every form once.
        let fresh = examples.count
        return (groups[..<fresh].shuffled(using: &generator) + groups[fresh...].shuffled(using: &generator)).flatMap {
            $0
        }
    }

    /// Runs cases until `budget` says stop, recording findings; `progress` is told after each.
    package mutating func run(
        examples: [String], budget: (links: Int?, deadline: Date?), progress: (Int, Int, Int) -> Void
    ) throws(CLIError) {
        let all = Self.cases(examples: examples, seed: seed)
        for (index, fuzzCase) in all.enumerated() {
            if let limit = budget.links, links >= limit { break }
            if let deadline = budget.deadline, Date() >= deadline { break }
            let group = Self.key(fuzzCase.state, fuzzCase.original)
            guard !settled.contains(group), !settled.contains(Self.key(fuzzCase.state, nil)) else { continue }
            if let finding = try check(fuzzCase) {
                settled.insert(group)
                try record(finding, of: fuzzCase)
            }
            progress(index + 1, all.count, links)
        }
    }

    /// Keeps `finding`, shrunk to the shortest starting path that still breaks its property.
    private mutating func record(_ finding: Finding, of fuzzCase: Case) throws(CLIError) {
        var shortest = finding
        if !fuzzCase.state.isEmpty {
            // From a fresh app: the example first, for a mutant to be compared with.
            _ = try check(Case(state: [], link: fuzzCase.original, mutation: nil, original: fuzzCase.original))
            var fresh = fuzzCase
            fresh.state = []
            if let again = try check(fresh), again.property == finding.property { shortest = again }
        }
        if let index = findings.firstIndex(where: { $0.fold == shortest.fold }) {
            findings[index].alike += 1
        } else {
            findings.append(shortest)
        }
    }

    private static func key(_ state: [String], _ original: String?) -> String {
        state.joined(separator: "\n") + "\n" + (original ?? "(the state)")
    }

    /// Applies one case and says which property it broke, if one.
    private mutating func check(_ fuzzCase: Case) throws(CLIError) -> Finding? {
        let key = Self.key(fuzzCase.state, fuzzCase.original)
        let baseline = landings[key]
        let made = fuzzCase.mutation.map { "\($0.kind.rawValue): \($0.rule)" } ?? "example"
        func finding(_ property: String, expected: String, seen: String) -> Finding {
            Finding(
                property: property, state: fuzzCase.state, link: fuzzCase.link, made: made,
                original: fuzzCase.mutation == nil ? nil : fuzzCase.original, expected: expected, seen: seen)
        }
        var applied = 0
        var outcome: (result: OpenResult, before: TreeSnapshot, after: TreeSnapshot, again: TreeSnapshot?)?
        let ran = app.runCase { client throws(InspectorError) in
            for link in fuzzCase.state {
                applied += 1
                let (result, _) = try client.open(link)
                if let error = result.error { throw .refused("the starting link \(link) failed: \(error)") }
            }
            let before = try client.snapshot()
            applied += 1
            let (result, after) = try client.open(fuzzCase.link)
            var again: TreeSnapshot?
            if fuzzCase.mutation == nil, result.error == nil {
                applied += 1
                again = try client.open(fuzzCase.link).snapshot
            }
            outcome = (result, before, after, again)
        }
        links += applied
        if case .failure(let failure) = ran {
            let text = failure.description
            // A state whose own links fail or crash is no state to start from: those links are
            // examples, tried from a fresh app on their own.
            if text.hasPrefix("the starting link") || applied <= fuzzCase.state.count {
                settled.insert(Self.key(fuzzCase.state, nil))
                return nil
            }
            let property = text.contains("stopped answering") ? "no hang" : "no crash"
            return finding(property, expected: "the app applies the link and goes on", seen: text)
        }
        guard let (result, before, after, again) = outcome else { return nil }
        let receiver = result.path.last.map { after.nodes[$0] }
        if let error = result.error {
            if !TreeDiff(from: before, to: after).isEmpty {
                return finding(
                    "a refused link changes nothing", expected: "the tree as it was",
                    seen: "\(Self.summary(TreeDiff(from: before, to: after))) after '\(error)'")
            }
            if error.trimmingCharacters(in: .whitespaces).isEmpty {
                return finding("a refusal explains", expected: "a message", seen: "an empty error")
            }
            switch fuzzCase.mutation?.kind {
            case nil:
                return finding(
                    "an example works from every state", expected: "it lands, as from a fresh app", seen: error)
            case .equivalent? where baseline != nil:
                return finding(
                    "an equivalent link lands alike", expected: "where \(fuzzCase.original) lands", seen: error)
            default: return nil
            }
        }
        guard let mutation = fuzzCase.mutation else {
            landings[key] = Landing(receiver: receiver, tree: after)
            if let again, !TreeDiff(from: after, to: again).isEmpty {
                return finding(
                    "applied twice, a link changes nothing more", expected: "the same tree",
                    seen: Self.summary(TreeDiff(from: after, to: again)) + " the second time")
            }
            return nil
        }
        guard let baseline, mutation.kind != .breaking else { return nil }
        let property =
            mutation.kind == .equivalent ? "an equivalent link lands alike" : "a variant lands alike or is refused"
        if receiver?.id != baseline.receiver?.id {
            return finding(
                property, expected: "\(Self.name(baseline.receiver)), as \(fuzzCase.original)",
                seen: Self.name(receiver))
        }
        if !TreeDiff(from: baseline.tree, to: after).isEmpty {
            return finding(
                property, expected: "the tree \(fuzzCase.original) leaves",
                seen: Self.summary(TreeDiff(from: baseline.tree, to: after)))
        }
        return nil
    }

    private static func name(_ node: TreeSnapshot.Node?) -> String {
        node.map { "\($0.type) #\($0.id)" + ($0.label.isEmpty ? "" : " \"\($0.label)\"") } ?? "nothing"
    }

    private static func summary(_ diff: TreeDiff) -> String {
        "\(diff.added.count) added, \(diff.removed.count) removed, \(diff.changed.count) changed"
    }
}

/// SplitMix64: the same cases in the same order for the same seed, on every platform.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

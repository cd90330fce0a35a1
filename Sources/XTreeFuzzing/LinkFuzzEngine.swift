import Dispatch
import XTree

/// What one case did to a fresh app, as a ``LinkFuzzRunner`` saw it.
package enum LinkFuzzRun {
    /// A link of the starting state failed, or the app died on one: no state to start from.
    case stateFailed
    /// The app crashed (or, with `hang`, stopped answering) on the link; `how` says so.
    case died(how: String, hang: Bool)
    /// The link was applied: what it did.
    case applied(LinkFuzzApplication)
}

/// A link applied from a starting state: its outcome and the trees around it.
package struct LinkFuzzApplication {
    /// The link's error, if it was refused.
    package var error: String?
    /// The node it reached, in `after`.
    package var receiver: TreeSnapshot.Node?
    /// The tree before the link, after the starting state's links.
    package var before: TreeSnapshot
    /// The tree after the link.
    package var after: TreeSnapshot
    /// The tree after the link was applied a second time, when that was asked.
    package var again: TreeSnapshot?
    /// The children audit's problems after the link; `nil` where the runner cannot audit.
    package var forgotten: [String]?

    package init(
        error: String?, receiver: TreeSnapshot.Node?, before: TreeSnapshot, after: TreeSnapshot,
        again: TreeSnapshot?, forgotten: [String]?
    ) {
        self.error = error
        self.receiver = receiver
        self.before = before
        self.after = after
        self.again = again
        self.forgotten = forgotten
    }
}

/// Applies a case's links to a fresh app: in the test's process (``LinkFuzzing``) or in a child
/// process (`xtree-cli fuzz`).
@MainActor
package protocol LinkFuzzRunner {
    /// Applies `state`'s links and then `link` (a second time too, with `twice`) to a fresh app,
    /// counting each link applied in `links`.
    mutating func run(state: [String], link: String, twice: Bool, links: inout Int) async -> LinkFuzzRun
    /// The objects of the cases run since the last call that are still alive now that their
    /// roots are gone, each case's as one line; empty where the runner cannot tell. Called every
    /// ``LinkFuzzEngine/outlivedBatch`` cases and, `final`, once at the end; a runner may look
    /// less often.
    mutating func outlived(final: Bool) async -> [(state: [String], link: String, objects: String)]
}

/// The engine of link fuzzing, shared by ``LinkFuzzing`` and `xtree-cli fuzz`: the cases made
/// from an app's own links, the properties each must keep, and the findings, folded and
/// shortened.
@MainActor
package struct LinkFuzzEngine {
    /// One link to try from one state.
    package struct Case {
        package var state: [String]
        package var link: String
        package var mutation: LinkMutation?
        /// The example the link was made from.
        package var original: String
    }

    /// Where an example's link ended from a state: the receiver and the tree after.
    private struct Landing {
        var receiver: TreeSnapshot.Node?
        var tree: TreeSnapshot
    }

    /// The most examples taken from an app, after its sample values are put in.
    package static let maximumExamples = 200
    /// The longest example taken, in bytes: longer ones are left out.
    package static let maximumExampleLength = 2_048
    /// How many cases run between two looks for objects that outlived their case.
    package static let outlivedBatch = 64

    package let seed: UInt64
    /// The examples whose form opens something new each time (``LinkExample/opensNewEachTime``).
    private let opensNew: Set<String>
    /// How many links were applied.
    package private(set) var links = 0
    package private(set) var findings: [LinkFuzzFinding] = []
    private var landings: [String: Landing] = [:]
    /// Groups (a state and an example) with a finding: their other links are not tried, since
    /// one finding of a cause is enough; and states whose own links failed.
    private var settled: Set<String> = []
    /// When the engine was made, for the time each finding took.
    private let started = DispatchTime.now().uptimeNanoseconds

    package init(seed: UInt64, opensNew: Set<String> = []) {
        self.seed = seed
        self.opensNew = opensNew
    }

    /// The examples to fuzz from an app's link examples, sample values and sample links: each
    /// example and sample link; where the app gives no sample links, each example with another
    /// of the first three sample values for one it holds (an app that gives them has each form
    /// tried with its own samples only); sorted, bounded by ``maximumExamples`` and
    /// ``maximumExampleLength``, with a line for each bound met; and of them, those that open
    /// something new each time: those of `opensNew`, and each made from one of them.
    package static func examples(
        given: [String], samples: [String], sampleLinks: [String] = [], opensNew: Set<String> = []
    ) -> (examples: [String], notes: [String], opensNew: Set<String>) {
        var notes: [String] = []
        let given = given + sampleLinks
        let short = Set(given.filter { $0.utf8.count <= maximumExampleLength })
        if short.count < Set(given).count {
            notes.append(
                "left out \(Set(given).count - short.count) example(s) longer than \(maximumExampleLength) bytes")
        }
        let values = sampleLinks.isEmpty ? samples.filter { !$0.isEmpty && $0.utf8.count <= 256 }.prefix(3) : []
        var all = short
        var opening = opensNew
        for link in short.sorted() {
            for old in values {
                for new in values {
                    guard all.count < maximumExamples * 4 else { break }
                    if let made = LinkMutation.link(link, replacing: old, with: new),
                        made.utf8.count <= maximumExampleLength
                    {
                        all.insert(made)
                        if opensNew.contains(link) { opening.insert(made) }
                    }
                }
            }
        }
        var sorted = all.sorted()
        if sorted.count > maximumExamples {
            notes.append("took the first \(maximumExamples) of \(sorted.count) examples")
            sorted = Array(sorted.prefix(maximumExamples))
        }
        return (sorted, notes, opening.intersection(sorted))
    }

    /// The cases for `examples`, the links of a group (an example and its mutants from one
    /// state) together with the example first, the groups in an order the seed picks.
    package static func cases(examples: [String], seed: UInt64) -> [Case] {
        groupOrder(examples: examples.count, seed: seed).flatMap { group($0, of: examples) }
    }

    /// The groups in the order the seed picks, as (state, example) indexes, the state 0 fresh
    /// and state `i` example `i - 1`: the fresh state's groups first, so that a short budget
    /// tries every form once. Only indexes: a group's cases are made when it is reached, so a
    /// budget costs what it runs, whatever the number of examples.
    package static func groupOrder(examples count: Int, seed: UInt64) -> [(state: Int, example: Int)] {
        var generator = SeededGenerator(seed: seed)
        let fresh = (0..<count).map { (state: 0, example: $0) }
        let rest = (1..<(count + 1)).flatMap { state in (0..<count).map { (state: state, example: $0) } }
        return fresh.shuffled(using: &generator) + rest.shuffled(using: &generator)
    }

    /// The cases of one group: its example, then its mutants, from its state.
    package static func group(_ group: (state: Int, example: Int), of examples: [String]) -> [Case] {
        let state = group.state == 0 ? [] : [examples[group.state - 1]]
        let example = examples[group.example]
        return [Case(state: state, link: example, mutation: nil, original: example)]
            + LinkMutation.mutants(of: example).map {
                Case(state: state, link: $0.link, mutation: $0, original: example)
            }
    }

    /// Runs cases until the budget says stop (`links` applied, or `deadline` passed) or
    /// `stopped` says so (an interrupt), recording findings; `progress` is told after each group: the groups done, of all, and links applied.
    package mutating func run<Runner: LinkFuzzRunner>(
        examples: [String], links limit: Int?, deadline: DispatchTime?, runner: inout Runner,
        stopped: () -> Bool = { false }, progress: (Int, Int, Int) -> Void = { _, _, _ in }
    ) async {
        let order = Self.groupOrder(examples: examples.count, seed: seed)
        var sinceLook = 0
        groups: for (index, group) in order.enumerated() {
            for fuzzCase in Self.group(group, of: examples) {
                if let limit, links >= limit { break groups }
                if let deadline, DispatchTime.now() >= deadline { break groups }
                if Task.isCancelled || stopped() { break groups }
                let key = Self.key(fuzzCase.state, fuzzCase.original)
                guard !settled.contains(key), !settled.contains(Self.key(fuzzCase.state, nil)) else { continue }
                if let finding = await check(fuzzCase, runner: &runner) {
                    settled.insert(key)
                    await record(finding, of: fuzzCase, runner: &runner)
                }
                sinceLook += 1
                if sinceLook >= Self.outlivedBatch {
                    sinceLook = 0
                    await lookForOutlived(runner: &runner, final: false)
                }
            }
            progress(index + 1, order.count, links)
        }
        await lookForOutlived(runner: &runner, final: true)
    }

    private mutating func lookForOutlived<Runner: LinkFuzzRunner>(runner: inout Runner, final: Bool) async {
        for (state, link, objects) in await runner.outlived(final: final) {
            keep(
                LinkFuzzFinding(
                    property: "nothing a case made outlives it", state: state, link: link, made: "a case",
                    original: nil, expected: "every object released once the case's root is gone",
                    seen: objects + " still alive"))
        }
    }

    /// Keeps `finding`, shrunk to the shortest starting path that still breaks its property.
    private mutating func record<Runner: LinkFuzzRunner>(
        _ finding: LinkFuzzFinding, of fuzzCase: Case, runner: inout Runner
    ) async {
        var shortest = finding
        if !fuzzCase.state.isEmpty {
            // From a fresh app: the example first, for a mutant to be compared with.
            _ = await check(
                Case(state: [], link: fuzzCase.original, mutation: nil, original: fuzzCase.original), runner: &runner)
            var fresh = fuzzCase
            fresh.state = []
            if let again = await check(fresh, runner: &runner), again.property == finding.property { shortest = again }
        }
        keep(shortest)
    }

    private mutating func keep(_ finding: LinkFuzzFinding) {
        if let index = findings.firstIndex(where: { $0.fold == finding.fold }) {
            findings[index].alike += 1
            if findings[index].alike <= LinkFuzzFinding.alikeCasesKept {
                let alike = LinkFuzzFinding.Alike(state: finding.state, link: finding.link, made: finding.made)
                if findings[index].alikeCases == nil { findings[index].alikeCases = [] }
                findings[index].alikeCases!.append(alike)
            }
        } else {
            var found = finding
            found.foundAfterLinks = links
            found.foundAfterSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            findings.append(found)
        }
    }

    private static func key(_ state: [String], _ original: String?) -> String {
        state.joined(separator: "\n") + "\n" + (original ?? "(the state)")
    }

    /// Applies one case and says which property it broke, if one.
    private mutating func check<Runner: LinkFuzzRunner>(_ fuzzCase: Case, runner: inout Runner) async
        -> LinkFuzzFinding?
    {
        let key = Self.key(fuzzCase.state, fuzzCase.original)
        let baseline = landings[key]
        let made = fuzzCase.mutation.map { "\($0.kind.rawValue): \($0.rule)" } ?? "example"
        func finding(_ property: String, expected: String, seen: String) -> LinkFuzzFinding {
            LinkFuzzFinding(
                property: property, state: fuzzCase.state, link: fuzzCase.link, made: made,
                original: fuzzCase.mutation == nil ? nil : fuzzCase.original, expected: expected, seen: seen)
        }
        let run = await runner.run(
            state: fuzzCase.state, link: fuzzCase.link, twice: fuzzCase.mutation == nil, links: &links)
        let applied: LinkFuzzApplication
        switch run {
        case .stateFailed:
            // A state whose own links fail or crash is no state to start from: those links are
            // examples, tried from a fresh app on their own.
            settled.insert(Self.key(fuzzCase.state, nil))
            return nil
        case .died(let how, let hang):
            return finding(hang ? "no hang" : "no crash", expected: "the app applies the link and goes on", seen: how)
        case .applied(let application):
            applied = application
        }
        if let forgotten = applied.forgotten, let first = forgotten.first {
            return finding(
                "the children audit holds", expected: "every object the tree holds listed as a child",
                seen: first + (forgotten.count > 1 ? " (and \(forgotten.count - 1) more)" : ""))
        }
        if let error = applied.error {
            let diff = TreeDiff(from: applied.before, to: applied.after)
            if !diff.isEmpty {
                return finding(
                    "a refused link changes nothing", expected: "the tree as it was",
                    seen: "\(Self.summary(diff)) after '\(error)'")
            }
            if error.allSatisfy(\.isWhitespace) {
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
            landings[key] = Landing(receiver: applied.receiver, tree: applied.after)
            guard let again = applied.again else { return nil }
            let second = TreeDiff(from: applied.after, to: again)
            if opensNew.contains(fuzzCase.link) {
                guard second.isEmpty else { return nil }
                return finding(
                    "applied twice, a link that opens something new opens it again",
                    expected: "a change the second time", seen: "the same tree")
            }
            if !second.isEmpty {
                return finding(
                    "applied twice, a link changes nothing more", expected: "the same tree",
                    seen: Self.summary(second) + " the second time")
            }
            return nil
        }
        guard let baseline, mutation.kind != .breaking else { return nil }
        let property =
            mutation.kind == .equivalent ? "an equivalent link lands alike" : "a variant lands alike or is refused"
        if applied.receiver?.id != baseline.receiver?.id {
            return finding(
                property, expected: "\(Self.name(baseline.receiver)), as \(fuzzCase.original)",
                seen: Self.name(applied.receiver))
        }
        let diff = TreeDiff(from: baseline.tree, to: applied.after)
        if !diff.isEmpty {
            return finding(property, expected: "the tree \(fuzzCase.original) leaves", seen: Self.summary(diff))
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

import Dispatch
import XTree
import XTreeReachability

/// Links nobody wrote, applied in the test's own process: the properties of `xtree-cli fuzz`
/// checked through an app type's `makeRoot()` and `open(_:in:)`, one line in a test.
///
/// ```swift
/// @Test @MainActor func linksNobodyWroteKeepTheirProperties() async {
///     await LinkFuzzing(Recipes.self, budget: 300).expectNoFindings()
/// }
/// ```
///
/// The links are the app's link examples (each also with its other sample values) and
/// ``LinkMutation``'s mutants of each, applied from a fresh app and from the state each example
/// leads to, each case on a fresh root. Checked after each link: an example works from every
/// state; applied twice, it changes nothing more; an equivalent link lands on the same object and
/// leaves the same tree; a variant lands there too or is refused; a refused link changes
/// nothing and says why; the children audit holds. Every ``outlivedBatch`` cases, the objects
/// the cases' trees held must be gone once their roots are: one grace period a batch.
///
/// A crash or a hang cannot be caught in the test's process: it ends the test run. For those,
/// run `xtree-cli fuzz`, which applies the same links in a child process and reports them.
@MainActor
public struct LinkFuzzing<App: DeepLinkableApp> {
    /// The seed of the links' order: the same seed, the same links in the same order.
    public var seed: UInt64
    /// The most links applied.
    public var budget: Int
    /// How long, in seconds, a case's objects may stay alive after its root is gone.
    public var gracePeriod: Double

    /// How many cases run between two looks for objects that outlived their case.
    public static var outlivedBatch: Int { LinkFuzzEngine.outlivedBatch }

    /// A run on `app`, from `seed`, of at most `budget` links, its cases' objects given
    /// `gracePeriod` seconds to go once their roots are gone.
    public init(_ app: App.Type, seed: UInt64 = 1, budget: Int = 2_000, gracePeriod: Double = 1) {
        precondition(budget > 0, "a budget is a number of links, 1 or more")
        precondition(gracePeriod.isFinite && gracePeriod >= 0, "a grace period is a number of seconds, 0 or more")
        self.seed = seed
        self.budget = budget
        self.gracePeriod = gracePeriod
    }

    /// Runs the cases until the budget is spent, and reports the findings.
    public func run() async -> LinkFuzzReport {
        let (examples, notes, opensNew) = LinkFuzzEngine.examples(
            given: App.linkExamples.map(\.link), samples: App.sampleValues, sampleLinks: App.sampleLinks.map(\.link),
            opensNew: Set((App.linkExamples + App.sampleLinks).filter(\.opensNewEachTime).map(\.link)))
        var engine = LinkFuzzEngine(seed: seed, opensNew: opensNew)
        var runner = InProcessRunner(gracePeriod: gracePeriod)
        let start = DispatchTime.now().uptimeNanoseconds
        await engine.run(examples: examples, links: budget, deadline: nil, runner: &runner)
        return LinkFuzzReport(
            seed: seed, examples: examples.count, links: engine.links,
            seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9,
            properties: LinkFuzzFinding.properties, findings: engine.findings, notes: notes)
    }

    /// Applies links to fresh roots of `App`, audits each tree after the link, and keeps each
    /// case's objects weakly until the next look for those that outlived it.
    private struct InProcessRunner: LinkFuzzRunner {
        let gracePeriod: Double
        var pending: [(state: [String], link: String, departures: Departures)] = []

        mutating func run(state: [String], link: String, twice: Bool, links: inout Int) async -> LinkFuzzRun {
            let root = App.makeRoot()
            var departures = Departures(root)
            defer {
                departures.noteAllLeft()
                pending.append((state, link, departures))
            }
            for step in state {
                links += 1
                do {
                    _ = try await App.open(step, in: root)
                } catch {
                    return .stateFailed
                }
                departures.note(root)
            }
            let before = TreeSnapshot(of: root)
            links += 1
            let error: String?
            let after: TreeSnapshot
            var receiver: TreeSnapshot.Node?
            do {
                let reached = try await App.open(link, in: root)
                let (snapshot, path) = TreeSnapshot.locating(reached, from: root)
                after = snapshot
                receiver = path.last.map { snapshot.nodes[$0] }
                error = nil
            } catch let thrown {
                after = TreeSnapshot(of: root)
                error = String(describing: thrown)
            }
            departures.note(root)
            var again: TreeSnapshot?
            if twice, error == nil {
                links += 1
                _ = try? await App.open(link, in: root)
                again = TreeSnapshot(of: root)
                departures.note(root)
            }
            let forgotten = root.auditChildren().problems.map(\.description)
            return .applied(
                LinkFuzzApplication(
                    error: error, receiver: receiver, before: before, after: after, again: again,
                    forgotten: forgotten))
        }

        mutating func outlived(final: Bool) async -> [(state: [String], link: String, objects: String)] {
            let batch = pending
            pending = []
            // One grace period for the batch: until every case's objects are gone, or it ends.
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(min(gracePeriod, 86_400) * 1e9)
            while batch.contains(where: { !$0.departures.departedAlive.isEmpty }),
                DispatchTime.now().uptimeNanoseconds < deadline, !Task.isCancelled
            {
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            return batch.compactMap { item in
                let alive = item.departures.departedAlive
                guard !alive.isEmpty else { return nil }
                let named = alive.prefix(3).map(\.description).joined(separator: ", ")
                return (item.state, item.link, named + (alive.count > 3 ? " and \(alive.count - 3) more" : ""))
            }
        }
    }
}

/// What a run of ``LinkFuzzing`` or `xtree-cli fuzz` found.
public struct LinkFuzzReport: Sendable, Hashable, Codable {
    /// The seed of the links' order.
    public var seed: UInt64
    /// How many examples the cases were made from.
    public var examples: Int
    /// How many links were applied.
    public var links: Int
    /// How long the run took, in seconds.
    public var seconds: Double
    /// The properties checked: ``LinkFuzzFinding/properties``.
    public var properties: [String]
    /// The findings, each the shortest case found of its cause.
    public var findings: [LinkFuzzFinding]
    /// What was left out of the app's examples, and why.
    public var notes: [String]

    /// Whether there was no finding.
    public var passed: Bool { findings.isEmpty }

    package init(
        seed: UInt64, examples: Int, links: Int, seconds: Double, properties: [String], findings: [LinkFuzzFinding],
        notes: [String]
    ) {
        self.seed = seed
        self.examples = examples
        self.links = links
        self.seconds = seconds
        self.properties = properties
        self.findings = findings
        self.notes = notes
    }
}

import Dispatch
import XTree

/// States what each of an app's deep links must reach, and checks it.
///
/// ```swift
/// var check = ReachabilityCheck<Shop, ShopLink>(
///     "Shop",
///     makeApp: { Shop() },
///     apply: { shop, link in try await shop.open(link) }
/// )
/// check.expect(.cart, reaches: .receiver(CartScreen.self))
/// check.expect(.product("a1"), reaches: .receiver((any ProductScreen).self) { $0.sku == "a1" })
/// let report = await check.run()
/// print(report.text)
/// ```
///
/// Each link is applied to a fresh app, inside a search recording. It passes when the applier
/// returns the object the link ends on, that object is in the app's tree, and it meets the
/// expectation: a tab link must end on the tab's screen, not merely find one somewhere. With
/// a second applier (`alternative`), each link is also applied that way, to another fresh
/// app, and must reach an object that meets the expectation and leave an identical snapshot.
///
/// Before the links, the first fresh app's tree is audited for forgotten children
/// (`auditChildren(valueLimit:)`); a forgotten child fails the report.
///
/// A link can start from a state other links make (``expect(_:after:reaches:)``), and the
/// check can require that every object a link takes out of the tree is released
/// (``expectReleases(within:)``):
///
/// ```swift
/// check.expectReleases(within: 1)
/// check.expect(.cart, after: [.product("a1")], reaches: .receiver(CartScreen.self))
/// ```
@MainActor
public struct ReachabilityCheck<App: DeepLinkable, Link: Sendable & CustomStringConvertible> {
    /// Applies a link to an app and returns the object the link ends on.
    public typealias Applier = @MainActor (App, Link) async throws -> any DeepLinkable

    /// The name of the check, such as the app's: the test suite's name in JUnit.
    public let name: String
    private let makeApp: @MainActor () async throws -> App
    private let appliers: [(name: String, apply: Applier)]
    /// The links to check, each with the links applied before it and what it must reach, in
    /// the order they run.
    public private(set) var expectations: [(link: Link, after: [Link], expectation: ReachabilityExpectation)] = []
    /// How long an object a link takes out of the tree may stay alive; `nil` (the default)
    /// if releases are not checked. See ``expectReleases(within:)``.
    public private(set) var releaseGracePeriod: Double?
    /// Whether to stop after the link under way, as a cancelled task does: an interrupt
    /// `xtree-cli check` notes.
    package var stopped: @Sendable () -> Bool = { false }

    /// Creates a check with no links yet.
    ///
    /// - Parameters:
    ///   - name: The name of the check, such as the app's.
    ///   - makeApp: Makes the app as it is at launch: called once per link and applier.
    ///   - applier: The name of the way `apply` applies links, shown in reports.
    ///   - apply: Applies a link and returns the object it ends on.
    ///   - alternative: A second way of applying links, which must reach an object that
    ///     meets the same expectation and leave an identical snapshot.
    public init(
        _ name: String,
        makeApp: @escaping @MainActor () async throws -> App,
        applier: String = "apply",
        apply: @escaping Applier,
        alternative: (name: String, apply: Applier)? = nil
    ) {
        self.name = name
        self.makeApp = makeApp
        appliers = [(applier, apply)] + (alternative.map { [$0] } ?? [])
    }

    /// The names of the ways links are applied, in the order each link runs them.
    public var applierNames: [String] { appliers.map(\.name) }

    /// Adds a link and what it must reach.
    public mutating func expect(_ link: Link, reaches expectation: ReachabilityExpectation) {
        expectations.append((link, [], expectation))
    }

    /// Adds a link applied after `setup`, and what it must reach: to check a link from a state
    /// other links make, such as closing a sheet that a link opened.
    ///
    /// The setup links are applied to the fresh app in order, the same way as the link; if
    /// one fails, the result fails.
    public mutating func expect(_ link: Link, after setup: [Link], reaches expectation: ReachabilityExpectation) {
        expectations.append((link, setup, expectation))
    }

    /// Requires every object that leaves the app's tree while a result's links are applied to
    /// be released within `gracePeriod` seconds: an object that outlives its place in the tree
    /// fails the result, named with its type and label.
    ///
    /// The objects watched are those in the tree after the app is made and after each link;
    /// one that joins and leaves within a single link is not seen. The app itself is kept
    /// until the period ends, as the running app would keep it.
    ///
    /// - Parameter gracePeriod: How long, in seconds, a released object may take to go;
    ///   releases are checked at once and then every 10 ms until it ends.
    public mutating func expectReleases(within gracePeriod: Double = 1) {
        precondition(gracePeriod.isFinite && gracePeriod >= 0, "a grace period is a number of seconds, 0 or more")
        releaseGracePeriod = gracePeriod
    }

    /// Audits a fresh app, then applies every link from a fresh start with every applier.
    ///
    /// - Parameters:
    ///   - audits: Whether to audit the fresh app's children first.
    ///   - progress: Called after the audit and after each result, with the results so far;
    ///     on the main actor, so it can print each row as it completes.
    /// - Returns: The report; ``ReachabilityReport/passed`` says whether everything passed.
    ///   If the task is cancelled, the run stops after the link under way, and the report
    ///   says how many results it holds of how many.
    public func run(
        audits: Bool = true,
        progress: (_ report: ReachabilityReport) -> Void = { _ in }
    ) async -> ReachabilityReport {
        var report = ReachabilityReport(
            name: name, links: expectations.count, appliers: applierNames,
            linkWidth: expectations.map {
                TerminalText.escaped(
                    ReachabilityReport.Result.title($0.link.description, after: $0.after.map(\.description))
                )
                .count
            }.max() ?? 0)
        if audits {
            do {
                report.audit = try await makeApp().auditChildren()
            } catch {
                report.startFailure = "cannot make the app: \(error)"
                progress(report)
                return report
            }
            progress(report)
        }
        for (link, setup, expectation) in expectations {
            if Task.isCancelled || stopped() { break }
            var firstSnapshot: (applier: String, snapshot: TreeSnapshot)?
            for (applierName, apply) in appliers {
                let (result, snapshot) = await check(
                    link, after: setup, expectation, applier: applierName, apply: apply)
                var row = result
                if let snapshot { report.typesSeen.formUnion(snapshot.nodes.map(\.type)) }
                if row.passed, let snapshot {
                    if let first = firstSnapshot {
                        if let difference = Self.difference(from: first.snapshot, to: snapshot) {
                            row.failure = "it leaves a different tree than \(first.applier): \(difference)"
                        }
                    } else {
                        firstSnapshot = (applierName, snapshot)
                    }
                }
                report.results.append(row)
                progress(report)
            }
        }
        return report
    }

    /// Applies one link to a fresh app, and judges where it ended.
    private func check(
        _ link: Link,
        after setup: [Link],
        _ expectation: ReachabilityExpectation,
        applier: String,
        apply: Applier
    ) async -> (ReachabilityReport.Result, TreeSnapshot?) {
        let start = DispatchTime.now().uptimeNanoseconds
        var result = ReachabilityReport.Result(
            link: link.description, applier: applier, expected: expectation.description, reached: [], traces: [],
            failure: nil, seconds: 0)
        if !setup.isEmpty { result.after = setup.map(\.description) }
        let snapshot = await judge(link, after: setup, expectation, apply: apply, into: &result)
        result.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return (result, snapshot)
    }

    /// Fills in `result` for one link; returns the snapshot of where the link left the app.
    private func judge(
        _ link: Link,
        after setup: [Link],
        _ expectation: ReachabilityExpectation,
        apply: Applier,
        into result: inout ReachabilityReport.Result
    ) async -> TreeSnapshot? {
        let app: App
        do {
            app = try await makeApp()
        } catch {
            result.failure = "the app could not be made: \(error)"
            return nil
        }
        var departures = releaseGracePeriod.map { _ in Departures(app) }
        for step in setup {
            do {
                _ = try await apply(app, step)
            } catch {
                result.failure = "applying \(step) first failed: \(error)"
                return nil
            }
            departures?.note(app)
        }
        let snapshot = await judge(link, in: app, expectation, apply: apply, into: &result)
        if var departures, let gracePeriod = releaseGracePeriod {
            departures.note(app)
            let outlived = await departures.survivors(after: gracePeriod)
            if !outlived.isEmpty {
                result.outlived = outlived
                let named = outlived.prefix(3).map(\.description).joined(separator: ", ")
                let more = outlived.count > 3 ? " and \(outlived.count - 3) more" : ""
                let problem =
                    "\(named)\(more) left the tree and \(outlived.count == 1 ? "is" : "are") still alive "
                    + "\(Self.seconds(gracePeriod)) later"
                result.failure = result.failure.map { "\($0); \(problem)" } ?? problem
            }
        }
        return snapshot
    }

    /// Applies the link to `app` in a search recording, and judges where it ended.
    private func judge(
        _ link: Link,
        in app: App,
        _ expectation: ReachabilityExpectation,
        apply: Applier,
        into result: inout ReachabilityReport.Result
    ) async -> TreeSnapshot? {
        // What was in the tree before, where the expectation names a screen that appears: held,
        // so that no new object can take the address of one that left.
        let held = expectation.appearing.map { _ in Self.objects(in: app) }
        let before = held.map { Set($0.map { ObjectIdentifier($0) }) }
        // The error is caught inside the recording, so a failed link keeps its traces.
        let (outcome, traces) = await withSearchRecording { () async -> Swift.Result<any DeepLinkable, any Error> in
            do {
                return .success(try await apply(app, link))
            } catch {
                return .failure(error)
            }
        }
        result.traces = traces
        var snapshot = locate(outcome, in: app, expectation, into: &result)
        if let before, let appearing = expectation.appearing, result.failure == nil {
            // Looked for every 10 ms until it appears or the wait is over.
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(appearing.within * 1e9)
            while true {
                let appeared = Self.objects(in: app).filter { !before.contains(ObjectIdentifier($0)) }
                if appeared.contains(where: appearing.matches) {
                    result.appeared = appeared.prefix(16).map { NodeReference($0) }
                    break
                }
                guard DispatchTime.now().uptimeNanoseconds < deadline else {
                    result.failure =
                        "it ended on \(result.reached.last.map(\.description) ?? "nothing"), but "
                        + expectation.missing(appeared)
                    break
                }
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            // The tree the link left, with what appeared.
            snapshot = TreeSnapshot(of: app)
            withExtendedLifetime(held) {}
        }
        // A failed link may be a forgotten child: audit the app as the link left it.
        if !result.passed { result.forgottenChildren = app.auditChildren().problems }
        return snapshot
    }

    /// Every object in the tree, breadth first.
    private static func objects(in app: App) -> [any DeepLinkable] {
        var objects: [any DeepLinkable] = []
        var traversal = app.breadthFirst()
        while let visit = traversal.next() { objects.append(visit.node) }
        return objects
    }

    /// `1 s`, `0.25 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && value < 1e9 ? "\(Int(value)) s" : "\(value) s"
    }

    /// Judges where a link ended; returns the snapshot of where it left the app.
    private func locate(
        _ outcome: Swift.Result<any DeepLinkable, any Error>,
        in app: App,
        _ expectation: ReachabilityExpectation,
        into result: inout ReachabilityReport.Result
    ) -> TreeSnapshot? {
        let reached: any DeepLinkable
        switch outcome {
        case .success(let object): reached = object
        case .failure(let error):
            result.failure = "applying it failed: \(error)"
            return nil
        }
        let (snapshot, path) = TreeSnapshot.locating(reached, from: app)
        guard !path.isEmpty else {
            result.reached = [NodeReference(reached)]
            result.failure = "it ended on \(NodeReference(reached)), which is not in the app's tree"
            return snapshot
        }
        result.reached = path.map { NodeReference(snapshot.nodes[$0]) }
        let live = livePath(in: app, orders: path)
        if let problem = expectation.problem(reaching: reached, along: live) {
            result.failure = "it ended on \(result.reached[result.reached.count - 1]), but \(problem)"
        }
        return snapshot
    }

    /// The live objects at the breadth-first numbers `orders`, which are a path from the root.
    private func livePath(in app: App, orders: [Int]) -> [any DeepLinkable] {
        var path: [any DeepLinkable] = []
        var traversal = app.breadthFirst()
        while path.count < orders.count, let visit = traversal.next() {
            if visit.order == orders[path.count] { path.append(visit.node) }
        }
        return path
    }

    /// The first difference between two snapshots, in a few words, or `nil` for none.
    private static func difference(from first: TreeSnapshot, to second: TreeSnapshot) -> String? {
        guard first != second else { return nil }
        let diff = TreeDiff(from: first, to: second)
        guard !diff.isEmpty else { return "the same nodes, differently linked" }
        var lines = "\(diff)".split(separator: "\n")
        let summary = lines.removeLast()
        return "\(lines.first.map(String.init) ?? "") (\(summary))"
    }
}

import Foundation
import XTree
import XTreeFuzzing
import XTreeInspector
import XTreeJournal
import XTreeReachability

/// The runner of `xtree-cli fuzz`: each case on a fresh root of a launched app's one child
/// (`LaunchedApp.runCase`); a child that crashes or hangs is reported and replaced.
///
/// After each link the child audits its tree (the `audit` request). Objects outliving their
/// case are the child's own `outlived` journal events: every ``batch`` cases the runner drops
/// the last case's root, waits the child's grace period once, and reads them, each object
/// counted to the case whose fresh root came last before it left.
@MainActor
package struct LaunchedFuzzRunner: LinkFuzzRunner {
    package let app: LaunchedApp
    /// How many cases run between two looks for objects that outlived them: the child's grace
    /// period (2 s by default) is paid once a batch. A batch's events (about 2.5 a case) fit
    /// the journal's 1,000.
    package static let batch = 256
    /// The cases run since the last look: the child they ran in, the event of their fresh root,
    /// their links.
    private var pending: [(child: Int, start: Int, state: [String], link: String)] = []

    /// When a budget in time ends: no reply is waited for past it (a hung case would hold the
    /// whole reply timeout), and a look for outliving objects that would end after it is left
    /// out.
    let deadline: Date?

    package init(app: LaunchedApp, deadline: Date? = nil) {
        self.app = app
        self.deadline = deadline
    }

    package mutating func run(state: [String], link: String, twice: Bool, links: inout Int) async -> LinkFuzzRun {
        var applied = 0
        var outcome: LinkFuzzApplication?
        // The wait for each reply, cut to the budget's end: a case cut short is no finding.
        let wait = deadline.map { min(app.replyTimeout, max(0.2, $0.timeIntervalSinceNow + 0.5)) } ?? app.replyTimeout
        let ran = app.runCase { client throws(InspectorError) in
            client.replyTimeout = wait
            for step in state {
                applied += 1
                let result = try client.openAnswer(step).result
                if let error = result.error { throw .refused("the starting link \(step) failed: \(error)") }
            }
            let before = try client.snapshot()
            applied += 1
            let (result, after) = try client.open(link, traces: false)
            var again: TreeSnapshot?
            if twice, result.error == nil {
                applied += 1
                again = try client.open(link, traces: false).snapshot
            }
            outcome = LinkFuzzApplication(
                error: result.error, receiver: result.path.last.map { after.nodes[$0] }, before: before, after: after,
                again: again, forgotten: try client.audit())
        }
        links += applied
        pending.append((app.starts, app.caseStart, state, link))
        if case .failure(let failure) = ran {
            let text = failure.description
            if text.hasPrefix("the starting link") || applied <= state.count { return .stateFailed }
            if wait < app.replyTimeout, text.contains("stopped answering") { return .stateFailed }
            return .died(how: text, hang: text.contains("stopped answering"))
        }
        return outcome.map(LinkFuzzRun.applied) ?? .stateFailed
    }

    package mutating func outlived(final: Bool) async -> [(state: [String], link: String, objects: String)] {
        guard final || pending.count >= Self.batch else { return [] }
        if final, let deadline, deadline.timeIntervalSinceNow <= 0 { return [] }
        let child = app.starts
        // Cases of a child that died are not looked at: its journal went with it.
        let ours = pending.filter { $0.child == child }
        pending = []
        guard let first = ours.first, let grace = app.target?.client.releaseGracePeriod else { return [] }
        // A look that would outlast a budget in time is left out: the budget holds.
        if let deadline, deadline.timeIntervalSinceNow < grace + 0.3 { return [] }
        // A fresh root, so that the last case's objects leave the tree too; then one grace period.
        guard case .success = app.runCase({ _ throws(InspectorError) in }), app.starts == child,
            let client = app.target?.client
        else { return [] }
        try? await Task.sleep(nanoseconds: UInt64((grace + 0.3) * 1e9))
        guard let events = try? client.journalEvents(after: first.start).events else { return [] }
        var objects: [Int: [String]] = [:]
        for event in events {
            for object in event.outlived ?? [] {
                guard let owner = ours.lastIndex(where: { $0.start < object.left }) else { continue }
                objects[owner, default: []].append(object.node.description)
            }
        }
        return objects.keys.sorted().map { index in
            let named = objects[index, default: []]
            let text = named.prefix(3).joined(separator: ", ") + (named.count > 3 ? " and \(named.count - 3) more" : "")
            return (ours[index].state, ours[index].link, text)
        }
    }
}

import Dispatch
import Foundation
import XTree
import XTreeJournal
import XTreeLive
import XTreeSupport

extension WatchHub {
    /// What restoring did.
    struct Restored: Sendable {
        /// The restore's own event.
        var event: Int
        var duration: Double
        /// The restoration's error, described.
        var error: String?
        /// The tree recorded after the event restored to, and the tree now.
        var recorded: TreeSnapshot
        var after: TreeSnapshot
    }

    /// What a restore request came to.
    enum RestoreOutcome: Sendable {
        case restored(Restored)
        /// Why the app cannot restore that state.
        case refused(String)
    }

    /// Replaces the root with a fresh one from `makeRoot`, the app as it is at launch, and
    /// journals it as a restore to the start (event 0): for an app whose root the inspector
    /// owns. Objects the old tree held stay alive only as long as something else holds them.
    func restart(with makeRoot: @MainActor () -> any DeepLinkable) -> RestoreOutcome {
        recordChanges()
        beginLink()
        defer { endLink() }
        let time = Date().timeIntervalSince1970
        let start = DispatchTime.now().uptimeNanoseconds
        let before = live?.model().snapshot() ?? TreeSnapshot(of: root)
        // The old tree leaves with its root: each of its objects must then be released.
        let departures = LiveTree.Departure.all(under: root)
        root = makeRoot()
        if live != nil {
            live = nil
            self.start()
        }
        let after = live?.model().snapshot() ?? TreeSnapshot(of: root)
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        commit(
            JournalEvent(
                sequence: 0, time: time, kind: .restore(.init(to: 0, duration: duration, error: nil)),
                notifications: 0, objects: 0, edit: TreeEdit(from: before, to: after)),
            departures: departures)
        return .restored(Restored(event: sequence, duration: duration, error: nil, recorded: after, after: after))
    }

    /// Returns an app whose root the inspector owns to event `target` by replay: a fresh root
    /// from `makeRoot`, then the links that made the state after `target` applied again
    /// through `open`; journals it as a restore to `target`, and compares it with the tree
    /// recorded after it. The app's own changes (events that are not links) are not replayed:
    /// where they mattered, the comparison shows it.
    func replay(
        to target: Int, makeRoot: @MainActor () -> any DeepLinkable,
        open: @MainActor (String, any DeepLinkable) async throws -> any DeepLinkable
    ) async -> RestoreOutcome {
        guard journal.capacity > 0, let live else {
            return .refused("this app keeps no journal (its capacity is 0), so no links to replay")
        }
        recordChanges()
        guard target <= sequence else {
            return .refused("event #\(target) has not happened: the last event is #\(sequence)")
        }
        let events = journal.events(after: 0)
        guard events.first.map({ $0.sequence == 1 }) ?? true else {
            return .refused(
                "the journal no longer holds the links from the start (its oldest event is "
                    + "#\(events.first?.sequence ?? 0)), so the state after #\(target) cannot be replayed")
        }
        // The links that made each state: a link adds to the state before it; a restore
        // returns to the links of the state it restored.
        var linksAfter: [Int: [String]] = [0: []]
        var current: [String] = []
        for event in events where event.sequence <= target {
            switch event.kind {
            case .link(let link) where link.error == nil: current.append(link.url)
            case .restore(let restore): current = linksAfter[restore.to] ?? current
            default: break
            }
            linksAfter[event.sequence] = current
        }
        let recorded = recordedTree(after: target, from: live)
        beginLink()
        defer { endLink() }
        let time = Date().timeIntervalSince1970
        let start = DispatchTime.now().uptimeNanoseconds
        let before = live.model().snapshot()
        let departures = LiveTree.Departure.all(under: root)
        root = makeRoot()
        var error: String?
        for url in current where error == nil {
            do {
                _ = try await open(url, root)
            } catch let failure {
                error = "replaying \(url) failed: \(failure)"
            }
        }
        // A view of the new root, as it is after the links.
        self.live = nil
        self.start()
        let after = self.live?.model().snapshot() ?? TreeSnapshot(of: root)
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        commit(
            JournalEvent(
                sequence: 0, time: time, kind: .restore(.init(to: target, duration: duration, error: error)),
                notifications: 0, objects: 0, edit: TreeEdit(from: before, to: after)),
            departures: departures)
        return .restored(
            Restored(event: sequence, duration: duration, error: error, recorded: recorded, after: after))
    }

    /// The tree recorded after event `target`: the live view's tree now, with the journal's
    /// edits since undone.
    private func recordedTree(after target: Int, from live: LiveTree) -> TreeSnapshot {
        var recorded = live.model()
        for event in journal.events(after: target).reversed() {
            do {
                try recorded.apply(event.edit.inverted)
            } catch {
                preconditionFailure("the journal's own edits lead back: \(error)")
            }
        }
        return recorded.snapshot()
    }

    /// Returns the app to the state captured after event `target` (0: the start), and
    /// journals it as an event of its own; or says why it cannot.
    func restore(to target: Int) async -> RestoreOutcome {
        guard let restoration else {
            return .refused(
                "this app does not restore earlier states: its Inspector was started without a restoration "
                    + "(Inspector.Restoration)")
        }
        guard points.capacity > 0, let live else {
            return .refused("this app keeps no journal (its capacity is 0), so no states to restore")
        }
        recordChanges()
        guard target <= sequence else {
            return .refused("event #\(target) has not happened: the last event is #\(sequence)")
        }
        guard let point = points.point(after: target) else {
            let kept = points.range.map { "#\($0.lowerBound) to #\($0.upperBound)" } ?? "none"
            return .refused("the state after event #\(target) is no longer kept; states are kept for events \(kept)")
        }
        let recorded = recordedTree(after: target, from: live)
        beginLink()
        defer { endLink() }
        let time = Date().timeIntervalSince1970
        let start = DispatchTime.now().uptimeNanoseconds
        var error: String?
        do {
            try await restoration.restore(point.state)
        } catch let failure {
            error = "\(failure)"
        }
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let update = live.update()
        commit(
            JournalEvent(
                sequence: 0, time: time, kind: .restore(.init(to: target, duration: duration, error: error)),
                notifications: update.notifications, objects: update.objects, edit: update.edit),
            departures: update.departures)
        return .restored(
            Restored(
                event: sequence, duration: duration, error: error, recorded: recorded, after: live.model().snapshot()))
    }
}

extension WatchHub {
    /// Journals what becomes of a held link after the tool that sent it stopped waiting: its
    /// delivery, as a link event with the change it made (and in the flight record, so that a
    /// crash there is blamed on it), or its drop, as a failed one. Replay then applies the
    /// delivered ones and skips the dropped.
    var lateJournal: LinkHolder.LateJournal {
        LinkHolder.LateJournal(
            owner: ObjectIdentifier(self),
            delivery: { [weak self] held, deliver in
                guard let self else { return try await deliver() }
                let late = (JournalEvent.Link.Delivery.delivered, held.holder)
                let (result, _) = await apply(held.link, source: .app, tracing: false, needsSnapshot: false, late: late)
                {
                    try await deliver()
                }
                guard let reached = try result.get() else { preconditionFailure("a delivery reaches an object") }
                return reached
            },
            drop: { [weak self] held, error in
                Task { @MainActor in
                    let late = (JournalEvent.Link.Delivery.dropped, held.holder)
                    _ = await self?.apply(held.link, source: .app, tracing: false, needsSnapshot: false, late: late) {
                        throw error
                    }
                }
            })
    }
}

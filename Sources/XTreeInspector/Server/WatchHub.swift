import Dispatch
import Foundation
import XTree
import XTreeSupport

/// The tree's observer on the main actor: it notes the changes objects announce, takes a
/// snapshot after each link and after each burst of the app's own changes, and hands both
/// to the ``Journal``, which computes the diff off the main actor.
///
/// Announcements from `objectWillChange` and Observation are coalesced over 50 ms. With a
/// journal, the tree is observed from the inspector's start; without one (capacity 0), only
/// while a client watches.
@MainActor
final class WatchHub {
    nonisolated let root: any DeepLinkable
    nonisolated let journal: Journal
    private var monitor: TreeChangeMonitor?
    /// The tree after the last event.
    private var snapshot: TreeSnapshot?
    /// Whether a flush is scheduled, and whether a link is being applied: kept apart from
    /// the main actor, so that of a burst of announcements, from any thread, only the first
    /// schedules work there, and those during a link none (the link records them).
    private nonisolated let announced = Locked((scheduled: false, linking: false))
    /// The last sequence number given.
    private(set) var sequence = 0
    /// Links being applied: the app's changes meanwhile are theirs, not events of their own.
    private var linksUnderWay = 0

    init(root: any DeepLinkable, journal: Journal) {
        self.root = root
        self.journal = journal
    }

    nonisolated func add(_ outbox: Outbox, backlogAfter sequence: Int? = nil) -> [JournalEvent] {
        journal.add(outbox, backlogAfter: sequence)
    }

    nonisolated func remove(_ outbox: Outbox) {
        if journal.remove(outbox), journal.capacity == 0 { Task { @MainActor in self.stopIfUnwatched() } }
    }

    /// Starts observing the tree, if it is not observed yet.
    func start() {
        guard monitor == nil else { return }
        let monitor = TreeChangeMonitor(root: root) { [weak self, announced] in
            let first = announced.withLock { state in
                guard !state.scheduled, !state.linking else { return false }
                state.scheduled = true
                return true
            }
            if first { Task { @MainActor in self?.changed() } }
        }
        self.monitor = monitor
        snapshot = TreeSnapshot(of: root)
        monitor.observe()
    }

    private func stopIfUnwatched() {
        guard journal.capacity == 0, !journal.hasClients else { return }
        monitor = nil
        snapshot = nil
    }

    /// Flushes 50 ms after the first announcement of a burst.
    private func changed() {
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: 50_000_000)
            flush()
        }
    }

    /// Hands what the app changed since the last event to the journal, now. While a link is
    /// applied, its changes wait for it.
    func flush() {
        announced.withLock { $0.scheduled = false }
        if monitor == nil { start() }
        recordChanges()
    }

    /// Hands what the app changed since the last event to the journal, if the tree is
    /// observed and no link is being applied.
    private func recordChanges() {
        guard linksUnderWay == 0, let monitor, let before = snapshot else { return }
        let fired = monitor.drain()
        guard !fired.isEmpty else { return }
        let after = TreeSnapshot(of: root)
        snapshot = after
        monitor.observe()
        sequence += 1
        journal.record(
            Journal.Entry(
                sequence: sequence, time: Date().timeIntervalSince1970, link: nil, reached: [],
                notifications: fired.count, objects: Set(fired).count, before: before, after: after))
    }

    /// The last sequence number, once the app's changes so far are an event: the end of
    /// the journal a client reads.
    func lastSequence() -> Int {
        recordChanges()
        return sequence
    }

    /// The last sequence number and the tree after it, once the app's changes so far are
    /// an event, the tree observed from then on: where a client that follows starts.
    func current() -> (sequence: Int, snapshot: TreeSnapshot) {
        flush()
        return (sequence, snapshot ?? TreeSnapshot(of: root))
    }

    /// What applying a link did.
    struct Applied: Sendable {
        /// The handler's error, described.
        var error: String?
        /// The searches it made, if traced.
        var traces: [SearchTrace]
        /// The tree after it, and the path it reached there; `nil` if nobody asked for the
        /// tree and no journal keeps it.
        var snapshot: TreeSnapshot?
        var path: [Int]
    }

    /// Applies a link with `handler` and journals it: the app's own changes before it are an
    /// event of their own, then the link is one, with its searches counted (or traced), its
    /// duration and outcome, and the tree after it.
    func apply(
        _ url: String,
        source: JournalEvent.Source,
        tracing: Bool,
        needsSnapshot: Bool,
        _ handler: @MainActor () async throws -> (any DeepLinkable)?
    ) async -> (result: Result<(any DeepLinkable)?, any Error>, applied: Applied) {
        recordChanges()
        linksUnderWay += 1
        announced.withLock { $0.linking = true }
        defer {
            linksUnderWay -= 1
            if linksUnderWay == 0 { announced.withLock { $0.linking = false } }
        }
        let time = Date().timeIntervalSince1970
        let start = DispatchTime.now().uptimeNanoseconds
        let result: Result<(any DeepLinkable)?, any Error>
        let traces: [SearchTrace]
        let counts: (searches: Int, visits: Int)
        if tracing {
            (result, traces) = await withSearchRecording { () async -> Result<(any DeepLinkable)?, any Error> in
                do { return .success(try await handler()) } catch { return .failure(error) }
            }
            counts = (traces.count, traces.reduce(0) { $0 + $1.steps.count })
        } else {
            let counted = await withSearchCounting { () async -> Result<(any DeepLinkable)?, any Error> in
                do { return .success(try await handler()) } catch { return .failure(error) }
            }
            (result, traces, counts) = (counted.result, [], (counted.searches, counted.visits))
        }
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        var error: String?
        if case .failure(let failure) = result { error = "\(failure)" }
        guard needsSnapshot || monitor != nil else { return (result, Applied(error: error, traces: traces, path: [])) }
        let after: TreeSnapshot
        var path: [Int] = []
        if case .success(let reached?) = result {
            (after, path) = TreeSnapshot.locating(reached, from: root)
        } else {
            after = TreeSnapshot(of: root)
        }
        if let monitor, let before = snapshot {
            let fired = monitor.drain()
            snapshot = after
            monitor.observe()
            sequence += 1
            let link = JournalEvent.Link(
                url: url, source: source, duration: duration, reached: [], error: error, searches: counts.searches,
                visits: counts.visits)
            journal.record(
                Journal.Entry(
                    sequence: sequence, time: time, link: link, reached: path, notifications: fired.count,
                    objects: Set(fired).count, before: before, after: after))
        }
        return (result, Applied(error: error, traces: traces, snapshot: after, path: path))
    }
}

import Dispatch
import Foundation
import XTree
import XTreeDebugger
import XTreeJournal
import XTreeLive
import XTreeRecorder
import XTreeSupport

/// The tree's observer on the main actor: it keeps the live view (``LiveTree``), turns what
/// changed after each link and each burst of the app's own changes into a journal event by
/// ids, and hands it to the ``Journal``.
///
/// Announcements from `objectWillChange` and Observation are coalesced over 50 ms. With a
/// journal, the tree is observed from the inspector's start; without one (capacity 0), only
/// while a client follows.
///
/// While the tree is observed, objects that leave it are held weakly; one still alive when
/// its grace period ends, and not back in the tree, is reported in an event of its own. With
/// a restoration, the app's state is captured after each event, for ``restore(to:)``.
@MainActor
final class WatchHub {
    /// The app's root; replaced only where the inspector owns it (``restart(with:)``,
    /// ``replay(to:makeRoot:open:)``).
    var root: any DeepLinkable {
        didSet { DebuggerView.shared.register(root) }
    }
    nonisolated let journal: Journal
    let restoration: Inspector.Restoration?
    var points: RestorePoints
    nonisolated let gracePeriod: Double
    /// When a link the app opened has landed: the app type's ``DeepLinkableApp/linkLanding``.
    let landing: LinkLanding
    /// The live view, while the tree is observed. A debugger's call off the main thread reads
    /// the tree it holds (``DebuggerView``), kept by each event's edit.
    var live: LiveTree? {
        didSet {
            if let live { DebuggerView.shared.keep(live.model()) } else { DebuggerView.shared.forget() }
        }
    }
    /// Whether a flush is scheduled, and whether a link is being applied: kept apart from
    /// the main actor, so that of a burst of announcements, from any thread, only the first
    /// schedules work there, and those during a link none (the link records them).
    private nonisolated let announced = Locked((scheduled: false, linking: false))
    /// The last sequence number given.
    private(set) var sequence = 0
    /// Links being applied: the app's changes meanwhile are theirs, not events of their own.
    private(set) var linksUnderWay = 0

    /// An object that left the tree, held weakly until it is released, comes back, or its
    /// grace period ends.
    private struct Departed {
        weak var object: AnyObject?
        let outlived: JournalEvent.Outlived
        /// When its grace period ends, in uptime nanoseconds.
        let deadline: UInt64
    }
    private var departed: [ObjectIdentifier: Departed] = [:]
    private var departuresCheckScheduled = false

    init(
        root: any DeepLinkable, journal: Journal, restoration: Inspector.Restoration?, gracePeriod: Double,
        landing: LinkLanding = .whenOpenReturns
    ) {
        self.root = root
        self.landing = landing
        self.journal = journal
        self.restoration = restoration
        self.gracePeriod = gracePeriod
        points = RestorePoints(capacity: restoration == nil || journal.capacity == 0 ? 0 : journal.capacity + 1)
        DebuggerView.shared.register(root)
        DebuggerView.shared.adopt(journal)
        hearNavigation()
    }

    nonisolated func add(_ outbox: Outbox, backlogAfter sequence: Int? = nil) -> [JournalEvent] {
        journal.add(outbox, backlogAfter: sequence)
    }

    nonisolated func remove(_ outbox: Outbox) {
        if journal.remove(outbox), journal.capacity == 0 { Task { @MainActor in self.stopIfUnwatched() } }
    }

    /// Starts observing the tree, if it is not observed yet.
    func start() {
        guard live == nil else { return }
        live = LiveTree(root: root) { [weak self, announced] in
            let first = announced.withLock { state in
                guard !state.scheduled, !state.linking else { return false }
                state.scheduled = true
                return true
            }
            if first { Task { @MainActor in self?.changed() } }
        }
        if let restoration { points.add(.init(sequence: sequence, state: restoration.capture())) }
    }

    private func stopIfUnwatched() {
        guard journal.capacity == 0, !journal.hasSubscribers else { return }
        live = nil
    }

    /// A link or a restore begins: the app's changes until it ends are its own, not events.
    func beginLink() {
        linksUnderWay += 1
        announced.withLock { $0.linking = true }
    }

    func endLink() {
        linksUnderWay -= 1
        if linksUnderWay == 0 { announced.withLock { $0.linking = false } }
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
        if live == nil { start() }
        recordChanges()
    }

    /// Hands what the app changed since the last event to the journal, if the tree is
    /// observed, no link is being applied, and something announced a change.
    func recordChanges() {
        guard linksUnderWay == 0, let live, live.hasAnnouncements else { return }
        let update = live.update()
        commit(
            JournalEvent(
                sequence: 0, time: Date().timeIntervalSince1970, kind: .change, notifications: update.notifications,
                objects: update.objects, edit: update.edit),
            departures: update.departures)
    }

    /// Journals an event under the next sequence number: captures the app's state for
    /// restoring, and holds the objects that left the tree until their grace period ends.
    func commit(_ event: JournalEvent, departures: [LiveTree.Departure]) {
        var event = event
        sequence += 1
        event.sequence = sequence
        journal.record(event)
        // A restore's edit goes from the old root's tree; the view holds the new one's already.
        if case .restore = event.kind, let live {
            DebuggerView.shared.keep(live.model())
        } else {
            DebuggerView.shared.apply(event.edit)
        }
        if let restoration { points.add(.init(sequence: sequence, state: restoration.capture())) }
        guard !departures.isEmpty else { return }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(gracePeriod * 1e9)
        for departure in departures {
            departed[ObjectIdentifier(departure.object)] = Departed(
                object: departure.object,
                outlived: .init(node: departure.node, left: sequence, leftTime: event.time), deadline: deadline)
        }
        scheduleDeparturesCheck()
    }

    /// Checks the objects that left the tree when the first grace period ends.
    private func scheduleDeparturesCheck() {
        guard !departuresCheckScheduled, let deadline = departed.values.map(\.deadline).min() else { return }
        departuresCheckScheduled = true
        let now = DispatchTime.now().uptimeNanoseconds
        Task { @MainActor [weak self] in
            if deadline > now { try? await Task.sleep(nanoseconds: deadline - now) }
            self?.checkDepartures()
        }
    }

    /// Reports the objects that left the tree, are still alive and not back in it, and whose
    /// grace period has ended; lets go of those released or back.
    private func checkDepartures() {
        departuresCheckScheduled = false
        guard linksUnderWay == 0 else {
            // A link may be moving objects: look once it is done.
            departuresCheckScheduled = true
            Task { @MainActor [weak self] in
                try? await Task.sleep(nanoseconds: 50_000_000)
                self?.checkDepartures()
            }
            return
        }
        // The tree as it is now: an object put back since the last event is not reported.
        recordChanges()
        guard let live else {
            departed.removeAll()
            return
        }
        let now = DispatchTime.now().uptimeNanoseconds
        var outlived: [JournalEvent.Outlived] = []
        for (key, entry) in departed {
            guard let object = entry.object, !live.contains(object) else {
                departed[key] = nil
                continue
            }
            if entry.deadline <= now {
                outlived.append(entry.outlived)
                departed[key] = nil
            }
        }
        if !outlived.isEmpty {
            outlived.sort { ($0.left, $0.node.type, $0.node.label) < ($1.left, $1.node.type, $1.node.label) }
            commit(
                JournalEvent(
                    sequence: 0, time: Date().timeIntervalSince1970, kind: .outlived(outlived), notifications: 0,
                    objects: 0, edit: TreeEdit()),
                departures: [])
        }
        scheduleDeparturesCheck()
    }

    /// The last sequence number and the tree after it, once the app's changes so far are an
    /// event, the tree observed from then on: where a client that follows or reads
    /// the journal starts, applying the events' edits. The tree is the view's, exactly what
    /// the edits after it are made from.
    func current() -> (sequence: Int, snapshot: TreeSnapshot) {
        flush()
        return (sequence, live?.model().snapshot() ?? TreeSnapshot(of: root))
    }

    /// Searches the live view for `find`, once the app's pending changes are an event: no
    /// snapshot made. `nil` where no view is kept, or it cannot number as a snapshot does.
    func find(name: String, conditions: [NodeCondition], all: Bool, shown: Int) -> LiveTree.Found? {
        flush()
        return live?.find(name: name, conditions: conditions, all: all, shown: shown)
    }

    /// The last event's number, once the app's pending changes are an event.
    func currentSequence() -> Int {
        flush()
        return sequence
    }

    /// Applies a link with `handler` and journals it: the app's own changes before it are an
    /// event of their own, then the link is one, with its searches counted (or traced), its
    /// duration and outcome, and the tree after it. With `answeringWithTypes`, where it ended
    /// is said from the live view (``Applied/answer``, with the tree's type names if `true`),
    /// and the tree after it is made only where the view cannot say.
    func apply(
        _ url: String,
        source: JournalEvent.Source,
        tracing: Bool,
        needsSnapshot: Bool,
        answeringWithTypes answering: Bool? = nil,
        late: (delivery: JournalEvent.Link.Delivery, holder: String)? = nil,
        _ handler: @MainActor () async throws -> (any DeepLinkable)?
    ) async -> (result: Result<(any DeepLinkable)?, any Error>, applied: Applied) {
        // The live view answers where the link ended without a snapshot: kept from now on.
        if answering != nil, live == nil { start() }
        recordChanges()
        beginLink()
        defer { endLink() }
        // What is kept of the link, in the journal and the flight recorder: never its secrets.
        let kept = LinkRedaction.current(url)
        let recorder = FlightRecorder.current
        let ticket = recorder?.begin(url)
        let time = Date().timeIntervalSince1970
        let start = DispatchTime.now().uptimeNanoseconds
        let result: Result<(any DeepLinkable)?, any Error>
        // Who held the link until it was delivered, if a ``LinkHolder`` did.
        let holding = LinkHolder.Report()
        // The tree before, where the app's links land later or the link is one of its navigation
        // calls (made at once, as a tap made it): what appeared is what it reached.
        let navigates = if case .navigation = Entry(url) { true } else { false }
        let before = landing == .whenOpenReturns && !navigates ? nil : TreeSnapshot(of: root)
        let lateJournal = lateJournal
        // The handler, told who asked (for a held link's holder and its late journal); its
        // outcome as a value, so that a search recording or counting sees it either way.
        func run() async -> Result<(any DeepLinkable)?, any Error> {
            do {
                return .success(
                    try await LinkHolder.$report.withValue(holding) {
                        try await LinkHolder.$lateJournal.withValue(lateJournal) { try await handler() }
                    })
            } catch {
                return .failure(error)
            }
        }
        let traces: [SearchTrace]
        let counts: (searches: Int, visits: Int)
        // The receiver types of the searches that found nothing: kept for an explanation.
        let misses: [String]
        if tracing {
            (result, traces) = await withSearchRecording { await run() }
            counts = (traces.count, traces.reduce(0) { $0 + $1.steps.count })
            misses = traces.filter { $0.match == nil }.map(\.receiverType)
        } else {
            let counted = await withSearchCounting { await run() }
            (result, traces, counts) = (counted.result, [], (counted.searches, counted.visits))
            misses = counted.misses
        }
        let landed: (snapshot: TreeSnapshot, path: [Int])?
        if case .success = result, let before {
            landed = navigates ? Self.appeared(from: before, to: TreeSnapshot(of: root)) : await landing(since: before)
        } else {
            landed = nil
        }
        let duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        var error: String?
        switch result {
        case .success(let object):
            if let recorder, let ticket { recorder.end(ticket, reached: object) }
        case .failure(let failure):
            if let recorder, let ticket { recorder.end(ticket, failed: failure) }
            error = LinkRedaction.current.message("\(failure)", of: url, kept: kept)
        }
        // The tree after the link, where the client asked for it: also the tree an
        // explanation reads, so that it is not made twice.
        func locate() -> (snapshot: TreeSnapshot, path: [Int]) {
            if let landed {
                landed
            } else if case .success(let reached?) = result {
                TreeSnapshot.locating(reached, from: root)
            } else {
                (TreeSnapshot(of: root), [])
            }
        }
        var after = needsSnapshot ? locate() : nil
        var answer: (path: [TreeSnapshot.Node], types: [String])?
        var appeared: [TreeEdit.Node]?
        if let live {
            let update = live.update()
            appeared = Array(update.edit.added.prefix(OpenResult.maximumAppeared))
            if let answering {
                let object: AnyObject? = if case .success(let reached?) = result { reached } else { nil }
                answer = live.reached(object, types: answering)
                if let landed {
                    answer = (
                        landed.path.map { landed.snapshot.nodes[$0] },
                        answering ? Self.typeNames(in: landed.snapshot) : []
                    )
                }
            }
            var reached: [JournalEvent.Step] = []
            if let landed {
                reached = landed.path.map {
                    JournalEvent.Step(type: landed.snapshot.nodes[$0].type, id: landed.snapshot.nodes[$0].id)
                }
            } else if case .success(let object?) = result {
                reached = live.path(to: object).map { JournalEvent.Step(type: $0.type, id: $0.id) }
            }
            var link = JournalEvent.Link(
                url: kept, source: source, duration: duration, reached: reached, error: error,
                searches: counts.searches, visits: counts.visits)
            link.held = late?.holder ?? holding.holder
            link.delivery = late?.delivery
            if error != nil || update.edit.isEmpty {
                // Only now is the tree walked for candidates: a link that changed something
                // costs nothing more.
                var lines: [String] = []
                if error == nil {
                    lines.append(
                        reached.last.map {
                            "it reached \($0.type) #\($0.id), and the tree did not change: it was already there"
                        }
                            ?? "the tree did not change, and the link reached nothing in it")
                }
                if !misses.isEmpty { lines += (after?.snapshot ?? live.model().snapshot()).explainMisses(misses) }
                link.explanation = lines.isEmpty ? nil : lines
            }
            commit(
                JournalEvent(
                    sequence: 0, time: time, kind: .link(link), notifications: update.notifications,
                    objects: update.objects, edit: update.edit),
                departures: update.departures)
        }
        // The answer alone where the view could give it; the tree where it could not.
        if answering != nil, answer == nil, after == nil { after = locate() }
        let event = live == nil ? nil : sequence
        return (
            result,
            Applied(
                error: error, traces: traces, snapshot: after?.snapshot, path: after?.path ?? [], sequence: event,
                answer: answer, appeared: appeared)
        )
    }
}

import XTree
import XTreeSupport

/// The watchers of one app and the monitor that feeds them, on the main actor.
///
/// Announcements from `objectWillChange` and Observation are coalesced over 50 ms, then one
/// snapshot is taken and its diff against the previous one sent to every watcher.
@MainActor
final class WatchHub {
    nonisolated let root: any DeepLinkable
    private nonisolated let watchers = Locked<[ObjectIdentifier: Outbox]>([:])
    private var monitor: TreeChangeMonitor?
    private var snapshot: TreeSnapshot?
    private var scheduled = false

    init(root: any DeepLinkable) {
        self.root = root
    }

    nonisolated func add(_ outbox: Outbox) {
        watchers.withLock { $0[ObjectIdentifier(outbox)] = outbox }
    }

    nonisolated func remove(_ outbox: Outbox) {
        let last = watchers.withLock { watchers -> Bool in
            watchers[ObjectIdentifier(outbox)] = nil
            return watchers.isEmpty
        }
        if last { Task { @MainActor in self.stopIfUnwatched() } }
    }

    /// Starts watching the tree, if it is not watched yet.
    func start() {
        guard monitor == nil else { return }
        let monitor = TreeChangeMonitor(root: root) { [weak self] in
            Task { @MainActor in self?.changed() }
        }
        self.monitor = monitor
        snapshot = TreeSnapshot(of: root)
        monitor.observe()
    }

    private func stopIfUnwatched() {
        guard watchers.withLock({ $0.isEmpty }) else { return }
        monitor = nil
        snapshot = nil
    }

    private func changed() {
        guard !scheduled else { return }
        scheduled = true
        Task { @MainActor in
            try? await Task.sleep(nanoseconds: 50_000_000)
            flush()
        }
    }

    /// Sends what changed since the last event to every watcher, now.
    func flush() {
        scheduled = false
        if monitor == nil { start() }
        guard let monitor, let before = snapshot else { return }
        let fired = monitor.drain()
        guard !fired.isEmpty else { return }
        let after = TreeSnapshot(of: root)
        snapshot = after
        monitor.observe()
        var event = InspectorReply(id: nil)
        event.change = ChangeEvent(
            notifications: fired.count, objects: Set(fired).count, diff: TreeDiff(from: before, to: after))
        for outbox in watchers.withLock({ Array($0.values) }) { outbox.push(event) }
    }
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeInspectorClient
import XTreeJournal

/// An embedded app started in this process, through its adapter.
@MainActor
package final class EmbeddedTarget<App: EmbeddedApp>: Target {
    package let app: App
    package let root: App.Root
    private let applyLink: LinkApplier
    private var watched: (snapshot: TreeSnapshot, monitor: TreeChangeMonitor)?
    /// How many changes `watch` was given.
    private var changes = 0

    /// Starts a fresh app.
    package init(_ app: App) {
        self.app = app
        root = app.makeRoot()
        applyLink = app.linkApplier(for: root)
    }

    package var title: String { App.title }

    package var linkForms: [String] { App.linkForms }

    package var appType: AppTypeName? { AppTypeName(of: App.Definition.self) }

    package var searchableNames: [String] { SearchableProtocols.names }

    package func snapshot() -> TreeSnapshot { TreeSnapshot(of: root) }

    package func check(links: [String]) throws(CLIError) {
        for link in links { try app.check(link: link) }
    }

    package func open(_ link: String, recording: Bool) async -> LinkResult {
        do {
            let (applied, traces) =
                recording
                ? try await withSearchRecording { try await applyLink(link) }
                : (try await applyLink(link), [])
            let root = root
            return .reached(
                OpenedLink(
                    link: applied.link, applier: app.applierName, traces: traces,
                    locate: { TreeSnapshot.locating(applied.reached, from: root) }))
        } catch {
            return .failed("\(error)")
        }
    }

    package func startWatching() {
        let monitor = TreeChangeMonitor(root: root)
        watched = (TreeSnapshot(of: root), monitor)
        monitor.observe()
    }

    /// The objects that announced a change since the last call, coalesced, as an event of
    /// the app's own changes; the new tree is watched from then on.
    package func changesSinceLastLine() -> [FollowedEvent] {
        guard let (before, monitor) = watched else { return [] }
        let fired = monitor.drain()
        guard !fired.isEmpty else { return [] }
        let after = TreeSnapshot(of: root)
        watched = (after, monitor)
        monitor.observe()
        changes += 1
        let event = JournalEvent(
            sequence: changes, time: Date().timeIntervalSince1970, kind: .change, notifications: fired.count,
            objects: Set(fired).count, edit: TreeEdit(from: before, to: after))
        return [FollowedEvent(event: event, diff: TreeDiff(from: before, to: after), path: [])]
    }

    package var watchCommands: [(name: String, help: String)] { App.watchCommands.map { ($0.name, $0.help) } }

    package func runWatchCommand(_ name: String) -> String? {
        App.watchCommands.first { $0.name == name }?.run(root)
    }

    package var untraceableReason: String? { app.untraceableReason }

    package func prepare() async throws(CLIError) { try await app.prepare(root) }

    package func finish() throws(CLIError) { try app.finish(root) }
}

extension EmbeddedApp {
    /// A fresh start of the app as a target.
    package func target() -> any Target { EmbeddedTarget(self) }
}

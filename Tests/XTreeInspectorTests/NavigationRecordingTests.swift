import Foundation
import SocialFixture
import Testing
import XTree
import XTreeInspectorClient

@testable import XTreeInspector

/// The app's own navigation calls, what its buttons do, journaled as entries beside its links,
/// and replayed through its own `open`, which makes the same calls.
@MainActor
@Suite struct NavigationRecordingTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func tapsAreJournaledAsEntriesAndReplayedThroughTheAppsOwnCalls() async throws {
        let folder = try InspectorFolder()
        let root = SocialApp.makeRoot()
        let inspector = try Inspector(name: "Social", app: SocialApp.self, root: root, directory: folder.path)
        defer { inspector.stop() }
        // Taps and a link that lands at once (a link that lands later is waited for by a quiet
        // period, which a loaded machine can outlast: SocialFixtureTests give it longer).
        root.router(for: .timeline).navigate(to: .status(id: "1042"))
        let app = inspector.app
        _ = try await offMain { try patient(InspectorClient(app)).open("social://app/tab/explore") }
        root.router(for: .explore).present(.compose(replyTo: "1042"))
        root.select(.timeline)
        let (read, _, _) = try await offMain { try patient(InspectorClient(app)).journal() }
        let links = read.compactMap { $0.event.link }
        #expect(links.map(\.source) == [.app, .inspector, .app, .app], "\(links.map(\.url))")
        let status = try #require(Entry.JSONText(encoding: Destination.status(id: "1042")))
        #expect(links.first?.url == Entry.navigation(action: "navigate", values: ["to": status]).description)
        #expect(links.first?.url.hasPrefix("xtree-entry:navigation?action=navigate&values=") == true)
        #expect(links.map { Entry($0.url).map { "\($0)" } != nil } == [true, false, true, true])
        let added = read.filter { $0.event.link != nil }.map { $0.diff.added.map(\.type) }
        #expect(added == [["Destination.status"], ["RouterPath"], ["SheetDestination.compose"], []])
        // What each reached: what it made appear, or the object that made the call.
        #expect(
            links.map { $0.reached.last?.type } == [
                "Destination.status", "RouterPath", "SheetDestination.compose", "AppRouter",
            ])

        // On a fresh app, the journal's links through the app's own `open`: the same tree.
        let fresh = SocialApp.makeRoot()
        for link in links { _ = try await SocialApp.open(link.url, in: fresh) }
        let wanted = Array(TreeSnapshot(of: root).nodes)
        for _ in 0..<500 where Array(TreeSnapshot(of: fresh).nodes) != wanted {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(Array(TreeSnapshot(of: fresh).nodes) == wanted)
    }

    /// A call made while no inspector serves the caller's tree only navigates.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func aCallOutsideAnyServedTreeOnlyNavigates() async throws {
        let folder = try InspectorFolder()
        let served = SocialApp.makeRoot()
        let inspector = try Inspector(name: "Social", app: SocialApp.self, root: served, directory: folder.path)
        defer { inspector.stop() }
        let other = SocialApp.makeRoot()
        other.router(for: .timeline).navigate(to: .tag("swift"))
        #expect(other.router(for: .timeline).path == [.tag("swift")])
        let app = inspector.app
        let (read, _, _) = try await offMain { try patient(InspectorClient(app)).journal() }
        #expect(read.allSatisfy { $0.event.link == nil }, "\(read.map(\.event))")
    }
}

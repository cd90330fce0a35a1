import Foundation
import XTree
import XTreeRecorder

/// The app's own navigation calls (``NavigationRecording``) as the app's links.
extension WatchHub {
    /// Hears the app's navigation calls made in this hub's tree, while the hub lives.
    func hearNavigation() {
        NavigationHubs.hubs.removeAll { $0.hub == nil }
        NavigationHubs.hubs.append(.init(hub: self))
        guard NavigationRecording.sink == nil else { return }
        NavigationRecording.sink = { entry, caller, navigation in
            let hub = NavigationHubs.hubs.lazy.compactMap(\.hub).first { $0.holds(caller) }
            guard let hub else { return navigation() }
            hub.record(navigation: entry, by: caller, navigation)
        }
    }

    /// Whether `object` is in this hub's tree.
    private func holds(_ object: AnyObject) -> Bool {
        // An object the live view has not seen yet (a tab's router just mounted) by a walk.
        live?.contains(object) == true || !TreeSnapshot.locating(object, from: root).path.isEmpty
    }

    /// Journals a navigation call as a link of the app's, with the change it made, and keeps it
    /// in the flight record; one a link under way makes (a replay's) is that link's. It reached
    /// the last node it made appear or, where none did, the caller: what a replay of it reaches
    /// through the app's `open`, which returns the object that makes the call.
    private func record(navigation entry: String, by caller: AnyObject, _ navigation: () -> Void) {
        guard linksUnderWay == 0 else { return navigation() }
        recordChanges()
        beginLink()
        defer { endLink() }
        let recorder = FlightRecorder.current
        let ticket = recorder?.begin(entry)
        let time = Date().timeIntervalSince1970
        let start = DispatchTime.now().uptimeNanoseconds
        let before = live == nil ? nil : TreeSnapshot(of: root)
        navigation()
        if let recorder, let ticket { recorder.end(ticket, reached: caller as? any DeepLinkable) }
        guard let live, let before else { return }
        let update = live.update()
        let after = TreeSnapshot.locating(caller, from: root)
        let landed = Self.appeared(from: before, to: after.snapshot) ?? after
        let reached = landed.path.map {
            JournalEvent.Step(type: landed.snapshot.nodes[$0].type, id: landed.snapshot.nodes[$0].id)
        }
        let link = JournalEvent.Link(
            url: LinkRedaction.current(entry), source: .app,
            duration: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, reached: reached, error: nil,
            searches: 0, visits: 0)
        commit(
            JournalEvent(
                sequence: 0, time: time, kind: .link(link), notifications: update.notifications,
                objects: update.objects, edit: update.edit),
            departures: update.departures)
    }
}

/// The hubs alive in the process, one per inspector serving a tree.
@MainActor
private enum NavigationHubs {
    struct Entry {
        weak var hub: WatchHub?
    }
    static var hubs: [Entry] = []
}

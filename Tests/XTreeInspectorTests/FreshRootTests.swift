import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeJournal

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// An app whose root the inspector owns (what `Inspector.serve` runs for `--launch`): a
/// restore to the start makes a fresh root, links go to it, and the journal says so.
@MainActor
@Suite struct FreshRootTests {
    /// An inspector that owns the root of `App`, as `Inspector.serve` starts one.
    func owning<App: DeepLinkableApp>(_ app: App.Type, name: String, in folder: InspectorFolder) throws -> Inspector {
        try Inspector(
            name: name, root: App.makeRoot(), directory: folder.path, loopbackPort: nil, journalCapacity: 1_000,
            restoration: nil, releaseGracePeriod: 2, open: nil, definition: AppDefinition(app, ownsRoot: true))
    }

    @Test func aRestoreToTheStartMakesAFreshRootThatLinksReach() async throws {
        let folder = try InspectorFolder()
        let inspector = try owning(RecipesApp.self, name: "Launched", in: folder)
        defer { inspector.stop() }
        let app = inspector.app
        let (start, moved, fresh, again, events) = try await offMain {
            let client = patient(try InspectorClient(app))
            let start = try client.snapshot()
            let (_, moved) = try client.open("recipes://recipes/irish-stew/ratings")
            let (restored, fresh) = try client.restore(to: 0)
            #expect(restored.error == nil)
            let (opened, again) = try client.open("recipes://tab/veggie")
            #expect(opened.error == nil)
            let (events, _, _) = try client.journal()
            return (start, moved, fresh, again, events.map(\.event))
        }
        #expect(moved != start)
        #expect(fresh == start)
        // The link went to the fresh root: the tab changed there, and only the tab.
        #expect(again.nodes[0].attributes.first { $0.key == "tab" }?.value == "veggie")
        #expect(again.nodes.count == start.nodes.count)
        guard case .restore(let restore)? = events.dropFirst().first?.kind else {
            Issue.record("the second event is the restore: \(events.map(\.kind))")
            return
        }
        #expect(restore.to == 0)
        #expect(restore.error == nil)
    }

    /// Where the app holds its root, a restore to the start without a restoration is refused
    /// as before: the inspector never swaps a root the app still shows.
    @Test func anAppThatHoldsItsRootIsNotGivenAFreshOne() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(
            name: "Attached", app: RecipesApp.self, root: RecipesApp.makeRoot(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let refused = await #expect(throws: InspectorError.self) {
            try await offMain { _ = try patient(InspectorClient(app)).restore(to: 0) }
        }
        #expect("\(String(describing: refused))".contains("without a restoration"))
    }

    /// A later event's state, replayed: a fresh root and the links that made it; the tree is
    /// compared with the one recorded after the event.
    @Test func aLaterStateIsReplayedFromAFreshRootAndComparedWithTheRecording() async throws {
        let folder = try InspectorFolder()
        let inspector = try owning(RecipesApp.self, name: "Launched", in: folder)
        defer { inspector.stop() }
        let app = inspector.app
        let (first, restored, again, restoredToRestore) = try await offMain {
            let client = patient(try InspectorClient(app))
            let (_, first) = try client.open("recipes://recipes/irish-stew")
            _ = try client.open("recipes://tab/settings")
            let restored = try client.restore(to: 1)
            // Event #3 is that restore: its state is event #1's, and replays so.
            _ = try client.open("recipes://tab/veggie")
            let again = try client.restore(to: 3)
            return (first, restored, again, try client.snapshot())
        }
        #expect(restored.result.error == nil)
        #expect(restored.result.difference.isEmpty)
        #expect(restored.snapshot == first)
        #expect(again.result.difference.isEmpty)
        #expect(restoredToRestore == first)
    }

    /// The recipes app's own type, as `serve --as-launched` serves it.
    @Test func theRecipesAppReplaysALinkAsRecorded() async throws {
        let folder = try InspectorFolder()
        let inspector = try owning(RecipesDomain.RecipesApp.self, name: "Launched", in: folder)
        defer { inspector.stop() }
        let app = inspector.app
        let restored = try await offMain {
            let client = patient(try InspectorClient(app))
            _ = try client.open("recipes://recipes/irish-stew")
            return try client.restore(to: 1)
        }
        #expect(restored.result.difference.isEmpty, "\(restored.result.difference)")
    }

    /// State the app keeps outside its tree is not replayed: where it shows, the comparison
    /// says so.
    @Test func aReplayThatDiffersSaysWhere() async throws {
        let folder = try InspectorFolder()
        Launches.count = 0
        let inspector = try owning(CountingApp.self, name: "Counting", in: folder)
        defer { inspector.stop() }
        let app = inspector.app
        let restored = try await offMain {
            let client = patient(try InspectorClient(app))
            _ = try client.open("counting://page/a")
            return try client.restore(to: 1)
        }
        #expect(restored.result.difference.description.contains(#"label "launch 1" -> "launch 2""#))
        #expect(restored.snapshot.nodes[0].attributes.first { $0.key == "page" }?.value == "counting://page/a")
    }
}

/// How many roots the counting app made: state outside the tree, as a singleton keeps it.
@MainActor enum Launches {
    static var count = 0
}

/// An app whose root's label counts the roots made.
@MainActor final class Counter: ObservableObject, DeepLinkable {
    let launch: Int
    @Published var page = ""
    init(launch: Int) { self.launch = launch }
    var nodeLabel: String { "launch \(launch)" }
    var nodeAttributes: [(key: String, value: String)] { [("page", page)] }
}

enum CountingApp: DeepLinkableApp {
    static func makeRoot() -> Counter {
        Launches.count += 1
        return Counter(launch: Launches.count)
    }

    static func open(_ link: String, in root: Counter) async throws -> any DeepLinkable {
        root.page = link
        return root
    }
}

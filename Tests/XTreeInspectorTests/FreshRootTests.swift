import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeJournal

@testable import XTreeInspector

/// An app whose root the inspector owns (what `Inspector.serve` runs for `--launch`): a
/// restore to the start makes a fresh root, links go to it, and the journal says so.
@MainActor
@Suite struct FreshRootTests {
    @Test func aRestoreToTheStartMakesAFreshRootThatLinksReach() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(
            name: "Launched", root: RecipesApp.makeRoot(), directory: folder.path, loopbackPort: nil,
            journalCapacity: 10, restoration: nil, releaseGracePeriod: 2, open: nil,
            definition: AppDefinition(RecipesApp.self, ownsRoot: true))
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
}

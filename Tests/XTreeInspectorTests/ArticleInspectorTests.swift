import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeInspector

// The live-attach listing of "Inspecting your own app", on the recipes app.

@MainActor
@Suite struct ArticleInspectorTests {
    @Test func theArticlesInspectorAppliesLinksWithTheAppsHandler() async throws {
        let home = try await DefaultHomeCoordinator.start()
        #if DEBUG
            let inspector = try Inspector(name: "Recipes", root: home) { url in
                try await home.open(DeepLink(url: url)).reached
            }
        #endif
        #if DEBUG
            defer { inspector.stop() }
            let app = inspector.app
            let (result, snapshot) = try await offMain {
                try patient(InspectorClient(app)).open("recipes://tab/veggie")
            }
            #expect(result.error == nil)
            #expect(snapshot.nodes[result.path.last ?? 0].label == "Vegetarian")
            #expect(home.tab == .veggie)
        #endif
    }
}

// The README's listing of an app journaling its own links.

@MainActor
@Suite struct ReadmeJournalTests {
    @Test func theAppsOwnLinksAreJournaledWithTheirSource() async throws {
        let folder = try InspectorFolder()
        let home = try await DefaultHomeCoordinator.start()
        let inspector = try Inspector(name: "Recipes", root: home, directory: folder.path)
        defer { inspector.stop() }
        func handle(_ url: URL) async throws {
            #if DEBUG
                try await inspector.journaling(link: url.absoluteString) {
                    try await home.open(DeepLink(url: url)).reached
                }
            #else
                try await home.open(DeepLink(url: url))
            #endif
        }
        try await handle(try #require(URL(string: "recipes://recipes/irish-stew")))
        let app = inspector.app
        let (events, _, _) = try await offMain { try patient(InspectorClient(app)).journal() }
        #if DEBUG
            #expect(events.map { $0.link?.url } == ["recipes://recipes/irish-stew"])
            #expect(events.first?.link?.source == .app)
            #expect(events.first?.link?.reached.last?.type == "DefaultRecipeViewModel")
        #endif
    }
}

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

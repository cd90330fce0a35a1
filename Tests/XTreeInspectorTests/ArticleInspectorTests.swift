import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeInspectorClient

// The live-attach listing of "Inspecting your own app": the app's type, in its own module
// (here the test's, where it hides RecipesDomain's of the same name), and its inspector.

/// The recipes app as tools rebuild it.
public enum RecipesApp: DeepLinkableApp {
    /// The app as at launch.
    public static func makeRoot() -> DefaultHomeCoordinator {
        let catalog = RecipeCatalog.default
        return DefaultHomeCoordinator(service: InMemoryRecipeService(catalog: catalog), recipes: catalog.recipes)
    }

    /// Opens a link with the app's own handler.
    public static func open(_ link: String, in root: DefaultHomeCoordinator) async throws -> any DeepLinkable {
        try await root.open(try DeepLink(string: link)).reached
    }
}

@MainActor
@Suite struct ArticleInspectorTests {
    @Test func theArticlesInspectorOpensLinksWithTheAppsTypeAndNamesIt() async throws {
        let home = RecipesApp.makeRoot()
        #if DEBUG
            let inspector = try Inspector(name: "Recipes", app: RecipesApp.self, root: home)
        #endif
        #if DEBUG
            defer { inspector.stop() }
            let app = inspector.app
            let (appType, result, snapshot) = try await offMain {
                let client = patient(try InspectorClient(app))
                let (result, snapshot) = try client.open("recipes://tab/veggie")
                return (client.appType, result, snapshot)
            }
            #expect(appType == AppTypeName(module: "XTreeInspectorTests", type: "RecipesApp"))
            #expect(result.error == nil)
            #expect(snapshot.nodes[result.path.last ?? 0].label == "Vegetarian")
            #expect(home.tab == .veggie)
        #endif
    }

    /// A type a test could not name (nested here) is not named to clients: sessions recorded
    /// from the app say they have no type, and `export-test` refuses them with how to fix it.
    @Test func aTypeThatATestCannotNameIsNotNamed() async throws {
        let folder = try InspectorFolder()
        let home = Nested.App.makeRoot()
        #expect(AppTypeName(of: Nested.App.self) == nil)
        #expect(AppTypeName(of: RecipesApp.self)?.description == "XTreeInspectorTests.RecipesApp")
        let inspector = try Inspector(name: "Nested", app: Nested.App.self, root: home, directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let appType = try await offMain { patient(try InspectorClient(app)).appType }
        #expect(appType == nil)
    }

    enum Nested {
        enum App: DeepLinkableApp {
            static func makeRoot() -> DefaultHomeCoordinator { RecipesApp.makeRoot() }
            static func open(_ link: String, in root: DefaultHomeCoordinator) async throws -> any DeepLinkable {
                try await RecipesApp.open(link, in: root)
            }
        }
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
            #expect(events.map { $0.event.link?.url } == ["recipes://recipes/irish-stew"])
            #expect(events.first?.event.link?.source == .app)
            #expect(events.first?.event.link?.reached.last?.type == "DefaultRecipeViewModel")
        #endif
    }
}

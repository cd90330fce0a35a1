import XTree
import XTreeRoutes

/// The recipes app as tools rebuild it: the default catalog, opened by its own link handler.
///
/// Its inspector is given this type (`Inspector(name:app:root:)`), so a session recorded from it
/// names `RecipesDomain.RecipesApp`, and `xtree-cli export-test` writes a test that calls it.
public enum RecipesApp: RoutedApp {
    /// The app as at launch, with the default catalog.
    public static func makeRoot() -> DefaultHomeCoordinator {
        let catalog = RecipeCatalog.default
        return DefaultHomeCoordinator(service: InMemoryRecipeService(catalog: catalog), recipes: catalog.recipes)
    }

    /// Parses `link` as a ``DeepLink`` and opens it.
    public static func open(_ link: String, in root: DefaultHomeCoordinator) async throws -> any DeepLinkable {
        try await root.open(try DeepLink(string: link)).reached
    }

    /// The app's forms of link: its link examples and sample values come from them.
    public static var routes: RouteTable<DeepLink> { DeepLink.routes }

    /// `back`: closes the selected tab's ratings sheet, else its detail.
    public static let actions = [
        AppAction<DefaultHomeCoordinator>("back", help: "close the top-most sheet or detail of the selected tab") {
            home in
            let list = home.firstReceiver(as: (any RecipeListCoordinator).self) { $0.tab == home.tab }
            if let list, list.ratingViewModel != nil {
                list.closeRatings()
            } else if let list, list.detailViewModel != nil {
                list.closeDetail()
            } else {
                return "nothing to close on the \(home.tab) tab"
            }
            return nil
        }
    ]
}

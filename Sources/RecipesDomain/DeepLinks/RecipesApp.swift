import XTree

/// The recipes app as tools rebuild it: the default catalog, opened by its own link handler.
///
/// Its inspector is given this type (`Inspector(name:app:root:)`), so a session recorded from it
/// names `RecipesDomain.RecipesApp`, and `xtree-cli export-test` writes a test that calls it.
public enum RecipesApp: DeepLinkableApp {
    /// The app as at launch, with the default catalog.
    public static func makeRoot() -> DefaultHomeCoordinator {
        let catalog = RecipeCatalog.default
        return DefaultHomeCoordinator(service: InMemoryRecipeService(catalog: catalog), recipes: catalog.recipes)
    }

    /// Parses `link` as a ``DeepLink`` and opens it.
    public static func open(_ link: String, in root: DefaultHomeCoordinator) async throws -> any DeepLinkable {
        try await root.open(try DeepLink(string: link)).reached
    }

    /// One link of each form, with a recipe of the default catalog.
    public static var linkExamples: [LinkExample] {
        let slug = RecipeCatalog.default.recipes[0].id.rawValue
        return zip(
            DeepLink.acceptedForms,
            [
                "recipes://tab/veggie", "recipes://recipes/\(slug)", "recipes://recipes/\(slug)/ratings",
                "recipes://ratings?recipeID=\(slug)", "recipes://recipes/\(slug)/rate",
            ]
        ).map { LinkExample(form: $0, link: $1) }
    }

    /// The default catalog's recipe ids.
    public static var sampleValues: [String] { RecipeCatalog.default.recipes.map(\.id.rawValue) }
}

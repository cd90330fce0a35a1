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

    /// One link of each form, custom scheme and universal, with a recipe of the default catalog.
    public static var linkExamples: [LinkExample] {
        let slug = RecipeCatalog.default.recipes[0].id.rawValue
        let paths = [
            "tab/veggie", "recipes/\(slug)", "recipes/\(slug)/ratings", "ratings?recipeID=\(slug)",
            "recipes/\(slug)/rate",
        ]
        let ends = [
            "DefaultRecipeListCoordinator", "DefaultRecipeViewModel", "DefaultRatingViewModel",
            "DefaultRatingViewModel", "RatingStarsScreen",
        ]
        let custom = zip(DeepLink.acceptedForms, paths).map { LinkExample(form: $0, link: "recipes://" + $1) }
        let universal = zip(DeepLink.universalForms, paths).map {
            LinkExample(form: $0, link: "https://\(DeepLink.universalHost)/" + $1)
        }
        return zip(custom + universal, ends + ends).map { example, end in
            LinkExample(form: example.form, link: example.link, reaches: end)
        }
    }

    /// The default catalog's recipe ids.
    public static var sampleValues: [String] { RecipeCatalog.default.recipes.map(\.id.rawValue) }
}

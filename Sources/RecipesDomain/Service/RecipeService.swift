/// Where the app gets recipes from, asynchronously, as from a server.
public protocol RecipeService: Sendable {
    /// Every recipe, in catalog order.
    func recipes() async throws -> [Recipe]

    /// The recipe with `id`.
    ///
    /// - Throws: ``RecipeServiceError/notFound(_:)`` if there is none.
    func recipe(_ id: Recipe.ID) async throws -> Recipe

    /// The current ratings of the recipe with `id`.
    ///
    /// - Throws: ``RecipeServiceError/notFound(_:)`` if there is no such recipe.
    func ratings(of id: Recipe.ID) async throws -> [Rating]
}

/// Why a ``RecipeService`` call failed.
public enum RecipeServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No recipe has this id.
    case notFound(Recipe.ID)

    /// A sentence saying what is wrong.
    public var description: String {
        switch self {
        case .notFound(let id): "no recipe has the id '\(id)'"
        }
    }
}

/// A ``RecipeService`` that answers from a catalog in memory.
public struct InMemoryRecipeService: RecipeService {
    /// The catalog it answers from.
    public let catalog: RecipeCatalog

    /// Creates a service over `catalog`, the built-in one by default.
    public init(catalog: RecipeCatalog = .default) {
        self.catalog = catalog
    }

    /// Every recipe of the catalog.
    public func recipes() async throws -> [Recipe] {
        catalog.recipes
    }

    /// The catalog's recipe with `id`.
    public func recipe(_ id: Recipe.ID) async throws -> Recipe {
        guard let recipe = catalog.recipe(id) else { throw RecipeServiceError.notFound(id) }
        return recipe
    }

    /// The ratings of the catalog's recipe with `id`.
    public func ratings(of id: Recipe.ID) async throws -> [Rating] {
        try await recipe(id).ratings
    }
}

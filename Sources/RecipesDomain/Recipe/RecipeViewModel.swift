import XTree

/// The detail screen of one recipe.
@MainActor
public protocol RecipeViewModel: ViewModel {
    /// The recipe shown.
    var recipe: Recipe { get }
    /// Asks the coordinator to present this recipe's ratings.
    func openRatings()
}

/// The app's ``RecipeViewModel``.
@MainActor
public final class DefaultRecipeViewModel: ObservableObject, RecipeViewModel {
    /// The recipe shown.
    @Published public private(set) var recipe: Recipe
    // Weak: the coordinator owns this screen, and closing it must release it.
    private weak var coordinator: (any RecipeListCoordinator)?

    /// Creates the screen for `recipe`, presented by `coordinator`.
    public init(recipe: Recipe, coordinator: (any RecipeListCoordinator)?) {
        self.recipe = recipe
        self.coordinator = coordinator
    }

    /// Asks the coordinator to present this recipe's ratings.
    public func openRatings() {
        coordinator?.openRatings(for: recipe)
    }

    /// `recipe.slug`, which tells the node apart from its siblings in snapshots and diffs.
    public var nodeIdentity: String? { recipe.slug }

    /// The recipe's title.
    public var nodeLabel: String { recipe.title }

    /// The recipe's slug.
    public var nodeAttributes: [(key: String, value: String)] { [("recipe", recipe.slug)] }
}

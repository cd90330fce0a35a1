import XTree

/// A list of recipes.
@MainActor
public protocol RecipeListViewModel: ViewModel {
    /// The list's title.
    var title: String { get }
    /// The recipes shown, in catalog order.
    var recipes: [Recipe] { get }
}

/// The app's ``RecipeListViewModel``.
@MainActor
public final class DefaultRecipeListViewModel: ObservableObject, RecipeListViewModel {
    /// The title shown above the list.
    public let title: String
    /// The recipes listed, in catalog order.
    @Published public private(set) var recipes: [Recipe]

    /// Creates a list showing `recipes`.
    public init(title: String, recipes: [Recipe]) {
        self.title = title
        self.recipes = recipes
    }

    /// The title.
    public var nodeLabel: String { title }

    /// How many recipes are listed.
    public var nodeAttributes: [(key: String, value: String)] { [("recipes", "\(recipes.count)")] }
}

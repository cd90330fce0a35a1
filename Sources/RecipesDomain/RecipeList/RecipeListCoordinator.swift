import XTree

/// One tab's navigation: a list of recipes, the detail of one, and a ratings sheet.
@MainActor
public protocol RecipeListCoordinator: ViewModel {
    /// The tab this list lives under.
    var tab: HomeTab { get }
    /// The list's title, such as `Vegetarian`.
    var title: String { get }
    /// The list screen.
    var listViewModel: any RecipeListViewModel { get }
    /// The open recipe's screen, if one is open. Settable, so that a view can bind to it: a
    /// pop in the UI writes `nil`, which also closes any ratings sheet.
    var detailViewModel: (any RecipeViewModel)? { get set }
    /// The ratings sheet, if open. It belongs to the coordinator, beside the detail. Settable,
    /// so that a view can bind to it: dismissing the sheet writes `nil`.
    var ratingViewModel: (any RatingViewModel)? { get set }

    /// Whether this list shows `recipe`.
    func filter(_ recipe: Recipe) -> Bool
    /// Shows `recipe`'s detail, closing any ratings sheet.
    func open(_ recipe: Recipe)
    /// Closes the detail and any ratings sheet.
    func closeDetail()
    /// Presents the ratings sheet for `recipe`.
    func openRatings(for recipe: Recipe)
    /// Dismisses the ratings sheet.
    func closeRatings()
}

/// The app's ``RecipeListCoordinator``.
@MainActor
public final class DefaultRecipeListCoordinator: ObservableObject, RecipeListCoordinator {
    /// The tab this list lives under.
    public let tab: HomeTab
    /// The title shown above the list.
    public let title: String
    /// The list screen.
    public let listViewModel: any RecipeListViewModel
    /// The open recipe's screen, if any. Another screen, or none, closes any ratings sheet.
    @Published public var detailViewModel: (any RecipeViewModel)? {
        didSet { if detailViewModel !== oldValue { ratingViewModel = nil } }
    }
    /// The ratings sheet, if open. Another sheet, or none, ends the rating flow of the one before.
    @Published public var ratingViewModel: (any RatingViewModel)? {
        didSet { if ratingViewModel !== oldValue { oldValue?.endRating() } }
    }

    /// Creates the list of the recipes of `recipes` that belong under `tab`.
    public convenience init(tab: HomeTab, title: String, recipes: [Recipe]) {
        self.init(tab: tab, title: title, shown: recipes.filter(Self.accepts(tab)))
    }

    /// Creates the list showing `shown`, which are already the recipes under `tab`.
    init(tab: HomeTab, title: String, shown: [Recipe]) {
        self.tab = tab
        self.title = title
        listViewModel = DefaultRecipeListViewModel(title: title, recipes: shown)
    }

    /// Whether this list shows `recipe`: vegetarian recipes in the veggie list, the others in the meat list.
    public func filter(_ recipe: Recipe) -> Bool {
        Self.accepts(tab)(recipe)
    }

    /// Shows `recipe`'s detail, closing any ratings sheet.
    public func open(_ recipe: Recipe) {
        detailViewModel = DefaultRecipeViewModel(recipe: recipe, coordinator: self)
    }

    /// Closes the detail and any ratings sheet.
    public func closeDetail() {
        detailViewModel = nil
    }

    /// Presents the ratings sheet for `recipe`.
    public func openRatings(for recipe: Recipe) {
        ratingViewModel = DefaultRatingViewModel(recipe: recipe)
    }

    /// Dismisses the ratings sheet.
    public func closeRatings() {
        ratingViewModel = nil
    }

    nonisolated static func accepts(_ tab: HomeTab) -> (Recipe) -> Bool {
        switch tab {
        case .veggie: { $0.isVegetarian }
        case .meat: { !$0.isVegetarian }
        case .settings: { _ in false }
        }
    }

    /// The list, then the detail if open, then the ratings sheet if open.
    public var children: [any DeepLinkable] {
        listViewModel
        detailViewModel
        ratingViewModel
    }

    /// `tab.rawValue`, which tells the node apart from its siblings in snapshots and diffs.
    public var nodeIdentity: String? { tab.rawValue }

    /// The title.
    public var nodeLabel: String { title }

    /// The tab it lives under.
    public var nodeAttributes: [(key: String, value: String)] { [("tab", tab.rawValue)] }
}

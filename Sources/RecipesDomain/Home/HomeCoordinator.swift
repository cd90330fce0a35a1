import XTree

/// The root of the app: a tab bar with the vegetarian and meat lists and the settings.
@MainActor
public protocol HomeCoordinator: ViewModel {
    /// The selected tab.
    var tab: HomeTab { get set }
    /// The vegetarian list, under ``HomeTab/veggie``.
    var veggie: any RecipeListCoordinator { get }
    /// The meat list, under ``HomeTab/meat``.
    var meat: any RecipeListCoordinator { get }
    /// The settings screen.
    var settings: any SettingsViewModel { get }
    /// Where recipes come from.
    var service: any RecipeService { get }
}

/// The app's ``HomeCoordinator``.
@MainActor
public final class DefaultHomeCoordinator: ObservableObject, HomeCoordinator {
    /// The selected tab; the app starts on ``HomeTab/meat``.
    @Published public var tab = HomeTab.meat
    /// The vegetarian list.
    public let veggie: any RecipeListCoordinator
    /// The meat list.
    public let meat: any RecipeListCoordinator
    /// The settings screen.
    public let settings: any SettingsViewModel
    /// Where recipes come from.
    public let service: any RecipeService

    /// Creates the app's tree over `recipes`, which the lists filter.
    public convenience init(service: any RecipeService, recipes: [Recipe]) {
        self.init(service: service, shelves: Shelves(recipes))
    }

    /// Creates the app's tree over recipes already sorted onto the lists, which makes many
    /// fresh apps over one large catalog cheap.
    init(service: any RecipeService, shelves: Shelves) {
        Self.registerSearchableProtocols
        self.service = service
        veggie = DefaultRecipeListCoordinator(tab: .veggie, title: "Vegetarian", shown: shelves.veggie)
        meat = DefaultRecipeListCoordinator(tab: .meat, title: "Meat", shown: shelves.meat)
        settings = makeSettingsViewModel()
    }

    /// The recipes each list shows.
    struct Shelves {
        let veggie: [Recipe]
        let meat: [Recipe]

        init(_ recipes: [Recipe]) {
            veggie = recipes.filter(DefaultRecipeListCoordinator.accepts(.veggie))
            meat = recipes.filter(DefaultRecipeListCoordinator.accepts(.meat))
        }
    }

    /// Fetches the recipes from `service` and creates the app's tree.
    ///
    /// - Throws: What the service throws.
    public static func start(service: any RecipeService = InMemoryRecipeService()) async throws
        -> DefaultHomeCoordinator
    {
        DefaultHomeCoordinator(service: service, recipes: try await service.recipes())
    }

    /// The app's screen protocols, searchable by name in its snapshots; registered once, when
    /// the first home coordinator is created.
    private static let registerSearchableProtocols: Void = {
        SearchableProtocols.register((any HomeCoordinator).self)
        SearchableProtocols.register((any RecipeListCoordinator).self)
        SearchableProtocols.register((any RecipeListViewModel).self)
        SearchableProtocols.register((any RecipeViewModel).self)
        SearchableProtocols.register((any RatingViewModel).self)
        SearchableProtocols.register((any SettingsViewModel).self)
    }()

    /// The vegetarian list, the meat list, and the settings, in that order.
    public var children: [any DeepLinkable] {
        veggie
        meat
        settings
    }

    /// `Home`.
    public var nodeLabel: String { "Home" }

    /// The selected tab.
    public var nodeAttributes: [(key: String, value: String)] { [("tab", tab.rawValue)] }
}

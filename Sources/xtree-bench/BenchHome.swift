import RecipesDomain
import XTree

/// The recipes app inside a large tree: the home's children are a 4-ary tree of `padding`
/// filler nodes, and the real lists and settings hang under its last node, so a search
/// for them walks the whole filler first.
@MainActor final class BenchHome: ObservableObject, HomeCoordinator {
    @Published var tab = HomeTab.meat
    let veggie: any RecipeListCoordinator
    let meat: any RecipeListCoordinator
    let settings: any SettingsViewModel = makeSettingsViewModel()
    let service: any RecipeService
    let filler: Hierarchy

    init(padding: Int) {
        let catalog = RecipeCatalog.default
        service = InMemoryRecipeService(catalog: catalog)
        veggie = DefaultRecipeListCoordinator(tab: .veggie, title: "Vegetarian", recipes: catalog.recipes)
        meat = DefaultRecipeListCoordinator(tab: .meat, title: "Meat", recipes: catalog.recipes)
        filler = Hierarchy(.tree4, count: padding, markLast: false)
        var last = filler.root
        while let child = last.kids.last as? Node { last = child }
        last.kids = [veggie, meat, settings]
    }

    var children: [any DeepLinkable] { filler.root }
}

import XTree
import XTreeReachability
import XTreeRoutes

extension DefaultHomeCoordinator {
    /// Every deep link `catalog` allows, with what each must reach, as a reachability check.
    ///
    /// Each tab's link must end on the tab's screen with the tab selected; each recipe's
    /// links (`recipes://recipes/ID`, `recipes://recipes/ID/ratings`,
    /// `recipes://ratings?recipeID=ID` and `recipes://recipes/ID/rate`) on its detail screen,
    /// its ratings sheet, or the first step of its rating flow. Links are applied by search,
    /// and again by the explicit approach, which must leave the same tree.
    ///
    /// In each list, the first recipe's detail link is also applied after its ratings link,
    /// and after its rating link, as closing the sheet and leaving the flow; every object a
    /// link takes out of the tree, such as the sheet's view model and the flow's screens, must
    /// be released within a second.
    ///
    /// ```swift
    /// let report = await DefaultHomeCoordinator.reachabilityCheck(catalog: .default).run()
    /// print(report.text())
    /// ```
    ///
    /// - Parameter catalog: The recipes the app runs on.
    /// - Returns: The check, ready to run.
    public static func reachabilityCheck(catalog: RecipeCatalog) -> ReachabilityCheck<DefaultHomeCoordinator, String> {
        let service = InMemoryRecipeService(catalog: catalog)
        let shelves = Shelves(catalog.recipes)
        func applier(_ approach: DeepLinkApproach) -> ReachabilityCheck<DefaultHomeCoordinator, String>.Applier {
            { home, url in try await home.open(try DeepLink(string: url), approach: approach).reached }
        }
        var check = ReachabilityCheck<DefaultHomeCoordinator, String>(
            "Recipes",
            makeApp: { DefaultHomeCoordinator(service: service, shelves: shelves) },
            applier: DeepLinkApproach.search.rawValue,
            apply: applier(.search),
            alternative: (DeepLinkApproach.explicit.rawValue, applier(.explicit))
        )
        for tab in HomeTab.allCases {
            check.expect(
                "recipes://tab/\(tab.rawValue)",
                reaches: .custom("the \(tab) tab's screen, selected") { reached, path in
                    guard let home = path.first as? any HomeCoordinator, home.tab == tab else {
                        return "the \(tab) tab is not selected"
                    }
                    let screen: (any DeepLinkable)? =
                        switch tab {
                        case .settings: home.settings
                        case .veggie: home.veggie
                        case .meat: home.meat
                        }
                    return screen === reached ? nil : "it is not the \(tab) tab's screen"
                })
        }
        check.expectReleases(within: 1)
        // Each recipe's links, as the app's table declares them: on the recipe's detail, its
        // ratings, or its rating flow's first step (the tabs' are above, with the tab selected).
        let ids = catalog.recipes.map(\.id.rawValue)
        check.expectEveryRoute(
            of: DeepLink.routes,
            samples: Dictionary(
                uniqueKeysWithValues: DeepLink.routes.routes.map { ($0.pattern, $0.pattern == "tab/{tab}" ? [] : ids) })
        )
        var listsWithClosing: Set<Bool> = []
        for recipe in catalog.recipes {
            let id = recipe.id
            let detail = ReachabilityExpectation.receiver((any RecipeViewModel).self, "the detail of \(id)") {
                $0.recipe.id == id
            }
            if listsWithClosing.insert(recipe.isVegetarian).inserted {
                check.expect("recipes://recipes/\(id)", after: ["recipes://recipes/\(id)/ratings"], reaches: detail)
                check.expect("recipes://recipes/\(id)", after: ["recipes://recipes/\(id)/rate"], reaches: detail)
            }
        }
        return check
    }
}

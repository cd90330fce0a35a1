import RecipesDomain
import Testing
import XTree

/// What the recipes views write through their bindings, without SwiftUI: a pop of the
/// detail and a dismissed ratings sheet reach the coordinator, and keep its rule that the
/// ratings sheet belongs to the open detail.
@MainActor
@Suite struct ViewBindingTests {
    @Test func aPoppedDetailClosesItsRatingsAndADismissedSheetOnlyTheSheet() throws {
        let recipes = RecipeCatalog.default.recipes
        let recipe = try #require(recipes.first { !$0.isVegetarian })
        @Store var list: any RecipeListCoordinator = DefaultRecipeListCoordinator(
            tab: .meat, title: "Meat", recipes: recipes)
        list.open(recipe)
        list.openRatings(for: recipe)
        let detail = try #require(list.detailViewModel)

        let sheet = $list.ratingViewModel.identified()
        sheet.wrappedValue = nil  // the sheet swiped away
        #expect(list.ratingViewModel == nil)
        #expect(list.detailViewModel === detail)

        list.openRatings(for: recipe)
        let pushed = $list.detailViewModel.identified()
        pushed.wrappedValue = ModelIdentity(detail)  // the same screen written back
        #expect(list.ratingViewModel != nil)
        pushed.wrappedValue = nil  // the back button
        #expect(list.detailViewModel == nil)
        #expect(list.ratingViewModel == nil)
    }
}

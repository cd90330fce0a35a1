import XTree

/// How ``HomeCoordinator/open(_:approach:)`` finds the objects a link talks to.
public enum DeepLinkApproach: String, Codable, Hashable, Sendable, CaseIterable {
    /// Breadth-first search by type and predicate: the link knows only the protocols it
    /// talks to, so it keeps working when the hierarchy changes shape.
    case search
    /// Walking known properties (`home.veggie.detailViewModel`): the hand-written chain
    /// that breaks whenever the structure changes, kept as the reference to compare with.
    case explicit
}

/// What applying a link did, so that callers can explain it.
///
/// The searches the link made are not part of it: record them around the call with
/// `withSearchRecording`, which sees them whoever makes them.
public struct DeepLinkOutcome: Sendable {
    /// The link applied.
    public var link: DeepLink
    /// The approach used.
    public var approach: DeepLinkApproach
    /// The screen or coordinator the link ends on; `TreeSnapshot.locating(_:from:)` gives
    /// its path.
    public var reached: any DeepLinkable
}

extension HomeCoordinator {
    /// Drives the app to the state `link` names.
    ///
    /// Everything that can fail is resolved before anything changes: the recipe and its
    /// ratings are fetched, and the list that shows the recipe is found. Then the tab is
    /// selected, the recipe opened, its screen found, and the ratings presented. If a step
    /// still fails, what was changed is put back, so the tree's snapshot is as before.
    ///
    /// ```swift
    /// let (outcome, traces) = try await withSearchRecording {
    ///     try await home.open(.ratings(Recipe.ID(rawValue: "orange-marmalade")!))
    /// }
    /// print(traces.map(\.description).joined())
    /// ```
    ///
    /// - Parameters:
    ///   - link: Where to go.
    ///   - approach: How to find the objects involved; both leave identical trees.
    /// - Returns: The object the link ends on.
    /// - Throws: ``DeepLinkError`` naming the step that failed; the tree is unchanged.
    @discardableResult
    public func open(_ link: DeepLink, approach: DeepLinkApproach = .search) async throws(DeepLinkError)
        -> DeepLinkOutcome
    {
        let recipe = try await fetch(link)
        let list = try recipe.map { recipe throws(DeepLinkError) in
            try findList(for: recipe, approach: approach, link: link)
        }
        let saved = NavigationMemento(tab: tab, list: list)
        do {
            var target = try apply(link, recipe: recipe, list: list, approach: approach)
            if case .rate = link, let recipe, let sheet = target as? any RatingViewModel {
                target = try await startRating(recipe, in: sheet, approach: approach, link: link)
            }
            return DeepLinkOutcome(link: link, approach: approach, reached: target)
        } catch {
            saved.restore(on: self)
            throw error
        }
    }

    /// The recipe the link names, with fresh ratings for a ratings link.
    private func fetch(_ link: DeepLink) async throws(DeepLinkError) -> Recipe? {
        guard let id = link.recipeID else { return nil }
        var recipe = try await fetchRecipe(id, link: link.description)
        switch link {
        case .tab, .recipe: return recipe
        case .ratings, .rate:
            do {
                recipe.ratings = try await service.ratings(of: id)
            } catch {
                throw DeepLinkError(Self.reason(for: error, step: .fetchRatings), in: link.description)
            }
            return recipe
        }
    }

    /// Fetches a recipe, turning "not found" into an unknown-recipe error with close matches.
    func fetchRecipe(_ id: Recipe.ID, link: String) async throws(DeepLinkError) -> Recipe {
        do {
            return try await service.recipe(id)
        } catch RecipeServiceError.notFound {
            let known = (try? await service.recipes())?.map(\.id) ?? []
            throw DeepLinkError(.unknownRecipe(id, closeMatches: closeMatches(to: id.rawValue, among: known)), in: link)
        } catch {
            throw DeepLinkError(Self.reason(for: error, step: .fetchRecipe), in: link)
        }
    }

    private static func reason(for error: any Error, step: DeepLinkStep) -> DeepLinkError.Reason {
        error is CancellationError ? .cancelled : .serviceFailed(step: step, message: "\(error)")
    }

    private func findList(
        for recipe: Recipe,
        approach: DeepLinkApproach,
        link: DeepLink
    ) throws(DeepLinkError) -> any RecipeListCoordinator {
        switch approach {
        case .search:
            if let list = firstReceiver(as: (any RecipeListCoordinator).self, where: { $0.filter(recipe) }) {
                return list
            }
        case .explicit:
            let list = recipe.isVegetarian ? veggie : meat
            if list.filter(recipe) { return list }
        }
        throw DeepLinkError(.noReceiver(step: .findList, receiver: "RecipeListCoordinator"), in: link.description)
    }

    /// Changes the tree; returns the object the link ends on.
    private func apply(
        _ link: DeepLink,
        recipe: Recipe?,
        list: (any RecipeListCoordinator)?,
        approach: DeepLinkApproach
    ) throws(DeepLinkError) -> any DeepLinkable {
        func fail(_ step: DeepLinkStep, _ receiver: String) -> DeepLinkError {
            DeepLinkError(.noReceiver(step: step, receiver: receiver), in: link.description)
        }
        guard let recipe, let list else {
            guard case .tab(let tab) = link else { throw fail(.findList, "RecipeListCoordinator") }
            self.tab = tab
            switch tab {
            case .settings: return settings
            case .veggie: return veggie
            case .meat: return meat
            }
        }
        tab = list.tab
        list.open(recipe)
        let screen: (any RecipeViewModel)?
        switch approach {
        case .search:
            screen = firstReceiver(as: (any RecipeViewModel).self) { $0.recipe.id == recipe.id }
        case .explicit:
            screen = list.detailViewModel
        }
        guard let screen else { throw fail(.findRecipeScreen, "RecipeViewModel") }
        switch link {
        case .tab, .recipe: return screen
        case .ratings, .rate: break
        }
        screen.openRatings()
        guard let sheet = list.ratingViewModel else { throw fail(.presentRatings, "RatingViewModel") }
        return sheet
    }
}

extension HomeCoordinator {
    /// Starts `sheet`'s rating flow and returns its first step once the flow waits there.
    private func startRating(
        _ recipe: Recipe,
        in sheet: any RatingViewModel,
        approach: DeepLinkApproach,
        link: DeepLink
    ) async throws(DeepLinkError) -> RatingStarsScreen {
        sheet.rate()
        await sheet.ratingFlow?.idle()
        let stars: RatingStarsScreen?
        switch approach {
        case .search:
            stars = firstReceiver(as: RatingStarsScreen.self) { $0.recipe.id == recipe.id }
        case .explicit:
            stars = sheet.ratingFlow?.screens.last as? RatingStarsScreen
        }
        guard let stars else {
            throw DeepLinkError(.noReceiver(step: .startRating, receiver: "RatingStarsScreen"), in: link.description)
        }
        return stars
    }
}

/// What a link may change (the tab, and the one list it opens screens in), kept as live
/// values to put back if a later step fails. Capturing only that keeps a link's cost
/// independent of the size of the rest of the tree.
@MainActor
struct NavigationMemento {
    private let tab: HomeTab
    private let list: (any RecipeListCoordinator)?
    private let detail: Recipe?
    private let ratings: Recipe?

    init(tab: HomeTab, list: (any RecipeListCoordinator)?) {
        self.tab = tab
        self.list = list
        detail = list?.detailViewModel?.recipe
        ratings = list?.ratingViewModel?.recipe
    }

    /// Reopens what was open, touching the list only if it changed.
    func restore(on home: any HomeCoordinator) {
        home.tab = tab
        guard let list, list.detailViewModel?.recipe != detail || list.ratingViewModel?.recipe != ratings else {
            return
        }
        list.closeDetail()
        if let detail { list.open(detail) }
        if let ratings { list.openRatings(for: ratings) }
    }
}

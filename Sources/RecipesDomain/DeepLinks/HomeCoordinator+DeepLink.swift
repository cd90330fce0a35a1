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
public struct DeepLinkOutcome: Sendable, Hashable {
    /// The link applied.
    public var link: DeepLink
    /// The approach used.
    public var approach: DeepLinkApproach
    /// The searches made, in order, with every visited node; empty for ``DeepLinkApproach/explicit``.
    public var traces: [SearchTrace]
    /// Breadth-first numbers from the root to the screen the link ends on, in the tree as
    /// it is afterwards; they agree with a ``TreeSnapshot`` of the root.
    public var path: [Int]
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
    /// let outcome = try await home.open(.ratings(Recipe.ID(rawValue: "orange-marmalade")!))
    /// print(outcome.traces.map(\.description).joined())
    /// ```
    ///
    /// - Parameters:
    ///   - link: Where to go.
    ///   - approach: How to find the objects involved; both leave identical trees.
    /// - Returns: The searches made and the path to the screen the link ends on.
    /// - Throws: ``DeepLinkError`` naming the step that failed; the tree is unchanged.
    @discardableResult
    public func open(_ link: DeepLink, approach: DeepLinkApproach = .search) async throws(DeepLinkError)
        -> DeepLinkOutcome
    {
        let recipe = try await fetch(link)
        var traces: [SearchTrace] = []
        let list = try recipe.map { recipe throws(DeepLinkError) in
            try findList(for: recipe, approach: approach, link: link, traces: &traces)
        }
        let saved = NavigationMemento(tab: tab, list: list)
        do {
            let target = try apply(link, recipe: recipe, list: list, approach: approach, traces: &traces)
            return DeepLinkOutcome(link: link, approach: approach, traces: traces, path: pathOrders(to: target) ?? [])
        } catch {
            saved.restore(on: self)
            throw error
        }
    }

    /// The recipe the link names, with fresh ratings for a ratings link.
    private func fetch(_ link: DeepLink) async throws(DeepLinkError) -> Recipe? {
        guard let id = link.recipeID else { return nil }
        var recipe = try await fetchRecipe(id, link: link.description)
        if case .ratings = link {
            do {
                recipe.ratings = try await service.ratings(of: id)
            } catch {
                throw DeepLinkError(Self.reason(for: error, step: .fetchRatings), in: link.description)
            }
        }
        return recipe
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
        link: DeepLink,
        traces: inout [SearchTrace]
    ) throws(DeepLinkError) -> any RecipeListCoordinator {
        switch approach {
        case .search:
            let (list, trace) = tracingFirstReceiver(as: (any RecipeListCoordinator).self) { $0.filter(recipe) }
            traces.append(trace)
            if let list { return list }
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
        approach: DeepLinkApproach,
        traces: inout [SearchTrace]
    ) throws(DeepLinkError) -> AnyObject {
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
            let (found, trace) = tracingFirstReceiver(as: (any RecipeViewModel).self) { $0.recipe.id == recipe.id }
            traces.append(trace)
            screen = found
        case .explicit:
            screen = list.detailViewModel
        }
        guard let screen else { throw fail(.findRecipeScreen, "RecipeViewModel") }
        guard case .ratings = link else { return screen }
        screen.openRatings()
        guard let sheet = list.ratingViewModel else { throw fail(.presentRatings, "RatingViewModel") }
        return sheet
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

import XTree

/// What the app shows, as a `Codable` value: the tab, and per list the open recipe and
/// ratings sheet. Save it when the app goes to the background; restore it on launch.
///
/// ```swift
/// let state = NavigationState(of: home)
/// let data = try JSONEncoder().encode(state)
/// …
/// try await freshHome.restore(try JSONDecoder().decode(NavigationState.self, from: data))
/// ```
public struct NavigationState: Codable, Hashable, Sendable {
    /// One list's screens.
    public struct List: Codable, Hashable, Sendable {
        /// The tab the list lives under, which identifies it.
        public var tab: HomeTab
        /// The recipe whose detail is open, if any.
        public var detail: Recipe.ID?
        /// The recipe whose ratings sheet is open, if any.
        public var ratings: Recipe.ID?

        /// Creates a list's state.
        public init(tab: HomeTab, detail: Recipe.ID? = nil, ratings: Recipe.ID? = nil) {
            self.tab = tab
            self.detail = detail
            self.ratings = ratings
        }
    }

    /// The selected tab.
    public var tab: HomeTab
    /// Every list's screens, in breadth-first order.
    public var lists: [List]

    /// Creates a state.
    public init(tab: HomeTab, lists: [List]) {
        self.tab = tab
        self.lists = lists
    }

    /// Captures what `home` shows.
    @MainActor
    public init(of home: any HomeCoordinator) {
        tab = home.tab
        lists = home.receivers(as: (any RecipeListCoordinator).self).map {
            List(tab: $0.tab, detail: $0.detailViewModel?.recipe.id, ratings: $0.ratingViewModel?.recipe.id)
        }
    }
}

extension NavigationState {
    /// Why no sequence of links can produce this state, or `nil` if one can: a ratings sheet
    /// is presented from its recipe's open detail screen, and each tab has one list.
    public var unreachability: String? {
        var seen = Set<HomeTab>()
        for list in lists {
            guard seen.insert(list.tab).inserted else { return "the \(list.tab) list is listed twice" }
            switch (list.detail, list.ratings) {
            case (nil, let ratings?):
                return "the \(list.tab) list shows the ratings of '\(ratings)' without its detail screen"
            case (let detail?, let ratings?) where detail != ratings:
                return "the \(list.tab) list shows the detail of '\(detail)' and the ratings of '\(ratings)'"
            default:
                continue
            }
        }
        return nil
    }
}

extension HomeCoordinator {
    /// Makes the app show `state`, all or nothing.
    ///
    /// Every recipe is fetched and every list found before anything changes; lists the
    /// state does not mention are closed.
    ///
    /// - Throws: ``DeepLinkError`` for an unknown recipe, a list the app does not have, a
    ///   recipe in the wrong list, or a failing service; the tree is then unchanged.
    public func restore(_ state: NavigationState) async throws(DeepLinkError) {
        let origin = "restored state"
        if let problem = state.unreachability { throw DeepLinkError(.unreachableState(problem), in: origin) }
        let lists = receivers(as: (any RecipeListCoordinator).self)
        var plan: [(list: any RecipeListCoordinator, detail: Recipe?, ratings: Recipe?)] = []
        for saved in state.lists {
            guard let list = lists.first(where: { $0.tab == saved.tab }) else {
                throw DeepLinkError(.unknownList(saved.tab), in: origin)
            }
            var recipes: [Recipe?] = []
            for id in [saved.detail, saved.ratings] {
                guard let id else {
                    recipes.append(nil)
                    continue
                }
                let recipe = try await fetchRecipe(id, link: origin)
                guard list.filter(recipe) else { throw DeepLinkError(.recipeNotInList(id, saved.tab), in: origin) }
                recipes.append(recipe)
            }
            plan.append((list, recipes[0], recipes[1]))
        }
        tab = state.tab
        for list in lists {
            list.closeDetail()
            guard let entry = plan.last(where: { $0.list === list }) else { continue }
            if let detail = entry.detail { list.open(detail) }
            if let ratings = entry.ratings { list.openRatings(for: ratings) }
        }
    }
}

/// The ordered log of links applied, to attach to a crash report and replay to reproduce
/// the state the app was in.
public struct Breadcrumbs: Codable, Hashable, Sendable {
    /// The links, oldest first.
    public private(set) var links: [DeepLink]

    /// Creates a log of `links`.
    public init(_ links: [DeepLink] = []) {
        self.links = links
    }

    /// Appends a link that was applied.
    public mutating func record(_ link: DeepLink) {
        links.append(link)
    }

    /// Applies every link in order to `home`.
    ///
    /// - Returns: What each link did.
    /// - Throws: The first link's ``DeepLinkError``; links before it stay applied.
    @MainActor
    @discardableResult
    public func replay(on home: any HomeCoordinator, approach: DeepLinkApproach = .search) async throws(DeepLinkError)
        -> [DeepLinkOutcome]
    {
        var outcomes: [DeepLinkOutcome] = []
        for link in links { outcomes.append(try await home.open(link, approach: approach)) }
        return outcomes
    }
}

import Foundation
import XTree

/// The ratings sheet of one recipe.
@MainActor
public protocol RatingViewModel: ViewModel {
    /// The recipe rated.
    var recipe: Recipe { get }
    /// Its ratings.
    var ratings: [Rating] { get }
    /// The mean rating, or `nil` when there are none.
    var mean: Double? { get }
    /// The rating flow (``RatingFlow``) while the user rates the recipe; `nil` otherwise.
    var ratingFlow: FlowNavigator? { get }
    /// Starts the rating flow, ending one that runs. A rating the user confirms is added to
    /// ``ratings``.
    func rate()
    /// Ends the rating flow, if one runs, and removes its screens.
    func endRating()
}

/// The app's ``RatingViewModel``.
@MainActor
public final class DefaultRatingViewModel: ObservableObject, RatingViewModel {
    /// The recipe shown.
    @Published public private(set) var recipe: Recipe
    /// The rating flow while it runs.
    @Published public private(set) var ratingFlow: FlowNavigator?
    private var flowChanges: AnyCancellable?
    /// The flow's task: it holds the flow's screens until it ends, so it ends with the sheet.
    private var flowTask: Task<Rating, any Error>?

    /// Creates the sheet for `recipe`'s ratings.
    public init(recipe: Recipe) {
        self.recipe = recipe
    }

    deinit {
        flowTask?.cancel()
    }

    /// Starts the rating flow, ending one that runs. A rating the user confirms is added to
    /// ``ratings``; when the flow ends, confirmed or left, ``ratingFlow`` is `nil` again.
    public func rate() {
        endRating()
        let flow = FlowNavigator(name: RatingFlow.name)
        // The sheet's view shows the flow's screens: each change of the flow is one of the sheet.
        flowChanges = flow.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }
        ratingFlow = flow
        let recipe = recipe
        flowTask = flow.run { [weak self] flow in
            defer { self?.flowEnded(flow) }
            let rating = try await RatingFlow.rate(recipe, on: flow)
            self?.recipe.ratings.append(rating)
            return rating
        }
    }

    /// Ends the rating flow, if one runs, and removes its screens.
    public func endRating() {
        guard let flow = ratingFlow else { return }
        flow.cancel()
        flowEnded(flow)
    }

    private func flowEnded(_ flow: FlowNavigator) {
        guard ratingFlow === flow else { return }
        flowChanges = nil
        flowTask = nil
        ratingFlow = nil
    }

    /// The recipe's ratings.
    public var ratings: [Rating] { recipe.ratings }
    /// The mean rating, or `nil` when there are none.
    public var mean: Double? { recipe.meanRating }

    /// The rating flow while it runs.
    public var children: [any DeepLinkable] { ratingFlow }

    /// `recipe.slug`, which tells the node apart from its siblings in snapshots and diffs.
    public var nodeIdentity: String? { recipe.slug }

    /// The recipe's title.
    public var nodeLabel: String { recipe.title }

    /// The recipe's slug, the number of ratings and their mean to one decimal.
    public var nodeAttributes: [(key: String, value: String)] {
        [
            ("recipe", recipe.slug),
            ("ratings", "\(ratings.count)"),
            ("mean", mean.map { String(format: "%.1f", $0) } ?? "none"),
        ]
    }
}

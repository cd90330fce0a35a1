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
}

/// The app's ``RatingViewModel``.
@MainActor
public final class DefaultRatingViewModel: ObservableObject, RatingViewModel {
    /// The recipe shown.
    @Published public private(set) var recipe: Recipe

    /// Creates the sheet for `recipe`'s ratings.
    public init(recipe: Recipe) {
        self.recipe = recipe
    }

    /// The recipe's ratings.
    public var ratings: [Rating] { recipe.ratings }
    /// The mean rating, or `nil` when there are none.
    public var mean: Double? { recipe.meanRating }

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

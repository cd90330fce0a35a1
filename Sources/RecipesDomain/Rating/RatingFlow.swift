import Foundation
import XTree

/// Rating a recipe, as a flow: pick stars, write a comment, confirm. Five stars need no
/// comment, so that branch goes from the stars straight to the confirmation.
///
/// Each step is a `FlowScreen` under the ratings sheet's ``RatingViewModel/ratingFlow``;
/// going back to an earlier step and submitting again runs the rest from there.
public enum RatingFlow {
    /// The name of the rating flow's navigator, its label in the tree.
    public static let name = "rating"

    /// Who a rating given in the app is from.
    public static let author = "you"

    /// The flow: the rating the user confirmed.
    ///
    /// - Throws: `CancellationError` when the user leaves the flow.
    @MainActor
    public static func rate(_ recipe: Recipe, on flow: FlowNavigator) async throws -> Rating {
        try await flow.present(RatingStarsScreen(recipe: recipe)).then { stars in
            if stars == 5 {
                return try await confirm(Rating(author: author, value: stars, comment: ""), of: recipe, on: flow)
            }
            return try await flow.present(RatingCommentScreen(recipe: recipe, stars: stars)).then { comment in
                try await confirm(Rating(author: author, value: stars, comment: comment), of: recipe, on: flow)
            }
        }
    }

    /// The last step, a sub-flow of its own: `rating` once the user confirms it.
    @MainActor
    static func confirm(_ rating: Rating, of recipe: Recipe, on flow: FlowNavigator) async throws -> Rating {
        try await flow.present(RatingConfirmScreen(recipe: recipe, rating: rating)).then { rating }
    }
}

/// The rating flow's first step: how many stars, from 1 to 5.
@MainActor
public final class RatingStarsScreen: ObservableObject, FlowScreen {
    /// The recipe rated.
    public let recipe: Recipe
    /// Where the stars go.
    public let outlet = FlowOutlet<Int>()

    /// Creates the step for `recipe`.
    public init(recipe: Recipe) {
        self.recipe = recipe
    }

    /// Submits `stars`; a number outside 1...5 is refused, and nothing happens.
    ///
    /// - Returns: Whether the stars were submitted.
    @discardableResult
    public func choose(_ stars: Int) -> Bool {
        guard (1...5).contains(stars) else { return false }
        outlet.submit(stars)
        return true
    }

    /// `recipe.slug`.
    public var nodeIdentity: String? { recipe.slug }
    /// The recipe's title.
    public var nodeLabel: String { recipe.title }
    /// The step and the recipe.
    public var nodeAttributes: [(key: String, value: String)] { [("step", "stars"), ("recipe", recipe.slug)] }
}

/// The rating flow's comment step, for fewer than five stars.
@MainActor
public final class RatingCommentScreen: ObservableObject, FlowScreen {
    /// The longest comment accepted, in characters.
    public static let maximumLength = 500

    /// The recipe rated.
    public let recipe: Recipe
    /// The stars chosen at the step before.
    public let stars: Int
    /// The comment being written.
    @Published public var comment = ""
    /// Why the last ``submit()`` refused the comment, for the view to show; `nil` before the
    /// first submission and once one is accepted.
    @Published public private(set) var refusal: String?
    /// Where the comment goes.
    public let outlet = FlowOutlet<String>()

    /// Creates the step for `recipe`, rated `stars`.
    public init(recipe: Recipe, stars: Int) {
        self.recipe = recipe
        self.stars = stars
    }

    /// Submits ``comment`` without its surrounding white space; an empty comment or one
    /// longer than ``maximumLength`` characters is refused.
    ///
    /// - Returns: Why the comment was refused, or `nil` once it is submitted; the same as
    ///   ``refusal`` afterwards.
    @discardableResult
    public func submit() -> String? {
        let text = comment.trimmingCharacters(in: .whitespacesAndNewlines)
        refusal =
            if text.isEmpty {
                "write a comment, or go back and give five stars"
            } else if text.count > Self.maximumLength {
                "a comment has at most \(Self.maximumLength) characters; this one has \(text.count)"
            } else {
                nil
            }
        if refusal == nil { outlet.submit(text) }
        return refusal
    }

    /// `recipe.slug`.
    public var nodeIdentity: String? { recipe.slug }
    /// The recipe's title.
    public var nodeLabel: String { recipe.title }
    /// The step, the recipe and the stars.
    public var nodeAttributes: [(key: String, value: String)] {
        [("step", "comment"), ("recipe", recipe.slug), ("stars", "\(stars)")]
    }
}

/// The rating flow's last step: the rating, to confirm.
@MainActor
public final class RatingConfirmScreen: ObservableObject, FlowScreen {
    /// The recipe rated.
    public let recipe: Recipe
    /// The rating to confirm.
    public let rating: Rating
    /// Where the confirmation goes.
    public let outlet = FlowOutlet<Void>()

    /// Creates the step confirming `rating` of `recipe`.
    public init(recipe: Recipe, rating: Rating) {
        self.recipe = recipe
        self.rating = rating
    }

    /// Confirms the rating.
    public func confirm() {
        outlet.submit(())
    }

    /// `recipe.slug`.
    public var nodeIdentity: String? { recipe.slug }
    /// The recipe's title.
    public var nodeLabel: String { recipe.title }
    /// The step, the recipe, the stars and whether there is a comment. The comment's text is
    /// the user's and is left out.
    public var nodeAttributes: [(key: String, value: String)] {
        [
            ("step", "confirm"), ("recipe", recipe.slug), ("stars", "\(rating.value)"),
            ("comment", rating.comment.isEmpty ? "none" : "written"),
        ]
    }
}

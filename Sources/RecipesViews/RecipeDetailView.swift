#if canImport(SwiftUI)
    import Foundation
    import RecipesDomain
    import SwiftUI
    import XTree

    /// A recipe's detail, presenting its ratings as a sheet while the coordinator holds a
    /// ratings model. Dismissing the sheet writes `nil` into the coordinator.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public struct RecipeDetailView: View {
        @Store private var model: any RecipeViewModel
        private let rating: Binding<(any RatingViewModel)?>

        /// Creates the detail of `model`, presenting the ratings `rating` binds to.
        public init(model: any RecipeViewModel, rating: Binding<(any RatingViewModel)?>) {
            _model = Store(wrappedValue: model)
            self.rating = rating
        }

        /// The detail.
        public var body: some View {
            List {
                Text(model.recipe.title)
                Button("Ratings") { model.openRatings() }
            }
            .navigationTitle(model.recipe.title)
            .sheet(model: rating) { rating in
                RatingsView(model: rating)
            }
        }
    }

    /// The ratings sheet: how many, and their mean; rating the recipe pushes the rating flow's
    /// steps onto the sheet's stack. Popping the first step leaves the flow.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public struct RatingsView: View {
        @Store private var model: any RatingViewModel

        /// Creates the sheet of `model`.
        public init(model: any RatingViewModel) {
            _model = Store(wrappedValue: model)
        }

        /// The summary, under the flow's steps.
        public var body: some View {
            ModelNavigationStack(path: steps) {
                List {
                    Text(summary)
                    Button("Rate") { model.rate() }
                }
            } destination: { step in
                RatingStepView(step: step)
            }
        }

        /// The flow's screens, none while no flow runs.
        private var steps: Binding<[any ViewModel]> {
            let model = model
            return Binding(
                get: { @MainActor in model.ratingFlow?.screens ?? [] },
                set: { @MainActor in model.ratingFlow?.screens = $0 })
        }

        private var summary: String {
            guard let mean = model.mean else { return "No ratings yet" }
            return "\(model.ratings.count) ratings, \(String(format: "%.1f", mean)) on average"
        }
    }
#endif

#if canImport(SwiftUI)
    import RecipesDomain
    import SwiftUI
    import XTree

    /// One tab: a navigation stack over the list, pushing the open recipe's detail while the
    /// coordinator holds one. A pop writes `nil` into the coordinator's detail.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public struct RecipeListView: View {
        @Store private var coordinator: any RecipeListCoordinator

        /// Creates the tab of `coordinator`.
        public init(coordinator: any RecipeListCoordinator) {
            _coordinator = Store(wrappedValue: coordinator)
        }

        /// The stack.
        public var body: some View {
            NavigationStack {
                RecipeRows(list: coordinator.listViewModel) { coordinator.open($0) }
                    .navigationTitle(coordinator.title)
                    .navigationDestination(model: $coordinator.detailViewModel) { detail in
                        RecipeDetailView(model: detail, rating: $coordinator.ratingViewModel)
                    }
            }
        }
    }

    /// The list's rows; choosing one asks the coordinator to open it.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct RecipeRows: View {
        @Store var list: any RecipeListViewModel
        let open: @MainActor (Recipe) -> Void

        init(list: any RecipeListViewModel, open: @escaping @MainActor (Recipe) -> Void) {
            _list = Store(wrappedValue: list)
            self.open = open
        }

        var body: some View {
            List {
                ForEach(list.recipes) { recipe in
                    Button(recipe.title) { open(recipe) }
                }
            }
        }
    }
#endif

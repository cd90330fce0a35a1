#if canImport(SwiftUI)
    import SwiftUI

    /// A `NavigationStack` over a coordinator's array of protocol-typed models: each model
    /// is a pushed screen, the first at the bottom.
    ///
    /// A pop in the UI removes the popped models from the coordinator's array; models the
    /// coordinator appends (a deep link, a button) are pushed, and a replaced array replaces
    /// the screens. The stack's path is `Binding.identifiedStack()` over the array.
    ///
    /// ```swift
    /// ModelNavigationStack(path: $coordinator.details) {
    ///     ProductList(model: coordinator.list)
    /// } destination: { detail in
    ///     ProductDetail(model: detail)
    /// }
    /// ```
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    public struct ModelNavigationStack<Model: Sendable, Root: View, Destination: View>: View {
        private let path: Binding<[Model]>
        private let root: Root
        private let destination: (Model) -> Destination

        /// Creates a stack whose screens are the models of `path`, over `root`.
        ///
        /// - Parameters:
        ///   - path: A binding to a coordinator's array of models, typed as a class-bound
        ///     protocol (`[any ProductDetailViewModel]`).
        ///   - root: The view under every pushed screen.
        ///   - destination: A pushed screen's view for its model.
        public init(
            path: Binding<[Model]>, @ViewBuilder root: () -> Root,
            @ViewBuilder destination: @escaping (Model) -> Destination
        ) {
            self.path = path
            self.root = root()
            self.destination = destination
        }

        /// The stack.
        public var body: some View {
            NavigationStack(path: path.identifiedStack()) {
                root.navigationDestination(for: ModelIdentity<Model>.self) { destination($0.model) }
            }
        }
    }
#endif

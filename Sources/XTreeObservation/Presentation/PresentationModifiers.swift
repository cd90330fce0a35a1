#if canImport(SwiftUI)
    import SwiftUI

    // SwiftUI's item-based presentation, for models typed as class-bound protocols.
    //
    // Each modifier is SwiftUI's own over `Binding.identified()`: the model's object is its
    // identity, so a change the model announces does not present it again, another object in
    // the coordinator's property presents that one, and a dismissal writes `nil` back.

    extension View {
        /// Presents a sheet while `model` holds a model, and writes `nil` into it when the
        /// sheet is dismissed.
        ///
        /// ```swift
        /// .sheet(model: $coordinator.ratingViewModel) { rating in
        ///     RatingView(model: rating)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - model: A binding to a coordinator's optional model, typed as a class-bound
        ///     protocol (`(any RatingViewModel)?`).
        ///   - onDismiss: Called after the sheet is dismissed.
        ///   - content: The sheet's view for the model.
        nonisolated public func sheet<Model: Sendable, Content: View>(
            model: Binding<Model?>, onDismiss: (() -> Void)? = nil,
            @ViewBuilder content: @escaping (Model) -> Content
        ) -> some View {
            sheet(item: model.identified(), onDismiss: onDismiss) { content($0.model) }
        }

        /// Presents a popover while `model` holds a model, and writes `nil` into it when the
        /// popover is dismissed.
        ///
        /// - Parameters:
        ///   - model: A binding to a coordinator's optional model, typed as a class-bound
        ///     protocol.
        ///   - attachmentAnchor: Where the popover attaches; the view's bounds unless given.
        ///   - arrowEdge: The edge of the anchor the arrow points from; the top unless given.
        ///   - content: The popover's view for the model.
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        nonisolated public func popover<Model: Sendable, Content: View>(
            model: Binding<Model?>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
            arrowEdge: Edge = .top, @ViewBuilder content: @escaping (Model) -> Content
        ) -> some View {
            popover(item: model.identified(), attachmentAnchor: attachmentAnchor, arrowEdge: arrowEdge) {
                content($0.model)
            }
        }

        /// Presents a full-screen cover while `model` holds a model, and writes `nil` into it
        /// when the cover is dismissed. Not on macOS, as SwiftUI's `fullScreenCover`.
        ///
        /// - Parameters:
        ///   - model: A binding to a coordinator's optional model, typed as a class-bound
        ///     protocol.
        ///   - onDismiss: Called after the cover is dismissed.
        ///   - content: The cover's view for the model.
        @available(iOS 14.0, tvOS 14.0, watchOS 7.0, *)
        @available(macOS, unavailable)
        nonisolated public func fullScreenCover<Model: Sendable, Content: View>(
            model: Binding<Model?>, onDismiss: (() -> Void)? = nil,
            @ViewBuilder content: @escaping (Model) -> Content
        ) -> some View {
            fullScreenCover(item: model.identified(), onDismiss: onDismiss) { content($0.model) }
        }

        /// Pushes the destination for the model onto the enclosing `NavigationStack` while
        /// `model` holds a model, and writes `nil` into it when the screen is popped.
        ///
        /// ```swift
        /// .navigationDestination(model: $coordinator.detailViewModel) { detail in
        ///     RecipeView(model: detail)
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - model: A binding to a coordinator's optional model, typed as a class-bound
        ///     protocol.
        ///   - destination: The pushed screen's view for the model.
        @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
        nonisolated public func navigationDestination<Model: Sendable, Destination: View>(
            model: Binding<Model?>, @ViewBuilder destination: @escaping (Model) -> Destination
        ) -> some View {
            navigationDestination(item: model.identified()) { destination($0.model) }
        }
    }
#endif

#if canImport(SwiftUI)
    import RecipesDomain
    import SwiftUI
    import XTree

    /// One step of the rating flow, by the type of its screen.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct RatingStepView: View {
        let step: any ViewModel

        var body: some View {
            view
        }

        private var view: AnyView {
            if let stars = step as? RatingStarsScreen { return AnyView(StarsStepView(screen: stars)) }
            if let comment = step as? RatingCommentScreen { return AnyView(CommentStepView(screen: comment)) }
            if let confirm = step as? RatingConfirmScreen { return AnyView(ConfirmStepView(screen: confirm)) }
            return AnyView(Text("This step has no view"))
        }
    }

    /// Stars, from 1 to 5.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct StarsStepView: View {
        @Store var screen: RatingStarsScreen

        init(screen: RatingStarsScreen) {
            _screen = Store(wrappedValue: screen)
        }

        var body: some View {
            List {
                ForEach([1, 2, 3, 4, 5], id: \.self) { stars in
                    Button(String(repeating: "★", count: stars)) { screen.choose(stars) }
                }
            }
            .navigationTitle(screen.recipe.title)
        }
    }

    /// The comment, for fewer than five stars, and why the last one was refused.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct CommentStepView: View {
        @Store var screen: RatingCommentScreen

        init(screen: RatingCommentScreen) {
            _screen = Store(wrappedValue: screen)
        }

        var body: some View {
            List {
                TextField("Comment", text: $screen.comment)
                Text(screen.refusal ?? "")
                Button("Next") { screen.submit() }
            }
            .navigationTitle(String(repeating: "★", count: screen.stars))
        }
    }

    /// The rating, to confirm.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct ConfirmStepView: View {
        @Store var screen: RatingConfirmScreen

        init(screen: RatingConfirmScreen) {
            _screen = Store(wrappedValue: screen)
        }

        var body: some View {
            List {
                Text(String(repeating: "★", count: screen.rating.value))
                Text(screen.rating.comment)
                Button("Send") { screen.confirm() }
            }
            .navigationTitle(screen.recipe.title)
        }
    }
#endif

import RecipesDomain
import Testing
import XTree

@MainActor
@Suite
struct RatingFlowTests {
    let stew = Recipe.ID("irish-stew")

    /// The rating flow's steps as the tree shows them, with their attributes.
    func steps(_ home: any HomeCoordinator) -> [String] {
        guard let flow = home.firstReceiver(as: FlowNavigator.self) else { return [] }
        return TreeSnapshot(of: flow).nodes.dropFirst().map { node in
            node.attributes.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        }
    }

    @Test func starsCommentAndConfirmAddARatingAndBackRerunsFromThere() async throws {
        let home = try await startApp()
        try await home.open(.rate(stew))
        let sheet = try #require(home.firstReceiver(as: (any RatingViewModel).self))
        let flow = try #require(sheet.ratingFlow)
        let before = sheet.ratings.count
        #expect(steps(home) == ["step=stars recipe=irish-stew"])

        #expect(home.firstReceiver(as: RatingStarsScreen.self)?.choose(6) == false)
        home.firstReceiver(as: RatingStarsScreen.self)?.choose(3)
        await flow.idle()
        #expect(steps(home) == ["step=stars recipe=irish-stew", "step=comment recipe=irish-stew stars=3"])
        let comment = try #require(home.firstReceiver(as: RatingCommentScreen.self))
        #expect(comment.refusal == nil)
        #expect(comment.submit() == "write a comment, or go back and give five stars")
        #expect(comment.refusal == "write a comment, or go back and give five stars")
        comment.comment = String(repeating: "a", count: RatingCommentScreen.maximumLength + 1)
        #expect(comment.submit() == "a comment has at most 500 characters; this one has 501")
        await flow.idle()
        #expect(steps(home).count == 2)
        comment.comment = "  Hearty  "
        #expect(comment.submit() == nil)
        #expect(comment.refusal == nil)
        await flow.idle()
        #expect(home.firstReceiver(as: RatingConfirmScreen.self)?.rating.comment == "Hearty")

        // Back to the comment, and another one: the confirmation is built again from it.
        flow.screens = Array(flow.screens.prefix(2))
        comment.comment = "Better the next day"
        comment.submit()
        await flow.idle()
        #expect(
            steps(home) == [
                "step=stars recipe=irish-stew", "step=comment recipe=irish-stew stars=3",
                "step=confirm recipe=irish-stew stars=3 comment=written",
            ])
        home.firstReceiver(as: RatingConfirmScreen.self)?.confirm()
        await flow.idle()
        #expect(sheet.ratingFlow == nil)
        #expect(home.firstReceiver(as: FlowNavigator.self) == nil)
        #expect(sheet.ratings.count == before + 1)
        #expect(sheet.ratings.last == Rating(author: RatingFlow.author, value: 3, comment: "Better the next day"))
    }

    @Test func fiveStarsSkipTheCommentAndBackToFewerStarsAsksForOne() async throws {
        let home = try await startApp()
        try await home.open(.rate(stew))
        let flow = try #require(home.firstReceiver(as: FlowNavigator.self))
        home.firstReceiver(as: RatingStarsScreen.self)?.choose(5)
        await flow.idle()
        #expect(steps(home) == ["step=stars recipe=irish-stew", "step=confirm recipe=irish-stew stars=5 comment=none"])

        flow.screens = Array(flow.screens.prefix(1))
        home.firstReceiver(as: RatingStarsScreen.self)?.choose(4)
        await flow.idle()
        #expect(steps(home) == ["step=stars recipe=irish-stew", "step=comment recipe=irish-stew stars=4"])
        #expect(home.firstReceiver(as: RatingConfirmScreen.self) == nil)
    }

    @Test func closingTheSheetOrLeavingTheFlowReleasesItsScreens() async throws {
        let home = try await startApp()
        try await home.open(.rate(stew))
        weak let flow = home.firstReceiver(as: FlowNavigator.self)
        weak let stars = home.firstReceiver(as: RatingStarsScreen.self)
        stars?.choose(2)
        await flow?.idle()
        weak let comment = home.firstReceiver(as: RatingCommentScreen.self)
        #expect(comment != nil)

        // A link elsewhere in the same list closes the sheet, which ends the flow.
        try await home.open(.recipe(Recipe.ID("toad-in-the-hole")))
        #expect(home.firstReceiver(as: FlowNavigator.self) == nil)
        for _ in 0..<100 where flow != nil || stars != nil || comment != nil {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(flow == nil)
        #expect(stars == nil)
        #expect(comment == nil)

        // Leaving the flow (its first screen popped) ends it and leaves the sheet as it was.
        try await home.open(.rate(stew))
        let sheet = try #require(home.firstReceiver(as: (any RatingViewModel).self))
        let second = try #require(sheet.ratingFlow)
        second.screens = []
        #expect(second.state == .cancelled)
        await second.idle()
        #expect(sheet.ratingFlow == nil)
        #expect(home.firstReceiver(as: RatingStarsScreen.self) == nil)
    }

    @Test func theRateLinkParsesAndPrintsBack() throws {
        let link = try DeepLink(string: "recipes://recipes/irish-stew/rate")
        #expect(link == .rate(stew))
        #expect(link.description == "recipes://recipes/irish-stew/rate")
        #expect(throws: DeepLinkError.self) { try DeepLink(string: "recipes://recipes/irish-stew/rate/now") }
    }
}

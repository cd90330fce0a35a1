import Foundation
import RecipesDomain
import Testing
import XTree

@Suite struct DeepLinkParsingTests {
    static let everyLink: [DeepLink] =
        HomeTab.allCases.map(DeepLink.tab) + catalog.recipes.flatMap { [DeepLink.recipe($0.id), .ratings($0.id)] }

    @Test(arguments: everyLink)
    func urlRoundTrips(link: DeepLink) throws {
        #expect(try DeepLink(url: link.url) == link)
        #expect(try DeepLink(string: link.description) == link)
        let coded = try JSONDecoder().decode(DeepLink.self, from: JSONEncoder().encode(link))
        #expect(coded == link)
    }

    @Test(arguments: catalog.recipes)
    func referenceAppFormParsesToRatings(recipe: Recipe) throws {
        #expect(try DeepLink(string: "recipes://ratings?recipeID=\(recipe.slug)") == .ratings(recipe.id))
    }

    @Test func acceptsSchemeAndHostInAnyCaseAndPercentEncoding() throws {
        #expect(try DeepLink(string: "RECIPES://tab/veggie") == .tab(.veggie))
        #expect(try DeepLink(string: "recipes://TAB/veggie") == .tab(.veggie))
        #expect(try DeepLink(string: "Recipes://Ratings?recipeID=irish-stew") == .ratings(Recipe.ID("irish-stew")))
        #expect(try DeepLink(string: "recipes://recipes/orange%2Dmarmalade") == .recipe(Recipe.ID("orange-marmalade")))
        #expect(
            try DeepLink(string: "recipes://ratings/?recipeID=welsh-rarebit") == .ratings(Recipe.ID("welsh-rarebit")))
    }

    static let malformed: [(link: String, reason: DeepLinkError.Reason)] = [
        ("", .wrongScheme(nil)),
        ("not a url", .notAURL),
        ("recipes://tab/me\u{E9}at", .notAURL),
        ("recipes://recipes/%FF", .notAURL),
        ("http://tab/veggie", .wrongScheme("http")),
        ("recipes://tab/", .missingTab),
        ("recipes://tab", .missingTab),
        ("recipes://tab/dessert", .unknownTab("dessert")),
        ("recipes://tab/veggie/extra", .unknownPath),
        ("recipes://tab/veggie?x=1", .strayQueryItems(["x=1"])),
        ("recipes://recipes", .missingRecipeID),
        ("recipes://recipes/", .missingRecipeID),
        ("recipes://recipes/Orange", .malformedRecipeID("Orange")),
        ("recipes://recipes/a%20b", .malformedRecipeID("a b")),
        ("recipes://recipes/orange-marmalade/reviews", .unknownPath),
        ("recipes://recipes/orange-marmalade/ratings/1", .unknownPath),
        ("recipes://recipes/orange-marmalade?utm=1", .strayQueryItems(["utm=1"])),
        ("recipes://ratings", .missingRecipeID),
        ("recipes://ratings?recipeID=", .missingRecipeID),
        ("recipes://ratings?id=orange-marmalade", .strayQueryItems(["id=orange-marmalade"])),
        ("recipes://ratings?recipeID=a&recipeID=b", .strayQueryItems(["recipeID=b"])),
        ("recipes://ratings/orange-marmalade", .unknownPath),
        ("recipes://settings", .unknownPath),
        ("recipes://user@tab/veggie", .unexpectedPart("user")),
        ("recipes://tab:80/veggie", .unexpectedPart("port")),
        ("recipes://recipes:/irish-stew", .unexpectedPart("port")),
        ("recipes://tab:/veggie", .unexpectedPart("port")),
        ("recipes://tab/VEGGIE", .unknownTab("VEGGIE")),
        ("recipes://tab/veggie#top", .unexpectedPart("fragment")),
        ("recipes://recipes/" + String(repeating: "a", count: 2100), .tooLong(bytes: 2118)),
    ]

    @Test(arguments: malformed)
    func malformedLinksAreRejectedWithTheirReason(link: String, reason: DeepLinkError.Reason) {
        #expect {
            try DeepLink(string: link)
        } throws: { error in
            guard let error = error as? DeepLinkError else { return false }
            return error.reason == reason && error.isMalformed
        }
    }

    /// Parsing and printing, both from the table, are each other's inverse for every form,
    /// scheme and host, with the catalog's slugs and generated texts.
    @Test func theTableParsesWhatItPrints() {
        #expect(DeepLink.routes.roundTripFailures().isEmpty)
    }

    @Test func errorMessagesSayWhatWasWrongAndWhatIsAccepted() {
        let error = DeepLinkError(.unknownTab("dessert"), in: "recipes://tab/dessert")
        #expect(error.description == "unknown tab 'dessert' in recipes://tab/dessert; tabs: meat, veggie, settings")
        #expect(throws: DeepLinkError(.wrongScheme(nil), in: "tab/veggie")) { try DeepLink(string: "tab/veggie") }
        let path = DeepLinkError(.unknownPath, in: "recipes://x")
        #expect(
            path.description
                == "unknown path in recipes://x; accepted links: recipes://tab/<meat|veggie|settings>, "
                + "recipes://recipes/<slug>, recipes://recipes/<slug>/ratings, recipes://ratings?recipeID=<slug>, "
                + "recipes://recipes/<slug>/rate"
        )
    }
}

@MainActor
@Suite struct DeepLinkApplyTests {
    @Test(arguments: catalog.recipes)
    func bothApproachesReachTheRatingsUnderTheRightTab(recipe: Recipe) async throws {
        var snapshots: [TreeSnapshot] = []
        for approach in DeepLinkApproach.allCases {
            let home = try await startApp()
            let (outcome, traces) = try await withSearchRecording {
                try await home.open(.ratings(recipe.id), approach: approach)
            }
            let tab: HomeTab = recipe.isVegetarian ? .veggie : .meat
            #expect(home.tab == tab)
            let list = recipe.isVegetarian ? home.veggie : home.meat
            #expect(list.detailViewModel?.recipe.id == recipe.id)
            #expect(list.ratingViewModel?.recipe.id == recipe.id)
            #expect(list.ratingViewModel?.ratings == recipe.ratings)
            let sheet = home.firstReceiver(as: (any RatingViewModel).self)
            #expect(sheet === list.ratingViewModel)
            #expect(outcome.reached === sheet)
            #expect(traces.count == (approach == .search ? 2 : 0))
            snapshots.append(TreeSnapshot(of: home))
        }
        #expect(snapshots[0] == snapshots[1])
    }

    @Test(arguments: DeepLinkParsingTests.everyLink)
    func everyLinkLeavesIdenticalTreesByBothApproaches(link: DeepLink) async throws {
        let searched = try await startApp()
        let walked = try await startApp()
        let searchOutcome = try await searched.open(link, approach: .search)
        let explicitOutcome = try await walked.open(link, approach: .explicit)
        #expect(TreeSnapshot(of: searched) == TreeSnapshot(of: walked))
        let searchPath = TreeSnapshot.locating(searchOutcome.reached, from: searched).path
        #expect(searchPath == TreeSnapshot.locating(explicitOutcome.reached, from: walked).path)
        #expect(!searchPath.isEmpty)
    }

    @Test func aRecordingSeesTheSearchesTheAppsHandlerMakes() async throws {
        let home = try await startApp()
        let queue = NavigationQueue(home: home, approach: .search)
        // The queue runs the link in a Task of its own, created inside the recording.
        let (_, traces) = try await withSearchRecording {
            try await queue.enqueue(.ratings(Recipe.ID("orange-marmalade"))).value
        }
        #expect(traces.count == 2)
        #expect(
            traces[0].description == """
                search for RecipeListCoordinator: matched 1 after visiting 2 (largest frontier 3)
                  0 DefaultHomeCoordinator "Home" - wrong type
                  1   DefaultRecipeListCoordinator "Vegetarian" - matched
                path: 0 DefaultHomeCoordinator > 1 DefaultRecipeListCoordinator

                """
        )
        #expect(traces[1].match?.type == "DefaultRecipeViewModel")
        #expect(traces[1].path == [0, 1, 5])
    }

    @Test func referenceAppURLOpensTheRatings() async throws {
        let home = try await startApp()
        try await home.open(try DeepLink(string: "recipes://ratings?recipeID=roasted-wild-duck"))
        #expect(home.tab == .meat)
        #expect(home.meat.ratingViewModel?.recipe.title == "Roasted Wild Duck")
    }

    nonisolated static let failing: [(link: DeepLink, expected: String)] = [
        (
            .ratings(Recipe.ID("duk")),
            "unknown recipe 'duk' in recipes://recipes/duk/ratings; close matches: roasted-wild-duck"
        ),
        (.recipe(Recipe.ID("zzz")), "unknown recipe 'zzz' in recipes://recipes/zzz; no recipe has a similar id"),
        (
            .ratings(Recipe.ID("welsh-rarebit")),
            "recipes://recipes/welsh-rarebit/ratings failed at step 'fetch ratings': the ratings server is unavailable; "
                + "the tree is unchanged"
        ),
    ]

    @Test(arguments: failing, DeepLinkApproach.allCases)
    func failingLinksLeaveTheTreeUnchanged(failure: (link: DeepLink, expected: String), approach: DeepLinkApproach)
        async throws
    {
        let home = try await startApp(service: ScriptedService(failingRatings: [Recipe.ID("welsh-rarebit")]))
        try await home.open(.ratings(Recipe.ID("irish-stew")))
        try await home.open(.tab(.settings))
        let before = TreeSnapshot(of: home)
        await #expect {
            try await home.open(failure.link, approach: approach)
        } throws: { error in
            "\(error)" == failure.expected
        }
        #expect(TreeSnapshot(of: home) == before)
    }

    @Test func aCoordinatorThatLosesTheScreenIsRolledBack() async throws {
        let home = try await startApp()
        try await home.open(.ratings(Recipe.ID("irish-stew")))
        let before = TreeSnapshot(of: home)
        let brokenHome = BrokenHome(wrapping: home)
        await #expect {
            try await brokenHome.open(.ratings(Recipe.ID("toad-in-the-hole")))
        } throws: { error in
            "\(error)".contains("failed at step 'find recipe screen': no RecipeViewModel accepted it")
        }
        #expect(TreeSnapshot(of: home) == before)
    }

    @Test func closingScreensReleasesTheirViewModels() async throws {
        let home = try await startApp()
        try await home.open(.ratings(Recipe.ID("orange-marmalade")))
        weak let detail = home.veggie.detailViewModel
        weak let sheet = home.veggie.ratingViewModel
        #expect(detail != nil && sheet != nil)
        home.veggie.closeRatings()
        #expect(sheet == nil)
        #expect(detail != nil)
        home.veggie.closeDetail()
        #expect(detail == nil)
    }

    @Test func homeDescribesItselfForTheInspector() async throws {
        let home = try await startApp()
        try await home.open(.ratings(Recipe.ID("orange-marmalade")))
        let text = snapshotText(home)
        #expect(text.contains(#"0 DefaultHomeCoordinator #"#))
        #expect(text.contains(#""Home" tab=veggie"#))
        #expect(text.contains(#""Vegetarian" recipes=6"#))
        #expect(text.contains(#""Orange Marmalade" recipe=orange-marmalade ratings=2 mean=4.5"#))
        #expect(text.contains(#""Settings" units=imperial"#))
    }
}

/// A home whose lists open recipes without showing them, to force a failure after the
/// tree has started to change.
@MainActor final class BrokenHome: HomeCoordinator {
    let inner: DefaultHomeCoordinator
    let veggie: any RecipeListCoordinator
    let meat: any RecipeListCoordinator

    init(wrapping home: DefaultHomeCoordinator) {
        inner = home
        veggie = ForgetfulList(home.veggie)
        meat = ForgetfulList(home.meat)
    }

    var tab: HomeTab {
        get { inner.tab }
        set { inner.tab = newValue }
    }
    var settings: any SettingsViewModel { inner.settings }
    var service: any RecipeService { inner.service }
    var children: [any DeepLinkable] {
        veggie
        meat
    }
}

/// Forwards to a real list, but its children hide the detail screen.
@MainActor final class ForgetfulList: RecipeListCoordinator {
    let inner: any RecipeListCoordinator
    init(_ inner: any RecipeListCoordinator) { self.inner = inner }
    var tab: HomeTab { inner.tab }
    var title: String { inner.title }
    var listViewModel: any RecipeListViewModel { inner.listViewModel }
    var detailViewModel: (any RecipeViewModel)? {
        get { inner.detailViewModel }
        set { inner.detailViewModel = newValue }
    }
    var ratingViewModel: (any RatingViewModel)? {
        get { inner.ratingViewModel }
        set { inner.ratingViewModel = newValue }
    }
    func filter(_ recipe: Recipe) -> Bool { inner.filter(recipe) }
    func open(_ recipe: Recipe) { inner.open(recipe) }
    func closeDetail() { inner.closeDetail() }
    func openRatings(for recipe: Recipe) { inner.openRatings(for: recipe) }
    func closeRatings() { inner.closeRatings() }
    var children: [any DeepLinkable] { listViewModel }
}

@MainActor
@Suite struct DeepLinksBySearchArticleTests {
    @Test func theArticlesLinkRecordsTheSearchItShows() async throws {
        let home = try await DefaultHomeCoordinator.start()
        let link = try DeepLink(string: "recipes://recipes/orange-marmalade/ratings")
        let (outcome, traces) = try await withSearchRecording { try await home.open(link) }
        print(traces[0], terminator: "")
        #expect(
            traces[0].description == """
                search for RecipeListCoordinator: matched 1 after visiting 2 (largest frontier 3)
                  0 DefaultHomeCoordinator "Home" - wrong type
                  1   DefaultRecipeListCoordinator "Vegetarian" - matched
                path: 0 DefaultHomeCoordinator > 1 DefaultRecipeListCoordinator

                """)
        #expect(outcome.reached is any RatingViewModel)
    }
}

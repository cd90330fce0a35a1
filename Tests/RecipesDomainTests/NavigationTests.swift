import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeReachability

@MainActor
@Suite struct NavigationTests {
    @Test func queueAppliesLinksOneAtATimeInArrivalOrder() async throws {
        // The first link's fetch is the slowest: if links ran concurrently, later ones would
        // finish first and their service calls would overlap.
        let ids = ["orange-marmalade", "irish-stew", "welsh-rarebit", "toad-in-the-hole"].map(Recipe.ID.init)
        let service = ScriptedService(millisecondDelays: [ids[0]: 80, ids[1]: 40, ids[2]: 20, ids[3]: 0])
        let home = try await startApp(service: service)
        let queue = NavigationQueue(home: home)
        let links: [DeepLink] = [.ratings(ids[0]), .recipe(ids[1]), .tab(.settings), .ratings(ids[2]), .recipe(ids[3])]
        let tasks = links.map(queue.enqueue)
        for task in tasks { _ = try await task.value }
        #expect(queue.breadcrumbs.links == links)
        #expect(service.log == ids.flatMap { ["start \($0)", "end \($0)"] })
        #expect(home.tab == .meat)
        #expect(home.meat.detailViewModel?.recipe.id == ids[3])
        #expect(home.veggie.ratingViewModel?.recipe.id == ids[2])
    }

    @Test func pendingLinksCanBeCancelled() async throws {
        let slow = Recipe.ID("orange-marmalade")
        let home = try await startApp(service: ScriptedService(millisecondDelays: [slow: 50]))
        let queue = NavigationQueue(home: home)
        let first = queue.enqueue(.recipe(slow))
        let second = queue.enqueue(.tab(.settings))
        let third = queue.enqueue(.recipe(Recipe.ID("irish-stew")))
        #expect(queue.pendingCount == 3)
        await Task.yield()
        queue.cancelPending()
        _ = try await first.value
        for task in [second, third] {
            await #expect {
                try await task.value
            } throws: { error in
                (error as? DeepLinkError)?.reason == .cancelled
            }
        }
        #expect(queue.breadcrumbs.links == [.recipe(slow)])
        #expect(home.tab == .veggie)
        #expect(home.meat.detailViewModel == nil)
    }

    @Test func failedLinkDoesNotStopTheQueue() async throws {
        let home = try await startApp()
        let queue = NavigationQueue(home: home)
        let bad = queue.enqueue(.recipe(Recipe.ID("nope")))
        let good = queue.enqueue(.tab(.veggie))
        await #expect(throws: DeepLinkError.self) { try await bad.value }
        _ = try await good.value
        #expect(queue.breadcrumbs.links == [.tab(.veggie)])
    }

    @Test func stateRestoresAFreshTreeToAnIdenticalSnapshot() async throws {
        let home = try await startApp()
        try await home.open(.ratings(Recipe.ID("irish-stew")))
        try await home.open(.recipe(Recipe.ID("welsh-rarebit")))
        home.veggie.openRatings(for: try #require(catalog.recipe(Recipe.ID("welsh-rarebit"))))
        let state = NavigationState(of: home)
        let decoded = try JSONDecoder().decode(NavigationState.self, from: JSONEncoder().encode(state))
        #expect(decoded == state)

        let fresh = try await startApp()
        try await fresh.restore(decoded)
        #expect(TreeSnapshot(of: fresh) == TreeSnapshot(of: home))
    }

    @Test func invalidStatesAreRejectedWithoutChanges() async throws {
        let home = try await startApp()
        try await home.open(.recipe(Recipe.ID("irish-stew")))
        let before = TreeSnapshot(of: home)
        let states: [(NavigationState, String)] = [
            (NavigationState(tab: .veggie, lists: [.init(tab: .settings)]), "no recipe list for tab 'settings'"),
            (
                NavigationState(tab: .veggie, lists: [.init(tab: .veggie, detail: Recipe.ID("irish-stew"))]),
                "recipe 'irish-stew' does not belong in the veggie list"
            ),
            (
                NavigationState(
                    tab: .meat, lists: [.init(tab: .meat, detail: Recipe.ID("stew"), ratings: Recipe.ID("stew"))]),
                "unknown recipe 'stew'"
            ),
        ]
        for (state, message) in states {
            await #expect {
                try await home.restore(state)
            } throws: { error in
                "\(error)".hasPrefix(message)
            }
            #expect(TreeSnapshot(of: home) == before)
        }
    }

    @Test func breadcrumbsReplayToTheSameState() async throws {
        let home = try await startApp()
        let queue = NavigationQueue(home: home)
        for link in [
            DeepLink.ratings(Recipe.ID("lemon-cheesecakes")), .tab(.settings), .recipe(Recipe.ID("irish-stew")),
        ] {
            queue.enqueue(link)
        }
        await queue.waitUntilIdle()
        let crumbs = try JSONDecoder().decode(Breadcrumbs.self, from: JSONEncoder().encode(queue.breadcrumbs))
        let replayed = try await startApp()
        try await crumbs.replay(on: replayed)
        #expect(TreeSnapshot(of: replayed) == TreeSnapshot(of: home))
    }
}

@MainActor
@Suite struct UnreachableStateTests {
    nonisolated static let states: [(NavigationState, String)] = [
        (
            NavigationState(tab: .meat, lists: [.init(tab: .meat, ratings: Recipe.ID("irish-stew"))]),
            "the meat list shows the ratings of 'irish-stew' without its detail screen"
        ),
        (
            NavigationState(
                tab: .meat,
                lists: [.init(tab: .meat, detail: Recipe.ID("irish-stew"), ratings: Recipe.ID("roasted-wild-duck"))]),
            "the meat list shows the detail of 'irish-stew' and the ratings of 'roasted-wild-duck'"
        ),
        (
            NavigationState(tab: .meat, lists: [.init(tab: .meat), .init(tab: .meat)]),
            "the meat list is listed twice"
        ),
    ]

    @Test(arguments: 0..<states.count)
    func aStateNoLinkCanReachIsRejectedAndChangesNothing(index: Int) async throws {
        let (state, problem) = Self.states[index]
        let home = try await startApp()
        let before = TreeSnapshot(of: home)
        await #expect(throws: DeepLinkError(.unreachableState(problem), in: "restored state")) {
            try await home.restore(state)
        }
        #expect(TreeSnapshot(of: home) == before)
    }
}

@MainActor
@Suite struct ChildrenAuditOfTheAppTests {
    @Test func theAuditIsSilentOnTheRecipesAppInEveryScreen() async throws {
        let home = try await startApp()
        #expect(home.auditChildren().findings.isEmpty)
        try await home.open(.ratings(Recipe.ID(rawValue: "orange-marmalade")!))
        try await home.open(.ratings(Recipe.ID(rawValue: "toad-in-the-hole")!))
        #expect(home.receivers(as: (any RatingViewModel).self).count == 2)
        let audit = home.auditChildren()
        #expect(audit.findings.isEmpty, "\(audit)")
    }

    @Test func everyLinkOfTheDefaultCatalogIsReachableByTheKit() async {
        let report = await DefaultHomeCoordinator.reachabilityCheck(catalog: .default).run()
        #expect(report.passed, "\(report.text())")
        #expect(report.results.count == 110)
        // Closing the ratings sheet, by its recipe's link after its ratings link, releases
        // the sheet's view model; after its rate link, the rating flow's screens too: the
        // check watches every object that leaves the tree.
        let closing = report.results.filter { $0.after != nil }
        #expect(
            closing.map(\.title) == [
                "recipes://recipes/orange-marmalade after recipes://recipes/orange-marmalade/ratings",
                "recipes://recipes/orange-marmalade after recipes://recipes/orange-marmalade/ratings",
                "recipes://recipes/orange-marmalade after recipes://recipes/orange-marmalade/rate",
                "recipes://recipes/orange-marmalade after recipes://recipes/orange-marmalade/rate",
                "recipes://recipes/roasted-wild-duck after recipes://recipes/roasted-wild-duck/ratings",
                "recipes://recipes/roasted-wild-duck after recipes://recipes/roasted-wild-duck/ratings",
                "recipes://recipes/roasted-wild-duck after recipes://recipes/roasted-wild-duck/rate",
                "recipes://recipes/roasted-wild-duck after recipes://recipes/roasted-wild-duck/rate",
            ])
        #expect(closing.allSatisfy { $0.passed && $0.outlived == nil })
    }

    @Test func aRatingsSheetKeptAliveAfterClosingIsReportedByTheKit() async {
        let service = InMemoryRecipeService(catalog: .default)
        var kept: [AnyObject] = []
        var check = ReachabilityCheck<DefaultHomeCoordinator, String>(
            "Leaky recipes",
            makeApp: { DefaultHomeCoordinator(service: service, recipes: RecipeCatalog.default.recipes) },
            apply: { home, url in
                // Deliberately leaked: the sheet's view model is kept when its list moves on.
                if let sheet = home.veggie.ratingViewModel { kept.append(sheet) }
                return try await home.open(try DeepLink(string: url)).reached
            })
        check.expectReleases(within: 0.05)
        check.expect(
            "recipes://recipes/orange-marmalade", after: ["recipes://recipes/orange-marmalade/ratings"],
            reaches: .receiver((any RecipeViewModel).self))
        let report = await check.run(audits: false)
        #expect(
            report.results.map(\.failure) == [
                "DefaultRatingViewModel \"Orange Marmalade\" left the tree and is still alive 0.05 s later"
            ])
        #expect(kept.count == 1)
    }
}

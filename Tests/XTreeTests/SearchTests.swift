import Testing
import XTree

@MainActor
@Suite struct SearchTests {
    struct Refused: Error {}

    @Test func visitsBreadthFirstWithDepthOrderAndParent() {
        let app = RecipesShape()
        let visits = Array(app.home.breadthFirst())
        #expect(
            visits.map { ($0.node as? TestNode)?.title ?? "?" } == [
                "Home", "Vegetarian", "Meat", "Settings", "Vegetarian list", "Orange Marmalade", "Meat list",
            ]
        )
        #expect(visits.map(\.order) == Array(0..<7))
        #expect(visits.map(\.depth) == [0, 1, 1, 1, 2, 2, 2])
        #expect(visits.map(\.parentOrder) == [nil, 0, 0, 0, 1, 1, 2])
        #expect(visits.map(\.frontier) == [1, 3, 4, 4, 3, 2, 1])
    }

    /// Depth first, a subtree is searched before the next sibling: another match than breadth
    /// first's, counted and traced as any search, its steps numbered as a snapshot numbers them.
    @Test func depthFirstSearchesEachSubtreeBeforeTheNextSibling() throws {
        let app = RecipesShape()
        let wanted: (TestNode) -> Bool = { $0.title == "Meat" || $0.title == "Vegetarian list" }
        #expect(app.home.firstReceiver(as: TestNode.self, order: .breadthFirst, where: wanted)?.title == "Meat")
        let (found, traces) = withSearchRecording {
            app.home.firstReceiver(as: TestNode.self, order: .depthFirst, where: wanted)
        }
        #expect(found?.title == "Vegetarian list")
        let trace = try #require(traces.first)
        #expect(trace.steps.map(\.order) == [0, 1, 4])
        #expect(trace.steps.map(\.verdict) == [.rejected, .rejected, .matched])
        #expect(trace.path == [0, 1, 4])
        #expect(app.home.firstReceiver(as: TestNode.self, order: .depthFirst) { $0.title == "Nowhere" } == nil)
        let (_, missed) = withSearchRecording {
            app.home.firstReceiver(as: TestNode.self, order: .depthFirst) { $0.title == "Nowhere" }
        }
        #expect(missed.first?.steps.map(\.order) == [0, 1, 4, 5, 2, 6, 3])
        #expect(missed.first?.path == [])
    }

    @Test func findsProtocolReceiver() {
        let app = RecipesShape()
        #expect(app.home.firstReceiver(as: (any Screen).self) === app.veggie)
        #expect(app.home.firstReceiver(as: (any Screen).self) { $0.title == "Meat list" } === app.meatList)
        #expect(app.home.firstReceiver(as: (any Screen).self) { $0.title == "Dessert" } == nil)
    }

    @Test func findsClassReceiver() {
        let app = RecipesShape()
        #expect(app.home.firstReceiver(as: DetailModel.self) === app.detail)
        #expect(app.home.firstReceiver(as: ListModel.self) === app.veggieList)
        #expect(app.home.firstReceiver(as: TestNode.self) { $0.title == "Meat" } === app.meat)
    }

    @Test func startNodeCanMatch() {
        let app = RecipesShape()
        #expect(app.home.firstReceiver(as: Home.self) === app.home)
        #expect(app.veggie.firstReceiver(as: (any Screen).self) === app.veggie)
        #expect(app.veggie.firstReceiver(as: SettingsModel.self) == nil)
    }

    @Test func receiversReturnsAllMatchesInOrder() {
        let app = RecipesShape()
        let screens = app.home.receivers(as: (any Screen).self)
        #expect(screens.map(\.title) == ["Vegetarian", "Meat", "Vegetarian list", "Orange Marmalade", "Meat list"])
        #expect(app.home.receivers(as: ListModel.self) { $0.title.hasPrefix("Meat") }.map(\.title) == ["Meat list"])
    }

    @Test func predicateErrorStopsTheSearch() {
        let app = RecipesShape()
        var asked: [String] = []
        #expect(throws: Refused.self) {
            try app.home.firstReceiver(as: (any Screen).self) { screen in
                asked.append(screen.title)
                if screen.title == "Meat" { throw Refused() }
                return false
            }
        }
        #expect(asked == ["Vegetarian", "Meat"])
    }

    @Test func pathLeadsFromStartToMatch() {
        let app = RecipesShape()
        let path = app.home.pathToFirstReceiver(as: DetailModel.self)
        #expect(path?.map { ObjectIdentifier($0) } == [app.home, app.veggie, app.detail].map { ObjectIdentifier($0) })
        #expect(app.home.pathToFirstReceiver(as: Home.self)?.count == 1)
        #expect(app.home.pathToFirstReceiver(as: (any Screen).self) { $0.title == "none" } == nil)
    }

    @Test func traceRecordsVerdictsMatchAndPath() {
        let app = RecipesShape()
        let (match, trace) = app.home.tracingFirstReceiver(as: (any Screen).self) { $0.title == "Orange Marmalade" }
        #expect(match === app.detail)
        #expect(trace.steps.map(\.verdict) == [.wrongType, .rejected, .rejected, .wrongType, .rejected, .matched])
        #expect(trace.path == [0, 1, 5])
        #expect(trace.match?.type == "DetailModel")
        #expect(trace.largestFrontier == 4)
        #expect(
            trace.description == """
                search for Screen: matched 5 after visiting 6 (largest frontier 4)
                  0 Home "Home" - wrong type
                  1   ListCoordinator "Vegetarian" - rejected
                  2   ListCoordinator "Meat" - rejected
                  3   SettingsModel "Settings" - wrong type
                  4     ListModel "Vegetarian list" - rejected
                  5     DetailModel "Orange Marmalade" - matched
                path: 0 Home > 1 ListCoordinator > 5 DetailModel

                """
        )
    }

    @Test func traceWithoutMatchVisitsEverything() {
        let app = RecipesShape()
        let (match, trace) = app.home.tracingFirstReceiver(as: Home.self) { _ in false }
        #expect(match == nil)
        #expect(trace.steps.count == 7)
        #expect(trace.path.isEmpty)
        #expect(trace.match == nil)
        #expect(trace.description.hasPrefix("search for Home: no match among 7 visited"))
    }

    @Test func cycleBackToRootTerminates() {
        let app = RecipesShape()
        app.detail.kids = [app.home]
        app.settings.kids = [app.settings]
        #expect(Array(app.home.breadthFirst()).count == 7)
        #expect(app.home.firstReceiver(as: Home.self) { $0.title == "none" } == nil)
    }

    @Test func sharedNodeIsVisitedOnce() {
        let app = RecipesShape()
        app.meat.kids.append(app.detail)
        app.meat.kids.append(app.detail)
        let visits = Array(app.home.breadthFirst())
        #expect(visits.count == 7)
        #expect(visits.filter { $0.node === app.detail }.count == 1)
        #expect(app.home.receivers(as: DetailModel.self).count == 1)
    }

    @Test func doublingDAGVisitsEachObjectOnceWithSmallFrontier() {
        let dag = doublingDAG(levels: 30)
        var traversal = dag.root.breadthFirst()
        var count = 0
        while traversal.next() != nil { count += 1 }
        #expect(count == dag.objects)
        // Each of a level's two objects lists both objects of the next level; a listing counts
        // in the frontier until it is met, so the frontier is bounded, not doubling.
        #expect(traversal.largestFrontier == 5)
    }

    @Test func objectsMadeOnTheFlyAreNotMistakenForVisited() {
        // Each read of `children` builds new leaves; without retaining visited objects their
        // addresses would be reused and later leaves would look visited.
        final class Factory: DeepLinkable {
            var children: [any DeepLinkable] { (0..<100).map { _ in TestNode("") } }
        }
        let root = TestNode("root", (0..<50).map { _ in Factory() })
        #expect(Array(root.breadthFirst()).count == 1 + 50 + 50 * 100)
    }
}

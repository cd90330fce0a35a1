import Testing
import XTree

// The first example of the README and of "Getting started", so that its output stays true.

@MainActor protocol ReadmeScreen: DeepLinkable {
    var title: String { get }
}

@MainActor final class ReadmeCoordinator: DeepLinkable {
    let title: String
    let screens: [any DeepLinkable]
    init(_ title: String, _ screens: [any DeepLinkable]) {
        self.title = title
        self.screens = screens
    }
    var children: [any DeepLinkable] { screens }
    var nodeLabel: String { title }
}

@MainActor final class ReadmeRecipeScreen: ReadmeScreen {
    let title: String
    init(_ title: String) { self.title = title }
    var nodeLabel: String { title }
}

@MainActor
@Suite struct ReadmeExampleTests {
    @Test func firstReceiverExamplePrintsWhatTheReadmeShows() {
        let home = ReadmeCoordinator(
            "Home",
            [
                ReadmeCoordinator("Vegetarian", [ReadmeRecipeScreen("Orange Marmalade")]),
                ReadmeCoordinator("Meat", [ReadmeRecipeScreen("Roasted Wild Duck")]),
            ]
        )
        let duck = home.firstReceiver(as: (any ReadmeScreen).self) { $0.title == "Roasted Wild Duck" }
        let path = duck.flatMap { home.pathOrders(to: $0) } ?? []
        print(TextRenderer(highlighted: Set(path)).rendered(TreeSnapshot(of: home)), terminator: "")
        let text = TextRenderer(highlighted: Set(path)).rendered(TreeSnapshot(of: home))
        #expect(duck?.title == "Roasted Wild Duck")
        #expect(
            text == """
                0 ReadmeCoordinator #sx1q66ew "Home" ◀
                ├── 1 ReadmeCoordinator #85jtramb "Vegetarian"
                │   └── 3 ReadmeRecipeScreen #bmj6ty9n "Orange Marmalade"
                └── 2 ReadmeCoordinator #jf5vem8d "Meat" ◀
                    └── 4 ReadmeRecipeScreen #prqnp6gz "Roasted Wild Duck" ◀
                5 nodes, depth 2, links: 4 child, 0 cycle, 0 shared

                """
        )
    }
}

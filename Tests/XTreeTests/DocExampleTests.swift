import Testing
import XTree

// The doc comments' examples, copied verbatim, so that what they show stays true.

private enum DeepLinkableExample {
    @MainActor final class ListCoordinator: DeepLinkable {
        let title: String
        init(title: String) { self.title = title }
        var nodeLabel: String { title }
    }

    @MainActor final class SettingsScreen: DeepLinkable {}

    @MainActor final class HomeCoordinator: DeepLinkable {
        let veggie = ListCoordinator(title: "Vegetarian")
        let meat = ListCoordinator(title: "Meat")
        var settings: SettingsScreen?

        var children: [any DeepLinkable] {
            veggie
            meat
            settings
        }
    }
}

@MainActor
@Suite struct DocExampleTests {
    @Test func deepLinkablesExampleBuildsItsChildren() {
        let home = DeepLinkableExample.HomeCoordinator()
        #expect(home.children.count == 2)
        home.settings = DeepLinkableExample.SettingsScreen()
        #expect(home.children.count == 3)
    }

    @Test func searchTracesExamplePrintsWhatItsDocShows() {
        typealias ListCoordinator = DeepLinkableExample.ListCoordinator
        let home = DeepLinkableExample.HomeCoordinator()
        let (_, trace) = home.tracingFirstReceiver(as: ListCoordinator.self) { $0.title == "Meat" }
        #expect(
            trace.description == """
                search for ListCoordinator: matched 2 after visiting 3 (largest frontier 2)
                  0 HomeCoordinator - wrong type
                  1   ListCoordinator "Vegetarian" - rejected
                  2   ListCoordinator "Meat" - matched
                path: 0 HomeCoordinator > 2 ListCoordinator

                """)
    }

    @Test func terminalTextsExampleQuotesWhatItsDocShows() {
        #expect(TerminalText.quoted("Tea\u{1B}]0;pwned\u{7}") == #""Tea\u{1b}]0;pwned\u{7}""#)
    }
}

import Foundation
import Testing
import XTree
import XTreeReachability

@MainActor final class AccountScreen: DeepLinkable {}

/// A library whose book link opens the wrong book: the kit names the book it should have reached.
@MainActor final class WrongBookLibrary: DeepLinkable {
    let shelf = Shelf()
    var children: [any DeepLinkable] { shelf }
    func open(_ link: LibraryLink) -> any DeepLinkable {
        shelf.openBook = BookDetail(isbn: "other")
        if case .shelf = link { return shelf }
        return shelf.openBook!
    }
}

/// Failures that explain themselves: what was near, and what a name could have meant.
@MainActor
@Suite struct ExplanationTests {
    @Test func aMissedReceiverNamesTheNearestObjectsOfItsType() async {
        var check = ReachabilityCheck<WrongBookLibrary, LibraryLink>(
            "Library", makeApp: { WrongBookLibrary() }, apply: { $0.open($1) })
        check.expect(.book("1"), reaches: .receiver((any BookScreen).self) { $0.isbn == "1" })
        check.expect(.search, reaches: .receiver(AccountScreen.self))
        check.expect(.shelf, reaches: .receiver((any BookScreen).self) { $0.isbn == "1" })
        let report = await check.run(audits: false)
        let book = report.results[0].reached.last?.description ?? ""
        let expected: String =
            "library://book/1 (apply): expected a BookScreen matching the predicate; it ended on \(book), but "
            + "the BookScreen does not match the predicate; it is the only BookScreen in the app's tree."
        #expect(report.results[0].explanation == expected)
        #expect(book.hasPrefix("2 BookDetail #"))
        #expect(report.results[1].expected == "an AccountScreen")
        #expect(
            report.results[1].explanation?.hasSuffix(
                "it is not an AccountScreen; the app's tree holds no AccountScreen at all.") == true)
    }

    @Test func aSearchThatFindsNothingNamesTheNearestNodesOrNames() {
        SearchableProtocols.register((any BookScreen).self)
        let library = Library()
        _ = library.open(.book("9"))
        let snapshot = TreeSnapshot(of: library)
        #expect(
            snapshot.explainNoMatch(forName: "BookScreen", conditions: [NodeCondition("label=1")!])
                == ["nearest: 3 BookDetail label=9 (wanted label=1)"])
        #expect(
            snapshot.explainNoMatch(forName: "BookScren", conditions: [])
                == [
                    "no node answers to BookScren: no type in the tree has that name, and no node records "
                        + "conforming to a protocol of that name",
                    // A slip of a known name: no hint to register a protocol of the slip.
                    "did you mean BookScreen?",
                ])
        #expect(
            snapshot.explainNoMatch(forName: "Catalog", conditions: []).last
                == "a protocol is found by name once the app registers it, at start-up: "
                + "SearchableProtocols.register((any Catalog).self)")
        #expect(
            snapshot.explainNoMatch(forName: "CartScreen", conditions: [], knownNames: ["Shop.CartScreens"])[1]
                == "did you mean CartScreens?")
        #expect(snapshot.explainNoMatch(forName: "BookScreen", conditions: []).isEmpty)
    }
}

@MainActor final class EmptyQuery: DeepLinkable {
    var nodeAttributes: [String: String] { ["query": ""] }
}

@MainActor
@Suite struct EmptyValueTests {
    @Test func anEmptyValueReadsAsTwoQuotesInEveryFormat() {
        let snapshot = TreeSnapshot(of: EmptyQuery())
        #expect(TextRenderer().rendered(snapshot).contains(#"query="""#))
        #expect(DOTRenderer().rendered(snapshot).contains(#"query=\"\""#))
        #expect(MermaidRenderer().rendered(snapshot).contains("query=#quot;#quot;"))
    }
}

@MainActor class BaseCoordinator: DeepLinkable {
    let home = AccountScreen()
    var children: [any DeepLinkable] { [home] }
}

@MainActor final class RootCoordinator: BaseCoordinator {
    var settings: AccountScreen? = AccountScreen()
    @DeepLinkableBuilder override var children: [any DeepLinkable] {
        super.children
        settings
    }
}

@MainActor
@Suite struct SubclassChildrenTests {
    /// The form `DeepLinkable`'s documentation gives a subclass: the builder named again.
    @Test func aSubclassOverridingChildrenWithTheBuilderListsBoth() {
        let root = RootCoordinator()
        #expect(root.children.count == 2)
        root.settings = nil
        #expect(root.children.count == 1)
    }
}

@MainActor final class ManyAttributes: DeepLinkable {
    var pairs: [(key: String, value: String)]
    init(_ pairs: [(key: String, value: String)]) { self.pairs = pairs }
    var nodeAttributes: [(key: String, value: String)] { pairs }
}

@MainActor
@Suite struct ManyAttributeDiffTests {
    /// Past the few a diff scans, attributes are compared through a table: the same changes,
    /// in the same order, as for a few.
    @Test(arguments: [4, 40, 400])
    func aDiffOfManyAttributesReportsEachChangeOnceInOrder(count: Int) {
        let node = ManyAttributes((0..<count).map { ("k\($0)", "v\($0)") })
        let root = TestNode("root", [node])
        let before = TreeSnapshot(of: root)
        node.pairs[1].value = "changed"
        node.pairs.remove(at: 2)
        node.pairs.append(("new", "n"))
        let changes = TreeDiff(from: before, to: TreeSnapshot(of: root)).changed.first?.changes ?? []
        #expect(
            changes == [
                .init(key: "k1", old: "v1", new: "changed"), .init(key: "new", old: nil, new: "n"),
                .init(key: "k2", old: "v2", new: nil),
            ])
    }
}

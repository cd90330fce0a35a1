import Foundation
import Testing
import XTree
import XTreeReachability
import XTreeTesting

// The reachability example of the article "Checking reachability", verbatim from the `BookScreen` protocol to the end of
// `everyLibraryLinkIsReachable`, then the failure it shows.

@MainActor protocol BookScreen: DeepLinkable {
    var isbn: String { get }
}

@MainActor final class BookDetail: BookScreen {
    let isbn: String
    init(isbn: String) { self.isbn = isbn }
    var nodeLabel: String { isbn }
}

@MainActor class Shelf: DeepLinkable {
    var openBook: BookDetail?
    var children: [any DeepLinkable] { openBook }
}

@MainActor final class SearchScreen: DeepLinkable {}

@MainActor final class Library: DeepLinkable {
    let shelf: Shelf
    let search = SearchScreen()
    init(shelf: Shelf = Shelf()) { self.shelf = shelf }
    var children: [any DeepLinkable] {
        shelf
        search
    }

    /// The app's deep-link handler: returns the object the link ends on.
    func open(_ link: LibraryLink) -> any DeepLinkable {
        switch link {
        case .shelf: return shelf
        case .search: return search
        case .book(let isbn):
            shelf.openBook = BookDetail(isbn: isbn)
            return firstReceiver(as: (any BookScreen).self) { $0.isbn == isbn } ?? shelf
        }
    }
}

enum LibraryLink: Sendable, CustomStringConvertible {
    case shelf, search
    case book(String)
    var description: String {
        switch self {
        case .shelf: "library://shelf"
        case .search: "library://search"
        case .book(let isbn): "library://book/\(isbn)"
        }
    }
}

@MainActor func libraryCheck(
    _ makeApp: @escaping @MainActor () -> Library = { Library() }
) -> ReachabilityCheck<Library, LibraryLink> {
    var check = ReachabilityCheck<Library, LibraryLink>(
        "Library", makeApp: makeApp, apply: { library, link in library.open(link) })
    check.expect(.shelf, reaches: .receiver(Shelf.self))
    check.expect(.search, reaches: .receiver(SearchScreen.self))
    check.expect(.book("0-14-044913-6"), reaches: .receiver((any BookScreen).self) { $0.isbn == "0-14-044913-6" })
    return check
}

@Test @MainActor func everyLibraryLinkIsReachable() async {
    await libraryCheck().expectReachable()
}

// The README's broken shelf: it forgets to list the open book.
@MainActor final class ForgetfulShelf: Shelf {
    override var children: [any DeepLinkable] { [] }
}

@MainActor
@Suite struct ReadmeReachabilityTests {
    @Test func aForgottenChildFailsTheBookLinkWithItsTrace() async {
        let recorded = RecordedComments()
        await withKnownIssue {
            await libraryCheck { Library(shelf: ForgetfulShelf()) }.expectReachable()
        } matching: { issue in
            recorded.append(issue.comments.map(\.rawValue))
            return true
        }
        #expect(
            recorded.all == [
                """
                library://book/0-14-044913-6 (apply): expected a BookScreen matching the predicate; \
                it ended on 1 ForgetfulShelf #snx556de, but it is not a BookScreen; the app's tree holds no \
                BookScreen at all.
                forgotten child: 0 Library > 1 ForgetfulShelf holds BookDetail "0-14-044913-6" in "openBook" \
                but does not list it, and nothing else in the tree does
                search for BookScreen: no match among 3 visited (largest frontier 2)
                  0 Library - wrong type
                  1   ForgetfulShelf - wrong type
                  2   SearchScreen - wrong type

                """
            ]
        )
    }

    @Test func theArticleShowsThisFilesCodeAndTheFailureItRecords() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let readme = try String(
            contentsOf: folder.appendingPathComponent(
                "../../Sources/XTreeReachability/XTreeReachability.docc/CheckingReachability.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func between(_ text: String, _ start: String, _ end: String) -> String? {
            guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
            else { return nil }
            return String(text[from.lowerBound..<to.upperBound])
        }
        let listing = between(readme, "@MainActor protocol BookScreen", "await libraryCheck().expectReachable()\n}")
        #expect(listing != nil)
        #expect(listing.map { source.contains($0) } == true)

        let report = await libraryCheck { Library(shelf: ForgetfulShelf()) }.run()
        let failure = report.failures.first.map { "\($0.explanation ?? "")\n\($0.details)" } ?? "none"
        #expect(readme.contains("```text\n\(failure)```\n"))
    }

    @Test func theReportOfTheBrokenShelfIsATableWithTheTrace() async {
        let report = await libraryCheck { Library(shelf: ForgetfulShelf()) }.run()
        #expect(!report.passed)
        #expect(
            report.text() == """
                children audit: every held object is listed

                RESULT  LINK                          APPLIER  REACHED
                ok      library://shelf               apply    1 ForgetfulShelf #snx556de
                ok      library://search              apply    2 SearchScreen #f21vpky2
                FAIL    library://book/0-14-044913-6  apply    1 ForgetfulShelf #snx556de
                        library://book/0-14-044913-6 (apply): expected a BookScreen matching the predicate; \
                it ended on 1 ForgetfulShelf #snx556de, but it is not a BookScreen; the app's tree holds no \
                BookScreen at all.
                        forgotten child: 0 Library > 1 ForgetfulShelf holds BookDetail "0-14-044913-6" in \
                "openBook" but does not list it, and nothing else in the tree does
                        search for BookScreen: no match among 3 visited (largest frontier 2)
                          0 Library - wrong type
                          1   ForgetfulShelf - wrong type
                          2   SearchScreen - wrong type

                3 checks (3 links x 1 applier): 2 passed, 1 failed

                """
        )
    }
}

/// What `withKnownIssue`'s matcher saw, which may run on any thread.
final class RecordedComments: @unchecked Sendable {
    private let lock = NSLock()
    private var comments: [String] = []

    func append(_ new: [String]) { lock.withLock { comments += new } }
    var all: [String] { lock.withLock { comments } }
}

import Foundation
import XTree

/// An app that is neither of XTree's examples: shelves of books, a book's page opened by
/// `bookshelf://book/<id>`, its notes by `bookshelf://book/<id>/notes`. `Scripts/session-check.sh`
/// serves it as a process of its own, records a session, exports a test and runs it.
///
/// Its tree shows the open page by its title (`page=Dune`): the root is
/// `ReadableObjectValues`, so sessions recorded from it and the tests exported from them hold
/// that form.
@MainActor
public final class ShelfCoordinator: ObservableObject, ViewModel, ReadableObjectValues {
    let shelves: [ShelfViewModel]
    @Published var page: BookViewModel?
    /// The books opened, in order: what the planted crash after two links looks at.
    private var history: [String] = []
    /// Notes kept but never listed: only the planted bug makes any.
    private var stray: NotesViewModel?

    init(books: [Book]) {
        let genres = Array(Set(books.map(\.genre))).sorted()
        shelves = genres.map { genre in ShelfViewModel(genre: genre, books: books.filter { $0.genre == genre }) }
    }

    /// The shelves, then the open book.
    public var children: [any DeepLinkable] {
        shelves
        page
    }

    /// What the tree shows for the root.
    public var nodeLabel: String { "Shelves" }

    /// Opens `bookshelf://book/<id>` or `bookshelf://book/<id>/notes`, or the same paths on
    /// `https://bookshelf.example`; the screen it ends on.
    func open(_ link: String) throws -> any DeepLinkable {
        let web = "https://bookshelf.example/"
        // RFC 3986's equivalent forms (case, escapes of letters, dot segments) are one link.
        let normal = LinkNormalization.normalized(link)
        let path = normal.hasPrefix(web) ? "bookshelf://" + normal.dropFirst(web.count) : normal
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard path.hasPrefix("bookshelf://book/"), parts.count == 4 || parts.count == 5 else {
            throw BookshelfError(link: link, reason: "not bookshelf://book/<id>[/notes]")
        }
        var id = String(parts[3])
        if PlantedBugs.on, let replaced = PlantedBugs.replace(id, parts.count == 5 ? String(parts[4]) : nil, over: page)
        {
            switch replaced {
            case .book(let other): id = other
            case .again(let notes): return notes
            }
        }
        guard let book = shelves.lazy.flatMap(\.books).first(where: { $0.id == id }) else {
            throw BookshelfError(link: link, reason: "no book has the id '\(id)'")
        }
        if PlantedBugs.on { PlantedBugs.check(id, parts.count == 5 ? String(parts[4]) : nil, after: history) }
        guard parts.count == 4 || parts[4] == "notes" || (PlantedBugs.on && parts[4].isEmpty) else {
            throw BookshelfError(link: link, reason: "a book has only its notes")
        }
        history.append(id)
        let opened = BookViewModel(book: book)
        page = opened
        if PlantedBugs.on { PlantedBugs.keep(opened, stray: &stray) }
        guard parts.count == 5, parts[4] == "notes" else { return opened }
        let notes = NotesViewModel(book: book)
        opened.notes = notes
        return notes
    }
}

/// Crashes planted for `xtree-cli crash`'s check (Scripts/session-check.sh), there only when the
/// process runs with `BOOKSHELF_BUGS=1`: one build serves the check and the test that must pass
/// once they are gone.
enum PlantedBugs {
    static let on = ProcessInfo.processInfo.environment["BOOKSHELF_BUGS"] == "1"

    /// Traps, as a bug would, for: Emma's notes after Cosmos and then Dune were opened (a crash
    /// only a sequence of links makes); Cosmos's notes (a force-unwrap of a missing value); any
    /// book's `related` page (a recursion without end: a stack overflow).
    static func check(_ id: String, _ page: String?, after opened: [String]) {
        if id == "emma", page == "notes", let cosmos = opened.lastIndex(of: "cosmos"),
            let dune = opened.lastIndex(of: "dune"), cosmos < dune
        {
            preconditionFailure("planted: Emma's notes after Cosmos, then Dune")
        }
        if page == "notes" {
            _ = notePages[id]!
        }
        if page == "related" {
            _ = related(1)
        }
    }

    private static let notePages = ["dune": 12, "emma": 4]

    enum Replacement {
        case book(String)
        case again(NotesViewModel)
    }

    /// What `xtree-cli fuzz` must find, on top: Cosmos opened over an open notes sheet traps; a
    /// trailing slash opens the next book instead; a book's notes opened again over themselves
    /// are pushed a second time.
    @MainActor
    static func replace(_ id: String, _ page: String?, over open: BookViewModel?) -> Replacement? {
        if id == "cosmos", page == nil, open?.notes != nil {
            preconditionFailure("planted: Cosmos over an open sheet")
        }
        if page == "", let index = Book.standard.firstIndex(where: { $0.id == id }) {
            return .book(Book.standard[(index + 1) % Book.standard.count].id)
        }
        if page == "notes", let open, open.book.id == id, open.notes != nil {
            let again = NotesViewModel(book: open.book)
            open.extraNotes.append(again)
            return .again(again)
        }
        return nil
    }

    /// Books that outlive their app: every Dune page opened.
    @MainActor private static var kept: [BookViewModel] = []

    /// What `fuzz` must find in the child's own objects: Emma's page keeps notes it does not
    /// list (the children audit), and Dune's page is kept for ever (an object that outlives
    /// its case).
    @MainActor
    static func keep(_ page: BookViewModel, stray: inout NotesViewModel?) {
        if page.book.id == "emma" { stray = NotesViewModel(book: page.book) }
        if page.book.id == "dune" { kept.append(page) }
    }

    private static func related(_ depth: Int) -> Int {
        depth < 0 ? 0 : related(depth + 1) + 1
    }
}

struct Book: Sendable, Hashable {
    let id: String
    let title: String
    let genre: String

    static let standard = [
        Book(id: "dune", title: "Dune", genre: "fiction"),
        Book(id: "emma", title: "Emma", genre: "fiction"),
        Book(id: "cosmos", title: "Cosmos", genre: "science"),
    ]
}

@MainActor
final class ShelfViewModel: ObservableObject, ViewModel {
    let genre: String
    let books: [Book]

    init(genre: String, books: [Book]) {
        self.genre = genre
        self.books = books
    }

    var children: [any DeepLinkable] { [] }
    var nodeLabel: String { genre }
    var nodeAttributes: [String: String] { ["books": String(books.count)] }
}

@MainActor
final class BookViewModel: ObservableObject, ViewModel {
    let book: Book
    @Published var notes: NotesViewModel?
    /// Notes pushed again over themselves: only the planted bug makes any.
    @Published var extraNotes: [NotesViewModel] = []

    init(book: Book) { self.book = book }

    var children: [any DeepLinkable] { (notes.map { [$0] } ?? []) + extraNotes }
    var nodeLabel: String { book.title }
    var nodeAttributes: [String: String] { ["book": book.id] }
}

@MainActor
final class NotesViewModel: ObservableObject, ViewModel {
    let book: Book

    init(book: Book) { self.book = book }

    var children: [any DeepLinkable] { [] }
    var nodeLabel: String { "Notes on \(book.title)" }
}

struct BookshelfError: Error, CustomStringConvertible {
    let link: String
    let reason: String
    var description: String { "\(link): \(reason)" }
}

/// The bookshelf app as tools rebuild it.
public enum BookshelfApp: DeepLinkableApp {
    /// The shelves of the standard books, nothing open.
    public static func makeRoot() -> ShelfCoordinator { ShelfCoordinator(books: Book.standard) }

    /// Opens a `bookshelf://` link.
    public static func open(_ link: String, in root: ShelfCoordinator) async throws -> any DeepLinkable {
        try root.open(link)
    }

    /// A link of each form.
    public static let linkExamples = [
        LinkExample(form: "bookshelf://book/<id>", link: "bookshelf://book/dune", reaches: "BookViewModel"),
        LinkExample(
            form: "bookshelf://book/<id>/notes", link: "bookshelf://book/dune/notes", reaches: "NotesViewModel"),
        LinkExample(
            form: "https://bookshelf.example/book/<id>", link: "https://bookshelf.example/book/dune",
            reaches: "BookViewModel"),
        LinkExample(
            form: "https://bookshelf.example/book/<id>/notes", link: "https://bookshelf.example/book/dune/notes",
            reaches: "NotesViewModel"),
    ]

    /// The standard books' ids.
    public static var sampleValues: [String] { Book.standard.map(\.id) }
}

import Foundation
import Testing
import XTree

/// A book: its label is its title, its identity its id, either may be missing.
@MainActor final class ShelfBook: ObservableObject, DeepLinkable {
    let title: String
    let id: String?
    init(_ title: String, id: String? = nil) {
        self.title = title
        self.id = id
    }
    var children: [any DeepLinkable] { [] }
    var nodeLabel: String { title }
    var nodeIdentity: String? { id }
    var nodeAttributes: [(key: String, value: String)] { [] }
}

/// A shelf that describes itself by default: one attribute per `@Published` property.
@MainActor class PlainShelf: ObservableObject, DeepLinkable {
    @Published var open: ShelfBook?
    @Published var closed: ShelfBook?
    @Published var stack: [ShelfBook] = []
    @Published var count = 2
    var children: [any DeepLinkable] { [open].compactMap { $0 } + stack }
}

/// The same shelf as a root that opts in.
@MainActor final class ReadableShelf: PlainShelf, ReadableObjectValues {}

/// A root that opts in for its whole tree: a plain shelf below it reads by label too.
@MainActor final class ReadableLibrary: DeepLinkable, ReadableObjectValues {
    let shelf = PlainShelf()
    var children: [any DeepLinkable] { [shelf] }
}

@MainActor
@Suite struct ReadableObjectValuesTests {
    func fill(_ shelf: PlainShelf) {
        shelf.open = ShelfBook("Dune")
        shelf.stack = [ShelfBook("", id: "emma-1815"), ShelfBook("")]
    }

    @Test func aRootThatOptsInShowsObjectsByLabelIdentityOrTypeName() throws {
        let readable = ReadableShelf()
        fill(readable)
        let shelf = try #require(TreeSnapshot(of: readable).nodes.first)
        #expect(shelf.attribute("open") == "Dune")
        #expect(shelf.attribute("closed") == "nil")
        #expect(shelf.attribute("stack") == "[emma-1815, ShelfBook]")
        #expect(shelf.attribute("count") == "2")
    }

    @Test func theRootDecidesForEveryObjectInItsTree() throws {
        let library = ReadableLibrary()
        fill(library.shelf)
        let nodes = TreeSnapshot(of: library).nodes
        #expect(nodes[1].attribute("open") == "Dune")
        // The same shelf as a root of its own does not opt in.
        #expect(TreeSnapshot(of: library.shelf).nodes[0].attribute("open")?.hasSuffix(".ShelfBook") == true)
    }

    @Test func aRootThatDoesNotShowsTypeNamesAsBefore() throws {
        let plain = PlainShelf()
        fill(plain)
        let shelf = try #require(TreeSnapshot(of: plain).nodes.first)
        #expect(shelf.attribute("open")?.hasSuffix(".ShelfBook") == true, "\(shelf.attribute("open") ?? "")")
        #expect(shelf.attribute("stack")?.contains(".ShelfBook") == true)
        #expect(shelf.attribute("count") == "2")
    }
}

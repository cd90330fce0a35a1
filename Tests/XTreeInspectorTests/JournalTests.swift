import Foundation
import Testing
import XTree

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// A page that keeps a secret among its attributes.
@MainActor final class Account: ObservableObject, ViewModel {
    @Published var password = "hunter2"
    @Published var owner = "ada"
    var nodeAttributes: [(key: String, value: String)] { [("owner", owner), ("password", password)] }
    var privateAttributeKeys: Set<String> { ["password"] }
}

enum LinkError: Error, CustomStringConvertible {
    case noSuchPage(String)
    var description: String {
        switch self {
        case .noSuchPage(let slug): "no page \(slug)"
        }
    }
}

@MainActor
@Suite struct JournalTests {
    /// A book whose links add a page, or fail for `missing`, served with a journal of
    /// `capacity` events.
    func served(_ capacity: Int = Inspector.defaultJournalCapacity, folder: InspectorFolder) throws -> (
        Book, Inspector
    ) {
        SearchableProtocols.register((any Page).self)
        let book = Book()
        book.pages = [PageScreen("a")]
        let inspector = try Inspector(name: "Book", root: book, directory: folder.path, journalCapacity: capacity) {
            url in try Self.add(url.lastPathComponent, to: book)
        }
        return (book, inspector)
    }

    static func add(_ slug: String, to book: Book) throws -> (any DeepLinkable)? {
        guard slug != "missing" else { throw LinkError.noSuchPage(slug) }
        book.pages.append(PageScreen(slug))
        return book.firstReceiver(as: (any Page).self) { $0.slug == slug }
    }

    @Test func linksFromClientsAndTheAppAndTheAppsOwnChangesAreJournaledInOrder() async throws {
        let folder = try InspectorFolder()
        let (book, inspector) = try served(folder: folder)
        defer { inspector.stop() }
        let app = inspector.app
        _ = try await offMain { try patient(InspectorClient(app)).open("book://page/b") }
        try await inspector.journaling(link: "book://page/c") { try Self.add("c", to: book) }
        await #expect(throws: LinkError.self) {
            try await inspector.journaling(link: "book://page/missing") { try Self.add("missing", to: book) }
        }
        book.pages.removeFirst()
        let (read, capacity, sequence) = try await offMain { try patient(InspectorClient(app)).journal() }
        let events = read.map(\.event)

        #expect(capacity == Inspector.defaultJournalCapacity)
        #expect(sequence == 4)
        #expect(events.map(\.sequence) == [1, 2, 3, 4])
        #expect(events.map { $0.link?.url } == ["book://page/b", "book://page/c", "book://page/missing", nil])
        #expect(events.map { $0.link?.source } == [.inspector, .app, .app, nil])
        #expect(events.map { $0.link?.error } == [nil, nil, "no page missing", nil])
        #expect(events[3].kind == .change)
        // The path reached, by the ids a replay compares, from the root; numbered where read.
        #expect(events[0].link?.reached.map(\.type) == ["Book", "PageScreen"])
        #expect(read[0].path == [0, 2])
        #expect(read[1].path.last == 3)
        #expect(events[2].link?.reached == [])
        // One search each, of the book and its pages.
        #expect(events[0...1].map { $0.link?.searches } == [1, 1])
        #expect(events[0...1].map { $0.link?.visits } == [3, 4])
        #expect(events.allSatisfy { ($0.link?.duration ?? 0) >= 0 })
        #expect(read.map { $0.diff.added.map(\.label) } == [["b"], ["c"], [], []])
        #expect(read[3].diff.removed.count == 1)
        #expect(events[3].notifications == 1)
        #expect(events.map(\.time) == events.map(\.time).sorted())
    }

    @Test func theRingKeepsTheLastEventsAndPrivateValuesStayRedacted() async throws {
        let folder = try InspectorFolder()
        let account = Account()
        let inspector = try Inspector(name: "Account", root: account, directory: folder.path, journalCapacity: 2)
        defer { inspector.stop() }
        let app = inspector.app
        for owner in ["grace", "alan", "edsger"] {
            account.password = "secret-of-\(owner)"
            account.owner = owner
            // Each change is an event of its own once the journal has seen it.
            _ = try await offMain { try patient(InspectorClient(app)).journal() }
        }
        let (events, capacity, sequence) = try await offMain { try patient(InspectorClient(app)).journal() }
        #expect(capacity == 2)
        #expect(sequence == 3)
        #expect(events.map(\.event.sequence) == [2, 3])
        #expect(events.map { $0.diff.changed.first?.changes.first { $0.key == "owner" }?.new } == ["alan", "edsger"])
        let encoded = String(decoding: try JSONEncoder().encode(events.map(\.event)), as: UTF8.self)
        #expect(!encoded.contains("secret-of"))
        let after = try await offMain { try patient(InspectorClient(app)).journal(after: 2) }
        #expect(after.events.map(\.event.sequence) == [3])
    }

    @Test func aPrivateLinkNeverReachesTheJournalNorAFollowersEvents() async throws {
        let folder = try InspectorFolder()
        let (book, inspector) = try served(folder: folder)
        defer { inspector.stop() }
        let app = inspector.app
        let follower = try await Self.follower(of: app)
        _ = try await offMain { try patient(InspectorClient(app)).open("book://page/b?token=s3cr3t&x=1") }
        await #expect(throws: LinkError.self) {
            try await inspector.journaling(link: "book://page/missing?email=ada@example.com") {
                throw LinkError.noSuchPage("missing in book://page/missing?email=ada@example.com")
            }
        }
        _ = book
        let (read, _, _) = try await offMain { try patient(InspectorClient(app)).journal() }
        #expect(
            read.map { $0.event.link?.url } == [
                "book://page/b?token=<private>&x=1", "book://page/missing?email=<private>",
            ])
        #expect(read[1].event.link?.error == "no page missing in book://page/missing?email=<private>")
        let followed = try await offMain {
            try (0..<2).compactMap { _ in try follower.value.nextEvent(timeout: 120)?.event }
        }
        #expect(followed.count == 2)
        let encoded = String(decoding: try JSONEncoder().encode(read.map(\.event) + followed), as: UTF8.self)
        #expect(encoded.contains("token=<private>"))
        #expect(!encoded.contains("s3cr3t"))
        #expect(!encoded.contains("ada@example.com"))
    }

    @Test func aFollowerGetsTheBacklogThenEachEventAndHoldsTheTreeAfterIt() async throws {
        let folder = try InspectorFolder()
        let (book, inspector) = try served(folder: folder)
        defer { inspector.stop() }
        let app = inspector.app
        try await inspector.journaling(link: "book://page/b") { try Self.add("b", to: book) }

        let recorder = try await offMain { () -> UncheckedBox<InspectorClient> in
            UncheckedBox(try patient(InspectorClient(app)))
        }
        let follower = try await offMain { () -> UncheckedBox<InspectorClient> in
            UncheckedBox(try patient(InspectorClient(app)))
        }
        let started = try await offMain { try recorder.value.follow() }
        let backlog = try await offMain { try follower.value.follow(after: 0) }
        #expect(started.sequence == 1)
        #expect(started.start == TreeSnapshot(of: book))
        #expect(started.backlog.isEmpty)
        #expect(backlog.backlog.map(\.event.sequence) == [1])

        try await inspector.journaling(link: "book://page/c") { try Self.add("c", to: book) }
        let treeAfterC = TreeSnapshot(of: book)
        book.pages.removeLast()
        let (first, treeAfterFirst) = try await offMain { () -> (FollowedEvent?, TreeSnapshot?) in
            (try recorder.value.nextEvent(timeout: 120), recorder.value.followedTree)
        }
        let second = try await offMain { try recorder.value.nextEvent(timeout: 120) }
        let recorded = [first, second].compactMap { $0 }
        #expect(recorded.map(\.event.sequence) == [2, 3])
        // The tree the follower holds is the app's after each event, made of the edits alone.
        #expect(treeAfterFirst == treeAfterC)
        #expect(recorder.value.followedTree == TreeSnapshot(of: book))
        let followed = try await offMain { try follower.value.nextEvent(timeout: 120) }
        #expect(followed?.event.sequence == 2)
        // A backlog comes with the tree now too: its diffs are found from the tree back.
        let late = try await offMain { try patient(InspectorClient(app)).follow(after: 0) }
        #expect(late.backlog.map(\.event.sequence) == [1, 2, 3])
        #expect(late.start == TreeSnapshot(of: book))
        #expect(late.backlog.map(\.diff) == [backlog.backlog[0].diff, recorded[0].diff, recorded[1].diff])
    }

    /// A client of `app` that follows its journal.
    static func follower(of app: InspectableApp) async throws -> UncheckedBox<InspectorClient> {
        try await offMain { () -> UncheckedBox<InspectorClient> in
            let client = try patient(InspectorClient(app))
            _ = try client.follow()
            return UncheckedBox(client)
        }
    }

    /// A follower that opens a link is sent the link's event, not the tree: the tree it holds,
    /// with the edit applied, is the app's, and the path is found in it.
    @Test func aFollowerThatOpensALinkIsSentItsEditNotTheTree() async throws {
        let folder = try InspectorFolder()
        let (book, inspector) = try served(folder: folder)
        defer { inspector.stop() }
        let app = inspector.app
        let follower = try await Self.follower(of: app)
        let (opened, tree) = try await offMain { try follower.value.open("book://page/b") }
        #expect(opened.event == 1, "the reply names the link's event instead of carrying a tree")
        #expect(tree == TreeSnapshot(of: book))
        #expect(opened.path.map { tree.nodes[$0].label } == ["Book", "b"])
        let event = try await offMain { try follower.value.nextEvent(timeout: 0) }
        #expect(event?.event.link?.url == "book://page/b")
        #expect(event?.diff.added.map(\.label) == ["b"])
        // Without following, the tree comes with the reply.
        let (plain, _) = try await offMain { try patient(InspectorClient(app)).open("book://page/c") }
        #expect(plain.event == nil)
    }

    /// A reader that only forwards edits (the web page) is given no diff, and still the path
    /// and the tree.
    @Test func aFollowerThatMakesNoDiffsStillHoldsTheTreeAndThePath() async throws {
        let folder = try InspectorFolder()
        let (book, inspector) = try served(folder: folder)
        defer { inspector.stop() }
        let follower = try await Self.follower(of: inspector.app)
        follower.value.makesDiffs = false
        let (opened, tree) = try await offMain { try follower.value.open("book://page/b") }
        #expect(opened.path.map { tree.nodes[$0].label } == ["Book", "b"])
        #expect(tree == TreeSnapshot(of: book))
        let event = try await offMain { try follower.value.nextEvent(timeout: 0) }
        #expect(event?.event.edit.added.map(\.label) == ["b"])
        #expect(event?.diff.isEmpty == true)
        #expect(event?.path == opened.path)
    }

    @Test func withoutAJournalNothingIsKeptAndFollowersAreStillServed() async throws {
        let folder = try InspectorFolder()
        let (book, inspector) = try served(0, folder: folder)
        defer { inspector.stop() }
        let app = inspector.app
        let follower = try await Self.follower(of: app)
        try await inspector.journaling(link: "book://page/b") { try Self.add("b", to: book) }
        let event = try await offMain { try follower.value.nextEvent(timeout: 120) }
        #expect(event?.event.link?.url == "book://page/b")
        #expect(event?.diff.added.count == 1)
        let listing = try await offMain { try patient(InspectorClient(app)).journal() }
        #expect(listing.capacity == 0)
        #expect(listing.events.isEmpty)
    }

    /// With no client, events wait in a batch, unless their edits are large.
    @Test func eventsWaitInABatchUnlessTheirEditsAreLarge() async throws {
        let journal = Journal(capacity: 10)
        func record(_ sequence: Int, added: Int) -> JournalEvent {
            let nodes = (0..<added).map {
                TreeEdit.Node(id: "n\($0)", type: "Leaf", label: "", attributes: [], names: [], identity: nil)
            }
            return JournalEvent(
                sequence: sequence, time: 0, kind: .change, notifications: 1, objects: 1,
                edit: TreeEdit(added: nodes, removed: [], changed: [], splices: []))
        }
        journal.record(record(1, added: 1))
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(journal.pendingCount == 1)
        journal.record(record(2, added: Journal.batchEntries))
        for _ in 0..<600 where journal.pendingCount > 0 { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(journal.pendingCount == 0)
        #expect(journal.events(after: 0).map(\.sequence) == [1, 2])
    }

    @Test func anEventReadFromOutsideIsCheckedBeyondItsShape() {
        let good = JournalEvent(sequence: 1, time: 1, kind: .change, notifications: 2, objects: 1, edit: TreeEdit())
        #expect(good.problem == nil)
        var bad = good
        bad.sequence = 0
        #expect(bad.problem == "sequence 0 is not positive")
        bad = good
        bad.objects = 3
        #expect(bad.problem == "event 1 counts 3 objects for 2 notifications")
        bad = good
        bad.time = .infinity
        #expect(bad.problem == "event 1 has a time that is not a moment")
        bad = good
        var link = JournalEvent.Link(
            url: "x:", source: .app, duration: 0, reached: [.init(type: "Book", id: "#a")], error: "no",
            searches: 0, visits: 0)
        bad.kind = .link(link)
        #expect(bad.problem == "event 1 failed and reached a path")
        link.error = nil
        link.duration = -1
        bad.kind = .link(link)
        #expect(bad.problem == "event 1 has a negative duration")
    }
}

import Foundation
import Testing
import XTree

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// A book served with a restoration that saves its pages' slugs, and a graveyard where pages
/// taken out of it may be kept alive on purpose.
@MainActor
final class ServedBook {
    let book = Book()
    let inspector: Inspector
    var graveyard: [PageScreen] = []

    init(
        folder: InspectorFolder, capacity: Int = Inspector.defaultJournalCapacity, grace: Double = 0.05,
        restores: Bool = true, restore: (@MainActor @Sendable (Book, [String]) throws -> Void)? = nil
    ) throws {
        let book = book
        book.pages = [PageScreen("a")]
        let restoration = Inspector.Restoration(
            capture: { book.pages.map(\.slug) },
            restore: { slugs in
                if let restore { try restore(book, slugs) } else { book.pages = slugs.map(PageScreen.init) }
            })
        inspector = try Inspector(
            name: "Book", root: book, directory: folder.path, journalCapacity: capacity,
            restoration: restores ? restoration : nil, releaseGracePeriod: grace
        ) { url in try JournalTests.add(url.lastPathComponent, to: book) }
    }

    /// A client, connected off the main actor.
    func connect() async throws -> UncheckedBox<InspectorClient> {
        let app = inspector.app
        return try await offMain { UncheckedBox(patient(try InspectorClient(app))) }
    }

    func open(_ slug: String) async throws {
        let app = inspector.app
        _ = try await offMain { try patient(InspectorClient(app)).open("book://page/\(slug)") }
    }
}

enum RestoreFailure: Error, CustomStringConvertible {
    case diskFull
    var description: String { "the disk is full" }
}

@MainActor
@Suite struct TimeTravelTests {
    @Test func restoreReturnsTheTreeToTheOneRecordedAfterAnEarlierEvent() async throws {
        let folder = try InspectorFolder()
        let served = try ServedBook(folder: folder)
        defer { served.inspector.stop() }
        let client = try await served.connect()
        let (_, afterFirst) = try await offMain { try client.value.open("book://page/b") }
        try await served.open("c")
        served.book.pages.removeFirst()  // the app's own change: event 3, once restoring begins

        let (result, restored) = try await offMain { try client.value.restore(to: 1) }
        #expect(result.to == 1)
        #expect(result.event == 4)
        #expect(result.error == nil)
        #expect(result.difference.isEmpty)
        // The snapshot proves it: the tree now is the one the link's reply carried.
        #expect(TreeDiff(from: afterFirst, to: restored).isEmpty)
        #expect(restored.nodes.map(\.label) == ["Book", "a", "b"])
        #expect(served.book.pages.map(\.slug) == ["a", "b"])

        let (_, start) = try await offMain { try client.value.restore(to: 0) }
        #expect(start.nodes.map(\.label) == ["Book", "a"])
        let events = try await offMain { try client.value.journal().events }
        #expect(events.map(\.event.sequence) == [1, 2, 3, 4, 5])
        #expect(events.map { $0.event.restore?.to } == [nil, nil, nil, 1, 0])
        // Pages have no identity of their own: their ids are their places, whose labels changed.
        #expect(events[3].diff.changed.map(\.node.label) == ["a", "b"])
        #expect(events[3].event.link == nil)
    }

    @Test func aRestoreThatMissesSaysWhatDiffersAndOneThatThrowsIsJournaled() async throws {
        let folder = try InspectorFolder()
        let served = try ServedBook(folder: folder) { book, slugs in
            if slugs.count > 2 { throw RestoreFailure.diskFull }
            book.pages = slugs.dropLast().map(PageScreen.init)
        }
        defer { served.inspector.stop() }
        try await served.open("b")
        try await served.open("c")
        let client = try await served.connect()
        let (missed, _) = try await offMain { try client.value.restore(to: 1) }
        #expect(missed.error == nil)
        #expect(missed.difference.added.map(\.label) == [])
        #expect(missed.difference.removed.map(\.label) == ["b"])
        let (failed, tree) = try await offMain { try client.value.restore(to: 2) }
        #expect(failed.error == "the disk is full")
        #expect(tree.nodes.map(\.label) == ["Book", "a"])
        let events = try await offMain { try client.value.journal(after: 3).events }
        #expect(events.map { $0.event.restore?.error } == ["the disk is full"])
    }

    @Test func anAppWithoutRestorationOrWithoutTheStateRefusesClearly() async throws {
        let folder = try InspectorFolder()
        let plain = try ServedBook(folder: folder, restores: false)
        let client = try await plain.connect()
        await #expect(
            throws: InspectorError.refused(
                "this app does not restore earlier states: its Inspector was started without a restoration "
                    + "(Inspector.Restoration)")
        ) { try await offMain { try client.value.restore(to: 0) } }
        plain.inspector.stop()

        let other = try InspectorFolder()
        let small = try ServedBook(folder: other, capacity: 2)
        defer { small.inspector.stop() }
        for slug in ["b", "c", "d", "e"] { try await small.open(slug) }
        let smallClient = try await small.connect()
        await #expect(
            throws: InspectorError.refused(
                "the state after event #1 is no longer kept; states are kept for events #2 to #4")
        ) { try await offMain { try smallClient.value.restore(to: 1) } }
        await #expect(throws: InspectorError.refused("event #9 has not happened: the last event is #4")) {
            try await offMain { try smallClient.value.restore(to: 9) }
        }
        let (restored, _) = try await offMain { try smallClient.value.restore(to: 2) }
        #expect(restored.difference.isEmpty)
    }

    @Test func aPageKeptAliveAfterItLeftTheTreeIsReportedToTheJournalAndToFollowers() async throws {
        let folder = try InspectorFolder()
        let served = try ServedBook(folder: folder, grace: 0.05)
        defer { served.inspector.stop() }
        let watcher = try await served.connect()
        try await offMain { _ = try watcher.value.follow() }
        try await served.open("b")
        try await served.open("c")
        // Deliberately leaked: "a" leaves the tree and lives on; "b" leaves and is released;
        // "c" leaves and comes back before its grace period ends.
        served.graveyard.append(served.book.pages[0])
        let c = served.book.pages[2]
        served.book.pages = []
        // Read the journal: the app's changes so far become an event first.
        try await offMain { _ = try watcher.value.journalEvents(after: JournalEvent.maximumSequence) }
        served.book.pages = [c]

        var outlived: [JournalEvent.Outlived]?
        for _ in 0..<20 where outlived == nil {
            outlived = try await offMain { try watcher.value.nextEvent(timeout: 30) }?.event.outlived
        }
        #expect(outlived?.map(\.node.label) == ["a"])
        #expect(outlived?.map(\.node.type) == ["PageScreen"])
        #expect(outlived?.first?.node.id != nil)
        let client = try await served.connect()
        let events = try await offMain { try client.value.journal().events }
        let report = try #require(events.last)
        #expect(report.event.outlived == outlived)
        #expect(report.event.outlived?.first?.left == 3)
        #expect(report.diff.isEmpty)
        #expect(report.event.outlived?.first?.leftTime == events[2].event.time)
        #expect(served.graveyard.count == 1)
    }
}

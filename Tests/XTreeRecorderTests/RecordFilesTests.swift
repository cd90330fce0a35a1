import Foundation
import Testing
import XTree
import XTreePlatform

@testable import XTreeRecorder

/// One writer a record: a second live instance of the app records beside the first and never
/// touches its file; the last run is the newest record no live instance holds; a file that
/// cannot be recorded in never keeps the app from running.
@Suite struct RecordFilesTests {
    func recorder(_ path: String) throws -> FlightRecorder {
        try FlightRecorder(app: String(reflecting: LoggedApp.self), path: path, slots: 8, slotSize: 256, durable: false)
    }

    @Test func aSecondLiveInstanceRecordsBesideTheFirstAndLeavesItsRecordWhole() throws {
        let file = ScratchFile()
        let first = try recorder(file.path)
        for link in ["app://a", "app://b", "app://c"] { _ = first.begin(link) }
        let second = try recorder(file.path)
        #expect(second.path == file.directory + "/app.\(ProcessInfo.processInfo.processIdentifier).flightrecord")
        _ = second.begin("app://second")
        // The first's file was neither cut nor cleared: its three links are there.
        #expect(try first.read().links.map(\.link) == ["app://a", "app://b", "app://c"])
        #expect(try FlightRecord(contentsOf: file.path).links.map(\.link) == ["app://a", "app://b", "app://c"])
        #expect(try second.read().links.map(\.link) == ["app://second"])
        // A live instance's record is not the last run.
        #expect(second.lastRun == nil)
    }

    @Test func theLastRunIsTheNewestRecordNoLiveInstanceHolds() throws {
        let file = ScratchFile()
        var first: FlightRecorder? = try recorder(file.path)
        _ = first?.begin("app://first")
        do {
            // A second instance that crashed after the first started.
            let second = try recorder(file.path)
            _ = second.begin("app://crashed")
        }
        first = nil
        let next = try recorder(file.path)
        #expect(next.path == file.path)
        #expect(next.lastRun?.links.map(\.link) == ["app://crashed"])
        _ = first
    }

    /// `crash` lists the records beside the one it was given: the file a live instance holds,
    /// and an ended instance's, never a file of another name.
    @Test func theOtherRecordsBesideOneAreListedWithTheLiveOnesUnread() throws {
        let file = ScratchFile()
        let first = try recorder(file.path)
        _ = first.begin("app://first")
        let second = try recorder(file.path)
        _ = second.begin("app://second")
        try Data("XTREEFR1 not really".utf8).write(to: URL(fileURLWithPath: file.directory + "/app.99.flightrecord"))
        try Data().write(to: URL(fileURLWithPath: file.directory + "/apps.flightrecord"))
        // From the second's file: the first's, held by a live instance.
        let fromSecond = FlightRecord.others(beside: second.path)
        #expect(fromSecond.map(\.path) == [file.path])
        #expect(fromSecond.first?.record == nil)
        // From the first's, once the second has ended: the second's record, read.
        let secondPath = second.path
        let copy = file.directory + "/app.7.flightrecord"
        try FileManager.default.copyItem(atPath: secondPath, toPath: copy)
        let fromFirst = FlightRecord.others(beside: file.path)
        #expect(fromFirst.map(\.path).sorted() == [secondPath, copy].sorted())
        #expect(fromFirst.first { $0.path == copy }?.record?.links.map(\.link) == ["app://second"])
        _ = (first, second)
    }

    /// A link still held when its tool stopped waiting is recorded as held, by its holder (the
    /// format's version 2), not as failed; its breadcrumb says so, and reads back.
    @Test func aLinkStillHeldIsRecordedAsHeldByItsHolder() throws {
        let file = ScratchFile()
        let recorder = try recorder(file.path)
        recorder.end(
            recorder.begin("app://a"),
            failed: HeldLinkError.notDelivered(link: "app://a", holder: "SceneCoordinator", seconds: 5))
        recorder.end(
            recorder.begin("app://b"), failed: HeldLinkError.dropped(link: "app://b", holder: "Scene", reason: "closed")
        )
        let record = try FlightRecord(contentsOf: file.path)
        guard case .held(by: "SceneCoordinator", _) = record.links[0].outcome else {
            Issue.record("\(record.links[0].outcome)")
            return
        }
        guard case .failed(let message, _) = record.links[1].outcome else {
            Issue.record("\(record.links[1].outcome)")
            return
        }
        #expect(message.hasSuffix("and dropped: closed"))
        #expect(record.breadcrumbs == ["xtree link 1 held app://a", "xtree link 2 failed app://b"])
        #expect(
            RecordedLink.links(inBreadcrumbs: record.breadcrumbs.joined(separator: "\n")).links == [
                "app://a", "app://b",
            ])
        let version = try Data(contentsOf: URL(fileURLWithPath: file.path))[8..<12]
        #expect(Array(version) == [2, 0, 0, 0])
    }

    @Test func aFIFOOrALinkAtTheRecordsPathLetsTheAppRunWithoutARecord() throws {
        let file = ScratchFile()
        try FileManager.default.createDirectory(atPath: file.directory, withIntermediateDirectories: true)
        try Files.makeFIFO(file.path, permissions: 0o600)
        let recorder = try recorder(file.path)
        #expect(recorder.problem == "\(file.path) is a FIFO, not a regular file")
        #expect(recorder.begin("app://a").sequence == 0)
        try Files.remove(file.path)
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/etc/passwd")
        let linked = try self.recorder(file.path)
        #expect(linked.problem?.hasPrefix("cannot open \(file.path)") == true, "\(linked.problem ?? "")")
        #expect(throws: FlightRecordError.self) { try FlightRecord(contentsOf: file.path) }
    }

    /// An outcome whose checksum fails (a torn write, or a byte changed) is read as incomplete,
    /// never as the outcome its bytes now say: one byte of the receiver's name changed, or of
    /// its kind.
    @Test(arguments: [
        RecordLayout.Slot.outcome(256) + 8, RecordLayout.Slot.outcome(256), RecordLayout.Slot.outcome(256) + 64,
    ])
    func anOutcomeWhoseChecksumFailsIsReadAsIncomplete(offset: Int) throws {
        let file = ScratchFile()
        let recorder = try recorder(file.path)
        recorder.end(recorder.begin("app://a"), typeNamed: "Screen")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let good = try FlightRecord(bytes: bytes)
        guard case .reached("Screen", _) = good.links[0].outcome else {
            Issue.record("not reached: \(good.links[0].outcome)")
            return
        }
        bytes[RecordLayout.headerSize + offset] ^= 0x01
        let record = try FlightRecord(bytes: bytes)
        #expect(record.links.map(\.link) == ["app://a"])
        #expect(record.links[0].outcome == .incomplete, "\(record.links[0].outcome)")
    }
}

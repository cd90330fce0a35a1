import Foundation
import Testing
import XTree
import XTreeCodec

@testable import XTreeJournal

/// A session file is data anyone may hand over (a bug report): every event is checked against
/// the one before it and the rules of its kind. One row per variant, each with what it breaks.
@Suite struct RecordedSessionTests {
    /// The checked-in session: a start at event #0, then links #1, #2 and #3.
    static let example: RecordedSession = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Docs/Examples/recipes-session.json")
        return try! RecordedSession(data: try! Data(contentsOf: path))
    }()

    /// A change to the example session, and the message it must be refused with.
    struct Variant: CustomTestStringConvertible, Sendable {
        let what: String
        let change: @Sendable (inout RecordedSession) -> Void
        let problem: String

        init(_ what: String, _ problem: String, _ change: @escaping @Sendable (inout RecordedSession) -> Void) {
            self.what = what
            self.problem = problem
            self.change = change
        }

        var testDescription: String { what }
    }

    /// An event after the example's last, of a kind of its own, whose tree is the last one.
    static func appended(_ event: (Int) -> JournalEvent) -> @Sendable (inout RecordedSession) -> Void {
        let last = example.steps.last!
        let step = RecordedSession.Step(event: event(last.event.sequence + 1), tree: last.tree)
        return { $0.steps.append(step) }
    }

    static func event(
        _ sequence: Int, restore: JournalEvent.Restore? = nil, outlived: [JournalEvent.Outlived]? = nil,
        diff: TreeDiff? = nil
    ) -> JournalEvent {
        let tree = example.steps.last!.tree
        return JournalEvent(
            sequence: sequence, time: 1, link: nil, restore: restore, outlived: outlived, notifications: 0, objects: 0,
            diff: diff ?? TreeDiff(from: tree, to: tree))
    }

    static let object = NodeReference(order: nil, id: "abcdefgh", type: "Item", label: "a")

    static let variants: [Variant] = [
        .init("an event numbered as the one before", "field events[1]: event 1 comes after event 1") {
            $0.steps[1].event.sequence = $0.steps[0].event.sequence
        },
        .init("an event numbered lower than the one before", "field events[2]: event 1 comes after event 2") {
            $0.steps[2].event.sequence = 1
        },
        .init("a first event numbered as the start", "field events[0]: event 1 comes after event 1") {
            $0.startSequence = 1
        },
        .init("a first event before the start", "field events[0]: event 2 comes after event 5") {
            $0.startSequence = 5
            $0.steps[0].event.sequence = 2
        },
        .init(
            "a restore to a later event", "field events[3]: event 4 restores event 9, which is not an earlier event",
            appended { event($0, restore: .init(to: 9, duration: 0, error: nil)) }),
        .init(
            "a restore to itself", "field events[3]: event 4 restores event 4, which is not an earlier event",
            appended { event($0, restore: .init(to: $0, duration: 0, error: nil)) }),
        .init(
            "a restore to a negative event",
            "field events[3]: event 4 restores event -1, which is not an earlier event",
            appended { event($0, restore: .init(to: -1, duration: 0, error: nil)) }),
        .init(
            "an outlived object that left in a later event",
            "field events[3]: event 4 reports an object that left in event 7, not an earlier event",
            appended { event($0, outlived: [.init(node: object, left: 7, leftTime: 1)]) }),
        .init(
            "an outlived object that left in its own event",
            "field events[3]: event 4 reports an object that left in event 4, not an earlier event",
            appended { event($0, outlived: [.init(node: object, left: $0, leftTime: 1)]) }),
        .init(
            "an outlived report that changes the tree",
            "field events[3]: event 4 reports outlived objects and changes the tree",
            appended { sequence in
                event(
                    sequence, outlived: [.init(node: object, left: 1, leftTime: 1)],
                    diff: TreeDiff(from: example.start, to: example.steps.last!.tree))
            }),
        .init(
            "an empty outlived report", "field events[3]: event 4 reports no outlived object",
            appended { event($0, outlived: []) }),
        .init(
            "an event of two kinds", "field events[3]: event 4 is of more than one kind",
            appended {
                event(
                    $0, restore: .init(to: 1, duration: 0, error: nil),
                    outlived: [.init(node: object, left: 1, leftTime: 1)])
            }),
        .init("more objects than notifications", "field events[0]: event 1 counts 2 objects for 1 notifications") {
            $0.steps[0].event.notifications = 1
            $0.steps[0].event.objects = 2
        },
        .init("a link that failed and reached a path", "field events[0]: event 1 failed and reached a path") {
            $0.steps[0].event.link?.error = "it failed"
        },
    ]

    @Test(arguments: variants)
    func eachVariantIsRefusedWithWhatItBreaks(_ variant: Variant) {
        var session = Self.example
        variant.change(&session)
        #expect(throws: SessionError(variant.problem), "\(variant.what)") {
            try RecordedSession(data: session.encoded)
        }
    }

    /// A session's trees are read by the snapshot format's one reader: a tree of snapshot
    /// version 1 (no `names`) in a session is read as the same tree in a file is.
    @Test func aSessionOfVersionOneTreesIsReadAsTheirFilesAre() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Docs/Examples/recipes-session.json")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: #","names":\[[^\]]*\]"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"],"version":2}"#, with: #"],"version":1}"#)
        #expect(!text.contains(#""names""#) && text.contains(#""version":1}"#))
        let session = try RecordedSession(data: Data(text.utf8))
        let trees = text.components(separatedBy: #""tree":"#).dropFirst().map { part in
            String(part[..<part.range(of: #""version":1}"#)!.upperBound])
        }
        #expect(trees.count == session.steps.count + 1)
        let read = try trees.map { try SnapshotCodec.read(Data($0.utf8)) }
        #expect([session.start] + session.steps.map(\.tree) == read)
    }

    @Test func theExampleReadsBackAsItself() throws {
        #expect(try RecordedSession(data: Self.example.encoded) == Self.example)
        #expect(Self.example.steps.map(\.event.sequence) == [1, 2, 3])
    }
}

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

    /// An event after the example's last, of a kind of its own.
    static func appended(_ event: (Int) -> JournalEvent) -> @Sendable (inout RecordedSession) -> Void {
        let appended = event(example.events.last!.sequence + 1)
        return { $0.events.append(appended) }
    }

    static func event(_ sequence: Int, _ kind: JournalEvent.Kind, edit: TreeEdit = TreeEdit()) -> JournalEvent {
        JournalEvent(sequence: sequence, time: 1, kind: kind, notifications: 0, objects: 0, edit: edit)
    }

    /// The example's last tree.
    static let lastTree = try! example.steps().last!.tree

    static let object = NodeReference(order: nil, id: "abcdefgh", type: "Item", label: "a")

    static let variants: [Variant] = [
        .init("an event numbered as the one before", "field events[1]: event 1 comes after event 1") {
            $0.events[1].sequence = $0.events[0].sequence
        },
        .init("an event numbered lower than the one before", "field events[2]: event 1 comes after event 2") {
            $0.events[2].sequence = 1
        },
        .init("a first event numbered as the start", "field events[0]: event 1 comes after event 1") {
            $0.startSequence = 1
        },
        .init("a first event before the start", "field events[0]: event 2 comes after event 5") {
            $0.startSequence = 5
            $0.events[0].sequence = 2
        },
        .init(
            "a restore to a later event", "field events[3]: event 4 restores event 9, which is not an earlier event",
            appended { event($0, .restore(.init(to: 9, duration: 0, error: nil))) }),
        .init(
            "a restore to itself", "field events[3]: event 4 restores event 4, which is not an earlier event",
            appended { event($0, .restore(.init(to: $0, duration: 0, error: nil))) }),
        .init(
            "a restore to a negative event",
            "field events[3]: event 4 restores event -1, which is not an earlier event",
            appended { event($0, .restore(.init(to: -1, duration: 0, error: nil))) }),
        .init(
            "an outlived object that left in a later event",
            "field events[3]: event 4 reports an object that left in event 7, not an earlier event",
            appended { event($0, .outlived([.init(node: object, left: 7, leftTime: 1)])) }),
        .init(
            "an outlived object that left in its own event",
            "field events[3]: event 4 reports an object that left in event 4, not an earlier event",
            appended { event($0, .outlived([.init(node: object, left: $0, leftTime: 1)])) }),
        .init(
            "an outlived report that changes the tree",
            "field events[3]: event 4 reports outlived objects and changes the tree",
            appended { sequence in
                event(
                    sequence, .outlived([.init(node: object, left: 1, leftTime: 1)]),
                    edit: TreeEdit(from: lastTree, to: example.start))
            }),
        .init(
            "an empty outlived report", "field events[3]: event 4 reports no outlived object",
            appended { event($0, .outlived([])) }),
        .init(
            "an edit that does not fit the tree before it",
            "field events[3]: the changed node n7hzzzav is not described as the tree has it",
            appended { event($0, .change, edit: TreeEdit(from: example.start, to: lastTree)) }),
        .init("more objects than notifications", "field events[0]: event 1 counts 2 objects for 1 notifications") {
            $0.events[0].notifications = 1
            $0.events[0].objects = 2
        },
        .init("a link that failed and reached a path", "field events[0]: event 1 failed and reached a path") {
            $0.events[0].changeLink { $0.error = "it failed" }
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

    /// An event holds one kind; a file that gives it two is refused by its field.
    @Test func anEventOfTwoKindsIsRefused() throws {
        var text = String(decoding: Self.example.encoded, as: UTF8.self)
        text = text.replacingOccurrences(
            of: #","notifications":4,"objects":2,"sequence":3"#,
            with: #","notifications":4,"objects":2,"restore":{"duration":0,"to":1},"sequence":3"#)
        #expect(text.contains(#""restore""#))
        #expect(throws: SessionError.self) { try RecordedSession(data: Data(text.utf8)) }
        do {
            _ = try RecordedSession(data: Data(text.utf8))
        } catch {
            #expect(error.description.contains("an event of more than one kind"), "\(error)")
        }
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/Sessions")

    /// Every format `record` has written is read: versions 2 and 3 held the tree after each
    /// event, from which the edits are made; the events and trees are the version 4 file's.
    @Test(arguments: [2, 3]) func anOlderSessionReadsAsTheSameEventsAndTrees(_ version: Int) throws {
        let file = Self.fixtures.appendingPathComponent("recipes-v\(version).json")
        let older = try RecordedSession(data: Data(contentsOf: file))
        #expect(older.appType == (version == 3 ? Self.example.appType : nil))
        #expect(older.events == Self.example.events)
        #expect(try older.steps() == Self.example.steps())
        // The trees it held, each read by the snapshot reader, are the trees its edits make.
        let text = try String(contentsOf: file, encoding: .utf8)
        let trees = text.components(separatedBy: #""tree":"#).dropFirst().map { part in
            String(part[..<part.range(of: #""version":2}"#)!.upperBound])
        }
        let read = try trees.map { try SnapshotCodec.read(Data($0.utf8)) }
        let made = [older.start] + (try older.steps().map(\.tree))
        #expect(made == read)
    }

    @Test func aSessionOfFormatOneIsRefusedByItsVersion() {
        #expect(
            throws: SessionError("session format version 1 is not read here; this build reads versions 2 to 4")
        ) {
            try RecordedSession(data: Data(#"{"format":"xtree-session","version":1,"app":"A"}"#.utf8))
        }
    }

    /// A session's trees are read by the snapshot format's one reader: a tree of snapshot
    /// version 1 (no `names`) in a session is read as the same tree in a file is, in a session
    /// of this format (its start, here without events, whose edits would name the names) and
    /// of an older one (each tree).
    @Test(arguments: ["../../Docs/Examples/recipes-session.json", "../Fixtures/Sessions/recipes-v3.json"])
    func aSessionOfVersionOneTreesIsReadAsTheirFilesAre(_ file: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(file)
        var text = try String(contentsOf: path, encoding: .utf8)
        if file.hasSuffix("recipes-session.json") {
            text = text.replacingOccurrences(
                of: #"(?s)"events":\[.*\]\}"#, with: #""events":[]}"#, options: .regularExpression)
        }
        let trees = text.components(separatedBy: #""tree":"#).dropFirst().map { part in
            String(part[..<part.range(of: #""version":2}"#)!.upperBound])
        }
        for tree in trees {
            let older = tree.replacingOccurrences(of: #","names":\[[^\]]*\]"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"],"version":2}"#, with: #"],"version":1}"#)
            text = text.replacingOccurrences(of: tree, with: older)
        }
        #expect(text.contains(#""version":1}"#))
        let session = try RecordedSession(data: Data(text.utf8))
        let versionOne = text.components(separatedBy: #""tree":"#).dropFirst().map { part in
            String(part[..<part.range(of: #""version":1}"#)!.upperBound])
        }
        let read = try versionOne.map { try SnapshotCodec.read(Data($0.utf8)) }
        #expect(read.first == session.start)
        let made = try session.steps().map(\.tree)
        #expect(read.count == 1 || Array(read.dropFirst()) == made)
    }

    @Test func theExampleReadsBackAsItself() throws {
        #expect(try RecordedSession(data: Self.example.encoded) == Self.example)
        #expect(Self.example.events.map(\.sequence) == [1, 2, 3])
    }
}

import Foundation
import XTree
import XTreeCodec
import XTreeSupport

/// A session recorded from a running app: the tree when recording began, then each journal
/// event with the edit it made. What `xtree-cli record` writes, and `replay` and
/// `export-test` read.
///
/// The file format (`Docs/SessionFormat.md`) is one JSON object, version 4:
///
/// ```json
/// {"format":"xtree-session","version":4,"app":"Recipes",
/// "appType":{"module":"RecipesDomain","type":"RecipesApp"},
/// "start":{"sequence":4,"tree":{"nodes":[…],"version":2}},
/// "events":[{"edit":{…},"link":{…},"sequence":5,…}]}
/// ```
package struct RecordedSession: Sendable, Equatable {
    /// An event, and the tree after it: the tree before with the event's edit applied.
    package struct Step: Sendable, Equatable {
        package var event: JournalEvent
        package var tree: TreeSnapshot
    }

    /// The format version this build writes: 4, the start and the events' edits.
    package static let version = 4
    /// The versions this build reads: 3 and 2 held the tree after each event instead of its
    /// edit (2 without the app's type).
    package static let readableVersions = 2...4
    /// What the `format` field holds.
    package static let formatName = "xtree-session"

    /// The name the app was served under: for people, never to choose code by.
    package var app: String
    /// The app's ``DeepLinkableApp`` type, if its inspector was given one: what a generated
    /// test imports and calls.
    package var appType: AppTypeName?
    /// The last sequence number before recording began, and the tree then.
    package var startSequence: Int
    package var start: TreeSnapshot
    /// The events after the start, in order.
    package var events: [JournalEvent]
    /// How many links the app's journal showed before recording began: the start is then
    /// not the app as at launch, and a test made of the session fails from its first check.
    /// `nil` (0) for a session that began before any link, or was written before this was kept.
    package var linksBefore: Int?

    package init(
        app: String, appType: AppTypeName? = nil, startSequence: Int, start: TreeSnapshot, events: [JournalEvent] = []
    ) {
        self.app = app
        self.appType = appType
        self.startSequence = startSequence
        self.start = start
        self.events = events
    }

    /// Each event with the tree after it, made by applying the edits to the start in turn.
    ///
    /// - Throws: ``SessionError`` naming the first event whose edit does not fit the tree
    ///   before it, or whose path is not in the tree after it.
    package func steps() throws(SessionError) -> [Step] {
        var tree = EventTree(start)
        var steps: [Step] = []
        for (index, event) in events.enumerated() {
            do {
                _ = try tree.apply(event)
            } catch {
                throw SessionError("field events[\(index)]: \(error.description)")
            }
            steps.append(Step(event: event, tree: tree.snapshot()))
        }
        return steps
    }

    /// The session as its file holds it: the start tree as a snapshot file writes it (a node
    /// per line), each event as one line of JSON with sorted keys.
    package var encoded: Data {
        let encoder = JSONOutput.encoder()
        // Strings, numbers, Booleans and null, in arrays and objects: nothing that can fail.
        func json(_ value: some Encodable) -> String {
            String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
        }
        var tree = ""
        JSONRenderer().render(start, to: &tree)
        var text = "{\"format\":\"\(Self.formatName)\",\"version\":\(Self.version),\"app\":\(json(app)),"
        if let appType { text += "\"appType\":\(json(appType))," }
        if let linksBefore, linksBefore > 0 { text += "\"linksBefore\":\(linksBefore)," }
        text += "\n\"start\":{\"sequence\":\(startSequence),\"tree\":"
        text += "\(tree.trimmingCharacters(in: .newlines))},\n\"events\":["
        for (index, event) in events.enumerated() { text += (index == 0 ? "\n" : ",\n") + json(event) }
        text += "]}\n"
        return Data(text.utf8)
    }

    /// Reads a session file strictly: well-formed JSON with no key given twice, the format and
    /// version this build reads, every tree a valid snapshot, every event well formed, in
    /// increasing sequence after the start, each edit fitting the tree before it and each
    /// link's path present in the tree after it.
    package init(data: Data) throws(SessionError) {
        // Made whole, then assigned: nothing is thrown once `self` is initialized.
        self = try Self.checked(data)
    }

    private static func checked(_ data: Data) throws(SessionError) -> RecordedSession {
        let scan = JSONScan(data, valuesOf: "tree")
        if let problem = scan.problem { throw SessionError(DecodingProblem(problem).description) }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw SessionError(Self.describe(error, in: data))
        }
        guard header.format == Self.formatName else {
            throw SessionError("not a session file: its format is \(TerminalText.quoted(header.format))")
        }
        guard Self.readableVersions.contains(header.version) else {
            throw SessionError(
                "session format version \(header.version) is not read here; this build reads versions "
                    + "\(Self.readableVersions.lowerBound) to \(Self.readableVersions.upperBound)")
        }
        let session: RecordedSession
        do {
            session = try Self.read(data, trees: scan.values, version: header.version)
        } catch let error as SessionError {
            throw error
        } catch {
            throw SessionError(Self.describe(error, in: data))
        }
        let start = session.startSequence
        guard start >= 0 else { throw SessionError("field start.sequence: is negative") }
        guard start <= JournalEvent.maximumSequence else {
            throw SessionError("field start.sequence: is past \(JournalEvent.maximumSequence)")
        }
        if let links = session.linksBefore, links < 0 || links > start {
            throw SessionError("field linksBefore: \(links) links before event \(start) cannot be")
        }
        var last = start
        for (index, event) in session.events.enumerated() {
            if let problem = event.problem { throw SessionError("field events[\(index)]: \(problem)") }
            guard event.sequence > last else {
                throw SessionError("field events[\(index)]: event \(event.sequence) comes after event \(last)")
            }
            last = event.sequence
        }
        _ = try session.steps()
        return session
    }

    /// The file's fields, of a version this build reads, not yet checked.
    private static func read(_ data: Data, trees: [String: Range<Int>], version: Int) throws -> RecordedSession {
        let decoder = JSONDecoder()
        decoder.userInfo[Tree.document] = Tree.Document(data: data, ranges: trees)
        if version >= 4 {
            let file = try decoder.decode(File<JournalEvent>.self, from: data)
            var session = RecordedSession(
                app: file.app, appType: file.appType, startSequence: file.start.sequence,
                start: file.start.tree.snapshot, events: file.events)
            session.linksBefore = file.linksBefore
            return session
        }
        let file = try decoder.decode(File<TreeAfter>.self, from: data)
        var session = RecordedSession(
            app: file.app, appType: version >= 3 ? file.appType : nil, startSequence: file.start.sequence,
            start: file.start.tree.snapshot)
        // Each edit made from the tree before and the tree after.
        var before = session.start
        for (index, step) in file.events.enumerated() {
            session.events.append(try step.event.event(edit: TreeEdit(from: before, to: step.tree.snapshot), index))
            before = step.tree.snapshot
        }
        return session
    }

    private static func describe(_ error: any Error, in data: Data) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        return DecodingProblem(error, in: data).description
    }

    // MARK: - The file's shape

    private struct Header: Decodable {
        var format: String
        var version: Int
    }

    private struct File<Event: Decodable>: Decodable {
        var app: String
        var appType: AppTypeName?
        var linksBefore: Int?
        var start: Start
        var events: [Event]

        struct Start: Decodable {
            var sequence: Int
            var tree: Tree
        }
    }

    /// An event of versions 2 and 3, and the tree after it.
    private struct TreeAfter: Decodable {
        var event: Recorded
        var tree: Tree

        /// The event as those versions wrote it: its kind by field, its change as a diff
        /// (which is not read: the trees say what changed), a link's path by numbers and ids
        /// (the numbers are not read).
        struct Recorded: Decodable {
            var sequence: Int
            var time: Double
            var link: JournalEvent.Link?
            var restore: JournalEvent.Restore?
            var outlived: [JournalEvent.Outlived]?
            var notifications: Int
            var objects: Int

            func event(edit: TreeEdit, _ index: Int) throws(SessionError) -> JournalEvent {
                let kind: JournalEvent.Kind
                switch (link, restore, outlived) {
                case (nil, nil, nil): kind = .change
                case (let link?, nil, nil): kind = .link(link)
                case (nil, let restore?, nil): kind = .restore(restore)
                case (nil, nil, let outlived?): kind = .outlived(outlived)
                default: throw SessionError("field events[\(index)]: event \(sequence) is of more than one kind")
                }
                return JournalEvent(
                    sequence: sequence, time: time, kind: kind, notifications: notifications, objects: objects,
                    edit: edit)
            }
        }
    }

    /// A snapshot in the snapshot file format, read by the format's one reader
    /// (``SnapshotCodec``) from the document's own bytes, so that a session holds every version
    /// a snapshot file may. The decoder is not asked for the tree's value: where it lies was
    /// found by the scan that checked the document (``JSONScan/values``).
    private struct Tree: Decodable {
        struct Document: Sendable {
            var data: Data
            var ranges: [String: Range<Int>]
        }
        static let document = CodingUserInfoKey(rawValue: "XTreeJournal.RecordedSession.document")!

        var snapshot: TreeSnapshot

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let path = decoder.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            guard let document = decoder.userInfo[Self.document] as? Document,
                let range = document.ranges[String(path.drop { $0 == "." })]
            else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "a tree the scan did not find")
            }
            do {
                snapshot = try SnapshotCodec.read(document.data.withUnsafeBytes { Data($0[range]) })
            } catch {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
            }
        }
    }
}

/// Why a session file was not read.
package struct SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

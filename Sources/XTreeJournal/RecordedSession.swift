import Foundation
import XTree
import XTreeCodec
import XTreeSupport

/// A session recorded from a running app: the tree when recording began, then each journal
/// event with the tree after it. What `xtree-cli record` writes, and `replay` and
/// `export-test` read.
///
/// The file format (`Docs/SessionFormat.md`) is one JSON object, version 3:
///
/// ```json
/// {"format":"xtree-session","version":3,"app":"Recipes",
/// "appType":{"module":"RecipesDomain","type":"RecipesApp"},
/// "start":{"sequence":4,"tree":{"nodes":[…],"version":2}},
/// "events":[{"event":{…},"tree":{"nodes":[…],"version":2}}]}
/// ```
package struct RecordedSession: Sendable, Equatable {
    /// An event, and the tree after it.
    package struct Step: Sendable, Equatable {
        package var event: JournalEvent
        package var tree: TreeSnapshot

        package init(event: JournalEvent, tree: TreeSnapshot) {
            self.event = event
            self.tree = tree
        }
    }

    /// The format version this build writes: 3, which names the app's ``DeepLinkableApp``
    /// type.
    package static let version = 3
    /// The versions this build reads: 2 is 3 without the app's type; 1 is 2 without restores
    /// and reports of outlived objects.
    package static let readableVersions = 1...3
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
    package var steps: [Step]

    package init(
        app: String, appType: AppTypeName? = nil, startSequence: Int, start: TreeSnapshot, steps: [Step] = []
    ) {
        self.app = app
        self.appType = appType
        self.startSequence = startSequence
        self.start = start
        self.steps = steps
    }

    /// The session as its file holds it: each tree as a snapshot file writes it (a node per
    /// line), each event as one line of JSON with sorted keys; so a label is edited in place.
    package var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers, Booleans and null, in arrays and objects: nothing that can fail.
        func json(_ value: some Encodable) -> String {
            String(decoding: (try? encoder.encode(value)) ?? Data("null".utf8), as: UTF8.self)
        }
        func tree(_ snapshot: TreeSnapshot) -> String {
            var text = ""
            JSONRenderer().render(snapshot, to: &text)
            return text.trimmingCharacters(in: .newlines)
        }
        var text = "{\"format\":\"\(Self.formatName)\",\"version\":\(Self.version),\"app\":\(json(app)),"
        if let appType { text += "\"appType\":\(json(appType))," }
        text += "\n"
        text += "\"start\":{\"sequence\":\(startSequence),\"tree\":\(tree(start))},\n\"events\":["
        for (index, step) in steps.enumerated() {
            text += (index == 0 ? "\n" : ",\n") + "{\"event\":\(json(step.event)),\n\"tree\":\(tree(step.tree))}"
        }
        text += "]}\n"
        return Data(text.utf8)
    }

    /// Reads a session file strictly: well-formed JSON with no key given twice, the format and
    /// version this build reads, every tree a valid snapshot, every event well formed, in
    /// increasing sequence after the start, and each link's path present in the tree after it.
    package init(data: Data) throws(SessionError) {
        if let problem = DecodingProblem.strictProblem(in: data) { throw SessionError(problem.description) }
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
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw SessionError(Self.describe(error, in: data))
        }
        self.init(
            app: file.app, appType: header.version >= 3 ? file.appType : nil, startSequence: file.start.sequence,
            start: file.start.tree.snapshot)
        guard startSequence >= 0 else { throw SessionError("field start.sequence: is negative") }
        guard startSequence <= JournalEvent.maximumSequence else {
            throw SessionError("field start.sequence: is past \(JournalEvent.maximumSequence)")
        }
        var last = startSequence
        for (index, step) in file.events.enumerated() {
            let event = step.event
            if let problem = event.problem { throw SessionError("field events[\(index)]: \(problem)") }
            guard event.sequence > last else {
                throw SessionError("field events[\(index)]: event \(event.sequence) comes after event \(last)")
            }
            let tree = step.tree.snapshot
            for reached in event.link?.reached ?? [] {
                guard tree.nodes.indices.contains(reached.order), tree.nodes[reached.order].id == reached.id else {
                    throw SessionError(
                        "field events[\(index)]: the path reached names node \(reached.order) "
                            + "\(TerminalText.quoted(reached.id)), which the tree after it does not have")
                }
            }
            last = event.sequence
            steps.append(Step(event: event, tree: tree))
        }
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

    private struct File: Decodable {
        var app: String
        var appType: AppTypeName?
        var start: Start
        var events: [Event]

        struct Start: Decodable {
            var sequence: Int
            var tree: Tree
        }

        struct Event: Decodable {
            var event: JournalEvent
            var tree: Tree
        }

    }

    /// A snapshot in the snapshot file format, read by the format's one reader
    /// (``SnapshotCodec``), so that a session holds every version a snapshot file may.
    private struct Tree: Decodable {
        var snapshot: TreeSnapshot

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let document = try container.decode(JSONValue.self)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            do {
                snapshot = try SnapshotCodec.read(try encoder.encode(document))
            } catch let error as TreeSnapshotError {
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

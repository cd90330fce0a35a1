import Foundation
import Testing
import XTree

@testable import XTreeCommandLine
@testable import XTreeInspector
@testable import XTreeTargets

/// The checked-in recipes session and the test `export-test` makes of it.
let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Docs/Examples")
let exampleSession = examples.appendingPathComponent("recipes-session.json").path

@Suite struct SessionTests {
    /// `record` in its own process while links are applied to a served app; then `log`,
    /// `replay` of the recording and of an edited copy.
    @Test func aServedAppsSessionIsRecordedLoggedAndReplayed() async throws {
        let app = try await ServedApp(name: "Recorded")
        let session = app.folder.path("session.json")
        let (record, recordOutput) = try await app.startRecording("--count", "2", "-o", session)
        #expect(try await app.cli("open", "--attach", "Recorded", "recipes://recipes/irish-stew").status == 0)
        #expect(
            try await app.cli("open", "--attach", "Recorded", "recipes://recipes/orange-marmalade/ratings").status == 0)
        await record.exit()
        let recorded = try String(contentsOfFile: recordOutput, encoding: .utf8)
        #expect(record.terminationStatus == 0, "\(recorded)")
        #expect(recorded.contains("#1 "))
        #expect(recorded.hasSuffix("wrote 2 events to \(session)\n"))
        #expect(!recorded.contains("note:"), "a served app built as at launch names its type")
        let written = try RecordedSession(data: Data(contentsOf: URL(fileURLWithPath: session)))
        #expect(written.appType == AppTypeName(module: "RecipesDomain", type: "RecipesApp"))

        let log = try await app.cli("log", "--attach", "Recorded")
        #expect(log.status == 0)
        #expect(log.stdout.contains("link recipes://recipes/irish-stew (inspector, "))
        #expect(log.stdout.contains("  reached: 0 DefaultHomeCoordinator > 2 DefaultRecipeListCoordinator > "))
        let lines = try await app.cli("log", "--attach", "Recorded", "--format", "json", "--after", "1").stdout
        let events = try lines.split(separator: "\n").map {
            try JSONDecoder().decode(JournalEvent.self, from: Data($0.utf8))
        }
        #expect(events.map(\.sequence) == [2])
        #expect(events.first?.link?.url == "recipes://recipes/orange-marmalade/ratings")

        let replayed = try await cli("replay", session)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout.hasSuffix("replay passed: the start and 2 events as recorded\n"))

        let text = try String(contentsOfFile: session, encoding: .utf8)
        let edited = app.folder.path("edited.json")
        try text.replacingOccurrences(of: #""label":"Orange Marmalade""#, with: #""label":"Orange Jam""#)
            .write(toFile: edited, atomically: true, encoding: .utf8)
        let diverged = try await cli("replay", edited)
        #expect(diverged.status == 1)
        #expect(diverged.stdout.contains(#"~ 6 DefaultRatingViewModel #"#))
        #expect(diverged.stdout.contains(#": label "Orange Jam" -> "Orange Marmalade""#))
        #expect(diverged.stderr == "error: replay diverged at event #2: 2 nodes differ\n")
    }

    /// `links --attach` holds a file against a running app, with the link examples and values
    /// its inspector's type gives.
    @Test func linksChecksARunningAppWithTheExamplesItsInspectorGives() async throws {
        let app = try await ServedApp(name: "Links")
        let file = examples.appendingPathComponent("apple-app-site-association").path
        let result = try await app.cli("links", "--attach", "Links", "--aasa", file, "--domain", "recipes.example")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("FAIL not advertised: https://recipes.example/ratings?recipeID=<slug>"))
        #expect(result.stdout.contains("https://recipes.example/collections/orange-marmalade      FAIL unknown path"))
        #expect(
            result.stdout.contains(
                "https://recipes.example/tab/meat                          ok   DefaultRecipeListCoordinator"))
        #expect(result.stderr == "error: 2 failures of the association file against the app\n")
    }

    /// `log --failures` lists a link that changed nothing and one that failed, each with why.
    @Test func logListsFailedAndUnchangedLinksWithWhy() async throws {
        let app = try await ServedApp(name: "Failures")
        for link in ["recipes://recipes/irish-stew", "recipes://recipes/irish-stew", "recipes://recipes/nope"] {
            _ = try await app.cli("open", "--attach", "Failures", link)
        }
        let all = try await app.cli("log", "--attach", "Failures")
        #expect(all.stdout.contains("link recipes://recipes/irish-stew (inspector, "))
        let failures = try await app.cli("log", "--attach", "Failures", "--failures")
        #expect(failures.status == 0, "\(failures.stderr)")
        let heads = failures.stdout.split(separator: "\n").filter { $0.hasPrefix("#") }
        #expect(heads.count == 2, "\(failures.stdout)")
        #expect(heads.first?.hasSuffix(": unchanged") == true, "\(failures.stdout)")
        #expect(failures.stdout.contains("  why: it reached DefaultRecipeViewModel #"))
        #expect(failures.stdout.contains("and the tree did not change: it was already there\n"))
        #expect(heads.last?.contains(": failed: unknown recipe 'nope'") == true, "\(failures.stdout)")
    }

    @Test func theCheckedInSessionStillReplaysAndExportsToTheGoldenTest() async throws {
        let replayed = try await cli("replay", exampleSession)
        #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
        #expect(replayed.stdout.contains("#2 link recipes://recipes/no-such-recipe: failed as recorded\n"))
        let exported = try await cli("export-test", exampleSession, "--name", "recipesSession")
        #expect(exported.status == 0)
        let golden = try String(
            contentsOf: examples.appendingPathComponent("RecipesSessionTests.swift"), encoding: .utf8)
        #expect(exported.stdout == golden, "regenerate Docs/Examples/RecipesSessionTests.swift with export-test")
    }

    @Test func aLinkThatSucceedsWhereItHadFailedIsADivergence() async throws {
        var session = try RecordedSession(data: Data(contentsOf: URL(fileURLWithPath: exampleSession)))
        session.events[1].changeLink { $0.url = "recipes://recipes/irish-stew" }
        let folder = try ScratchFolder()
        try session.encoded.write(to: folder.url.appendingPathComponent("s.json"))
        let replayed = try await cli("replay", folder.path("s.json"))
        #expect(replayed.status == 1)
        #expect(
            replayed.stderr.hasPrefix(
                "error: replay diverged at event #2: #2 link recipes://recipes/irish-stew succeeded, and it had failed: "
            ))
    }

    /// An outlived report is printed and passed over; a restore stops replay, and
    /// `export-test` refuses the session.
    @Test func replayPassesOverOutlivedObjectsAndStopsAtARestore() async throws {
        var session = try RecordedSession(data: Data(contentsOf: URL(fileURLWithPath: exampleSession)))
        let last = try #require(session.events.last)
        let sequence = last.sequence
        let node = NodeReference(order: nil, id: "kept", type: "DefaultRatingViewModel", label: "Irish \u{1B}[31mStew")
        session.events.append(
            JournalEvent(
                sequence: sequence + 1, time: last.time + 2,
                kind: .outlived([.init(node: node, left: sequence, leftTime: last.time)]), notifications: 0,
                objects: 0, edit: TreeEdit()))
        let folder = try ScratchFolder()
        try session.encoded.write(to: folder.url.appendingPathComponent("outlived.json"))
        let replayed = try await cli("replay", folder.path("outlived.json"))
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(
            replayed.stdout.contains(
                " outlived: 1 object left the tree and is still alive: not replayed\n"))
        #expect(try await cli("export-test", folder.path("outlived.json")).status == 0)
        let described = JournalEvent.Outlived(node: node, left: sequence, leftTime: 0).summary
        #expect(described.hasPrefix(#"DefaultRatingViewModel #kept "Irish \u{1b}[31mStew" left in #"#))

        session.events.append(
            JournalEvent(
                sequence: sequence + 2, time: last.time + 3, kind: .restore(.init(to: 1, duration: 0.001, error: nil)),
                notifications: 0, objects: 0, edit: TreeEdit()))
        try session.encoded.write(to: folder.url.appendingPathComponent("restore.json"))
        let stopped = try await cli("replay", folder.path("restore.json"))
        #expect(stopped.status == 1)
        #expect(stopped.stderr.hasPrefix("error: replay diverged at event #\(sequence + 2): #\(sequence + 2) "))
        #expect(
            stopped.stderr.hasSuffix(" restore to #1 (1.00 ms): replay does not return the app to earlier states\n"))
        let exported = try await cli("export-test", folder.path("restore.json"))
        #expect(exported.status == 1)
        #expect(
            exported.stderr
                == "error: event #\(sequence + 2) returns the app to an earlier state, which a test cannot do "
                + "through the app's links; record the session without 'restore'\n")
    }

    /// Each rule of the reader, by the message a user gets.
    @Test(arguments: [
        (
            #"{"format":"xtree-session","version":1,"version":1}"#,
            "field version: appears twice in one object; keys must be unique"
        ),
        (#"{"format":"snapshot","version":1}"#, #"not a session file: its format is "snapshot""#),
        (
            #"{"format":"xtree-session","version":5}"#,
            "session format version 5 is not read here; this build reads versions 2 to 4"
        ),
        (
            #"{"format":"xtree-session","version":1,"app":"A"}"#,
            "session format version 1 is not read here; this build reads versions 2 to 4"
        ),
        (#"{"format":"xtree-session","version":4,"app":"A"}"#, "field start: is missing"),
    ])
    func aMalformedSessionIsRefusedWithWhatIsWrong(text: String, problem: String) async throws {
        let folder = try ScratchFolder()
        try Data(text.utf8).write(to: folder.url.appendingPathComponent("s.json"))
        let result = try await cli("replay", folder.path("s.json"))
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix("error: invalid session \(folder.path("s.json")): \(problem)"), "\(result.stderr)")
    }

    /// The test is of the type the session names, whatever the app was called.
    @Test func theTestIsOfTheAppTypeTheSessionNames() async throws {
        var session = try RecordedSession(data: Data(contentsOf: URL(fileURLWithPath: exampleSession)))
        session.app = "Recipes"
        session.appType = AppTypeName(module: "BankKit", type: "BankApp")
        let folder = try ScratchFolder()
        try session.encoded.write(to: folder.url.appendingPathComponent("bank.json"))
        let exported = try await cli("export-test", folder.path("bank.json"))
        #expect(exported.status == 0, "\(exported.stderr)")
        let imports = exported.stdout.split(separator: "\n").filter { $0.hasPrefix("import ") }
        #expect(imports == ["import BankKit", "import Foundation", "import Testing", "import XTree"])
        #expect(exported.stdout.contains("    let root = BankApp.makeRoot()\n"))
        #expect(exported.stdout.contains("try await BankApp.open(\"recipes://recipes/irish-stew\", in: root)"))
        // The code, before the recorded trees (whose type names are data): nothing of the recipes app.
        let code = try #require(exported.stdout.components(separatedBy: "// The recorded trees").first)
        #expect(
            !code.contains("RecipesDomain") && !code.contains("DefaultHomeCoordinator") && !code.contains("DeepLink("))
    }

    /// A session that names no type (recorded before version 3, or from an app whose
    /// inspector was given none), or names one that is not an identifier, is refused.
    @Test(arguments: [
        (nil, nil, "names no app type to rebuild: the app's inspector was given no DeepLinkableApp type"),
        ("Foo; import Evil", "BankApp", "the module name is not a plain Swift identifier"),
        ("BankKit", "Foo\nbar", "the type name is not a plain Swift identifier"),
        ("BankKit", "1Bank", "the type name is not a plain Swift identifier"),
        ("BankKit", "class", "the type name is not a plain Swift identifier"),
        ("BankKit", "Outer.Inner", "the type name is not a plain Swift identifier"),
        ("", "BankApp", "the module name is not a plain Swift identifier"),
        ("BankKit", "Bänk", "the type name is not a plain Swift identifier"),
        ("BankKit", "`BankApp`", "the type name is not a plain Swift identifier"),
    ])
    func aSessionWithoutAUsableAppTypeIsRefused(module: String?, type: String?, problem: String) async throws {
        var session = try RecordedSession(data: Data(contentsOf: URL(fileURLWithPath: exampleSession)))
        session.appType = module.map { AppTypeName(module: $0, type: type ?? "") }
        let folder = try ScratchFolder()
        let path = folder.path("s.json")
        try session.encoded.write(to: URL(fileURLWithPath: path))
        let exported = try await cli("export-test", path)
        #expect(exported.status == 1)
        #expect(exported.stdout.isEmpty)
        #expect(exported.stderr.hasPrefix("error: \(path) "), "\(exported.stderr)")
        #expect(exported.stderr.contains(problem), "\(exported.stderr)")
        #expect(exported.stderr.filter { $0 == "\n" }.count == 1, "one line, its text escaped")
    }

    /// Version 2 files have no app type: they read, and export-test says how to get one.
    @Test func aVersionTwoSessionReadsWithoutAnAppType() throws {
        let text = try String(
            contentsOf: examples.appendingPathComponent("../../Tests/Fixtures/Sessions/recipes-v3.json"),
            encoding: .utf8)
        let header =
            #"{"format":"xtree-session","version":3,"app":"Recipes","appType":{"module":"RecipesDomain","type":"RecipesApp"},"#
        #expect(text.hasPrefix(header))
        let older = #"{"format":"xtree-session","version":2,"app":"Recipes","appType":{"module":"X","type":"Y"},"#
        let session = try RecordedSession(data: Data((older + text.dropFirst(header.count)).utf8))
        #expect(session.appType == nil, "a version 2 file has no app type, whatever it holds")
        #expect(
            try RecordedSession(data: Data(text.utf8)).appType
                == AppTypeName(module: "RecipesDomain", type: "RecipesApp"))
    }

    @Test func eventsOutOfOrderOrAPathNotInTheirTreeAreRefused() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: exampleSession))
        var session = try RecordedSession(data: data)
        session.events[2].sequence = 2
        #expect(throws: SessionError("field events[2]: event 2 comes after event 2")) {
            try RecordedSession(data: session.encoded)
        }
        session = try RecordedSession(data: data)
        session.events[0].changeLink { $0.reached[1].id = "elsewhere" }
        #expect(
            throws: SessionError(
                "field events[0]: the path reached names elsewhere, which the tree after it does not have")
        ) {
            try RecordedSession(data: session.encoded)
        }
        session = try RecordedSession(data: data)
        let text = String(decoding: session.encoded, as: UTF8.self).replacingOccurrences(
            of: #""depth":1,"#, with: #""depth":5,"#)
        #expect(throws: SessionError.self) { try RecordedSession(data: Data(text.utf8)) }
        #expect(try RecordedSession(data: session.encoded) == session)
    }

    @Test func commandsSayWhatTheyNeed() async throws {
        let log = try await cli("log")
        #expect(log.status == 64)
        #expect(log.stderr.hasPrefix("error: 'log' reads a running app's journal; give --attach NAME"))
        let record = try await cli("record", "--attach", "X")
        #expect(record.status == 64)
        #expect(record.stderr.hasPrefix("error: 'record' needs the file to write: -o FILE"))
        let dash = try await cli("record", "--attach", "X", "-o", "-")
        #expect(dash.status == 64)
        #expect(dash.stderr.hasPrefix("error: 'record' writes a file, and prints its events on standard output"))
        let name = try await cli("export-test", exampleSession, "--name", "1st")
        #expect(name.status == 64)
        #expect(name.stderr.hasPrefix("error: --name takes a Swift identifier"))
        let help = try await cli("record", "--help")
        #expect(help.stdout.contains("  -o, --output FILE "))
    }

    /// Hostile text from an app's tree and links, written into Swift source: every literal
    /// is printable ASCII and reads back as exactly what was recorded.
    @MainActor @Test func aHostileSessionExportsToLiteralsThatHoldExactlyItsText() throws {
        // What would end a raw literal or open an interpolation in one, with one `#` or two.
        let tricky = "\\#(x) \\##(y) \"\"\"# \"\"\"##"
        let tree = try TreeSnapshot(json: Data(hostileSnapshot(label: hostile + tricky).utf8))
        let url = "recipes://" + hostile + tricky
        let session = RecordedSession(
            app: hostile, startSequence: 0, start: tree,
            events: [
                JournalEvent(
                    sequence: 1, time: 0,
                    kind: .link(
                        .init(url: url, source: .app, duration: 0, reached: [], error: nil, searches: 0, visits: 0)),
                    notifications: 0, objects: 0, edit: TreeEdit())
            ])
        let source = session.testSource(
            steps: try session.steps(), app: AppTypeName(module: "M", type: "R"), name: "t",
            command: "xtree-cli export-test")
        #expect(source.unicodeScalars.allSatisfy { (" "..."~").contains($0) || $0 == "\n" })
        // A link this long is a constant of its own, its literal in pieces of a line each.
        let declared = try #require(source.range(of: "    let link1 =\n        "))
        let end = try #require(source.range(of: "\n    let reached1 = try await R.open(link1, in: root)"))
        let pieces = source[declared.upperBound..<end.lowerBound].components(separatedBy: "\n        + ")
        #expect(pieces.count > 1 && pieces.allSatisfy { $0.count <= 82 })
        #expect(try pieces.map { try Self.stringLiteral(at: $0[...]) }.joined() == url)
        let literal = try #require(source.range(of: "private let start = "))
        let rest = source[literal.upperBound...]
        let hashes = rest.prefix { $0 == "#" }
        #expect(hashes.count >= 3)
        let opening = hashes + "\"\"\"\n"
        let closing = "\n    \"\"\"" + hashes
        let body = try #require(rest.dropFirst(opening.count).components(separatedBy: closing).first)
        #expect(!body.contains("\\" + hashes))
        // The literal's value: its lines without the closing delimiter's indentation.
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.hasPrefix("    ") })
        let value = lines.map { $0.dropFirst(4) }.joined(separator: "\n")
        #expect(try TreeSnapshot(json: Data(value.utf8)) == tree)
    }

    /// The string literal `text` starts with, decoded: `\\`, `\"`, `\n`, `\t` and `\u{…}`,
    /// the escapes generated source writes.
    static func stringLiteral(at text: Substring) throws -> String {
        var scalars = text.unicodeScalars.makeIterator()
        try #require(scalars.next() == "\"")
        var decoded = ""
        while let next = scalars.next(), next != "\"" {
            guard next == "\\" else {
                decoded.unicodeScalars.append(next)
                continue
            }
            switch scalars.next() {
            case "n": decoded += "\n"
            case "t": decoded += "\t"
            case "u":
                _ = scalars.next()
                var hex = ""
                while let digit = scalars.next(), digit != "}" { hex.unicodeScalars.append(digit) }
                decoded.unicodeScalars.append(try #require(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)))
            case let other?: decoded.unicodeScalars.append(other)
            case nil: break
            }
        }
        return decoded
    }
}

import Foundation
import Testing
import XTree

/// Every character a terminal obeys, and the markup characters of DOT and Mermaid.
let hostile: String = {
    var scalars = (0x00...0x1F).map { Unicode.Scalar($0)! }
    scalars += (0x7F...0x9F).map { Unicode.Scalar($0)! }
    scalars += [0x200E, 0x200F, 0x2028, 0x2029].map { Unicode.Scalar($0)! }
    scalars += (0x202A...0x202E).map { Unicode.Scalar($0)! }
    scalars += (0x2066...0x2069).map { Unicode.Scalar($0)! }
    var text = String(String.UnicodeScalarView(scalars))
    text += "\r\n&\"#<>\\ -> , end"
    return text
}()

/// The scalars that must not be in text written for a terminal: all of ``hostile``'s but the
/// line break that ends each line. Listed here, not taken from the code under test.
func unsafeScalars(in output: String) -> [String] {
    let forbidden = Set(hostile.unicodeScalars.filter { $0.value < 0x20 || (0x7F...0x2069).contains($0.value) })
        .subtracting(["\n"])
    return output.unicodeScalars.filter { forbidden.contains($0) }.map { String(format: "U+%04X", $0.value) }
}

/// A snapshot whose every text field is hostile.
func hostileSnapshot(label: String = hostile, value: String = hostile) throws -> String {
    let nodes = [
        TreeSnapshot.Node(
            id: "root" + hostile, type: "Root" + hostile, label: label,
            attributes: [.init(key: "key" + hostile, value: value)], depth: 0, order: 0, parent: nil,
            links: [.init(kind: .child, node: 1)], names: ["App.Root" + hostile]),
        TreeSnapshot.Node(
            id: "leaf", type: "Leaf" + hostile, label: hostile, attributes: [], depth: 1, order: 1, parent: 0,
            links: [.init(kind: .cycle, node: 0)], names: []),
    ]
    return JSONRenderer().rendered(try TreeSnapshot(nodes: nodes))
}

@Suite struct EscapingTests {
    @Test(arguments: ["text", "dot", "mermaid"])
    func treeOfAHostileSnapshotWritesNoUnsafeCharacter(format: String) async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("s.json", try hostileSnapshot())
        let result = try await cli("tree", "--snapshot", file, "--format", format, "--color", "never")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(unsafeScalars(in: result.stdout).isEmpty, "\(unsafeScalars(in: result.stdout))")
        // One line per node and link at most: nothing split a statement.
        #expect(result.stdout.split(separator: "\n").count <= 8)
    }

    @Test func jsonEscapesControlsByItsOwnRulesAndRoundTrips() async throws {
        let folder = try ScratchFolder()
        let text = try hostileSnapshot()
        let file = try folder.write("s.json", text)
        let result = try await cli("tree", "--snapshot", file, "--format", "json")
        #expect(result.stdout == text)
        #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func findAndItsVerdictsWriteNoUnsafeCharacter() async throws {
        let folder = try ScratchFolder()
        let file = try folder.write("s.json", try hostileSnapshot())
        for arguments in [["find", "Nothing"], ["find", "Root", "--where", "label=x"], ["find", "Root", "--all"]] {
            let result = try await cli(arguments + ["--snapshot", file])
            #expect(unsafeScalars(in: result.stdout + result.stderr).isEmpty, "\(arguments)")
        }
    }

    @Test func diffQuotesValuesAndWritesNoUnsafeCharacter() async throws {
        let folder = try ScratchFolder()
        let before = try folder.write("a.json", try hostileSnapshot())
        let after = try folder.write("b.json", try hostileSnapshot(label: "x" + hostile, value: "a, b -> c"))
        let result = try await cli("diff", before, after)
        #expect(result.status == 1)
        #expect(unsafeScalars(in: result.stdout).isEmpty)
        #expect(result.stdout.contains(#"-> "a, b -> c""#))
    }

    @Test func errorsEchoingHostileContentWriteNoUnsafeCharacter() async throws {
        let folder = try ScratchFolder()
        let duplicate = try hostileSnapshot().replacingOccurrences(
            of: "\"id\":\"leaf\"", with: "\"id\":\"root\(jsonEscaped(hostile))\"")
        let cases: [[String]] = [
            ["tree", "--snapshot", try folder.write("dup.json", duplicate)],
            ["tree", "--snapshot", folder.path("no" + hostile)],
            ["find", hostile],
            ["open", "recipes://recipes/" + hostile.replacingOccurrences(of: "\0", with: "")],
            ["tree", "--catalog", try folder.write("c.json", #"{"recipes":[{"id":"\#(jsonEscaped(hostile))"}]}"#)],
        ]
        for arguments in cases {
            let result = try await cli(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(!result.stderr.isEmpty)
            #expect(unsafeScalars(in: result.stdout + result.stderr).isEmpty, "\(arguments): \(result.stderr)")
        }
    }

    @Test func aCatalogWithHostileTitlesIsShownSafelyByTreeAndCheck() async throws {
        let folder = try ScratchFolder()
        let title = jsonEscaped("Tea" + hostile)
        let catalog = try folder.write(
            "c.json",
            #"{"recipes":[{"id":"tea","title":"\#(title)","ingredients":[],"steps":[],"isVegetarian":true,"ratings":[]}]}"#
        )
        for arguments in [
            ["tree", "--open", "recipes://recipes/tea/ratings"], ["check"],
            ["open", "--trace", "recipes://recipes/tea"],
        ] {
            let result = try await cli(arguments + ["--catalog", catalog, "--color", "never"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(unsafeScalars(in: result.stdout + result.stderr).isEmpty, "\(arguments)")
        }
    }
}

/// `text` as the inside of a JSON string literal.
func jsonEscaped(_ text: String) -> String {
    let data = try! JSONEncoder().encode(text)
    return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
}

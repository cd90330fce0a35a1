import Foundation
import Testing

/// One README block of shell commands and what they print.
struct Transcript: CustomTestStringConvertible, Sendable {
    var commands: [String]
    var expected: [String]
    var testDescription: String { commands.joined(separator: "; ") }

    /// Every ```text block of the README and the DocC articles that starts with a `$ ` line
    /// naming xtree-cli.
    static let all = blocks(fence: "text")

    /// README.md and every DocC article, the documents whose transcripts are checked.
    static let documents: [URL] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        var documents = [root.appendingPathComponent("README.md")]
        // Every module's DocC catalog: Sources/<module>/<module>.docc.
        let modules =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path)) ?? []
        for module in modules.sorted() {
            let folder = root.appendingPathComponent("Sources/\(module)/\(module).docc")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            documents += names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appendingPathComponent($0) }
        }
        return documents
    }()

    /// Every block fenced as `fence` that starts with a `$ ` line naming xtree-cli.
    static func blocks(fence: String, in documents: [URL] = documents, first: String = "xtree-cli") -> [Transcript] {
        var transcripts: [Transcript] = []
        for document in documents {
            guard let text = try? String(contentsOf: document, encoding: .utf8) else { continue }
            var block: [String]?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if block == nil, line == "```" + fence {
                    block = []
                } else if let lines = block, line == "```" {
                    if let line = lines.first, line.hasPrefix("$ "), line.contains(first) {
                        transcripts.append(
                            Transcript(
                                commands: lines.filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) },
                                expected: lines.filter { !$0.hasPrefix("$ ") }
                            ))
                    }
                    block = nil
                } else {
                    block?.append(line)
                }
            }
        }
        return transcripts
    }

    /// Runs the commands through bash in a scratch folder, as a user would type them (with
    /// `xtree-cli` and `swift run -q xtree-cli` meaning the built binary); returns the lines
    /// they print, standard error included.
    func run(environment extra: [String: String] = [:], in directory: URL? = nil) async throws -> [String] {
        let folder = try ScratchFolder()
        let binary = productsDirectory.appendingPathComponent("xtree-cli").path
        let script =
            "cd '\((directory ?? folder.url).path)'\nxtree-cli() { '\(binary)' \"$@\"; }\n"
            + commands.map { $0.replacingOccurrences(of: "swift run -q xtree-cli", with: "xtree-cli") }
            .joined(separator: "\n") + "\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let output = folder.url.appendingPathComponent("output")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        await process.exit()
        var actual = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if actual.last == "" { actual.removeLast() }
        return actual
    }

    /// Expects `actual` to be the transcript's output, where each line `…` (indented or not)
    /// stands for one or more lines: the parts between them come in order, the first at the start, the last at
    /// the end.
    func check(_ actual: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let parts = expected.split(
            omittingEmptySubsequences: false, whereSeparator: { $0.trimmingCharacters(in: .whitespaces) == "…" }
        ).map(Array.init)
        guard parts.count > 1, let head = parts.first, let tail = parts.last else {
            #expect(actual == expected, sourceLocation: sourceLocation)
            return
        }
        #expect(Array(actual.prefix(head.count)) == head, "\(actual)", sourceLocation: sourceLocation)
        #expect(Array(actual.suffix(tail.count)) == tail, "\(actual)", sourceLocation: sourceLocation)
        // Each middle part after the one before, with at least one line between.
        var next = head.count + 1
        for part in parts.dropFirst().dropLast() {
            let found = (next...max(next, actual.count - tail.count - part.count)).first { start in
                start + part.count <= actual.count && Array(actual[start..<(start + part.count)]) == part
            }
            #expect(found != nil, "\(part) in order in \(actual)", sourceLocation: sourceLocation)
            next = (found ?? next) + part.count + 1
        }
        #expect(next <= actual.count - tail.count, "\(actual)", sourceLocation: sourceLocation)
    }
}

/// The transcripts of the README and the articles are what the built CLI prints: run as a user would type them
/// (with `xtree-cli` and `swift run -q xtree-cli` meaning the built binary), standard error
/// included. Under `../shared/apple-compat/check` the binary is built with Combine, so the
/// same test proves the transcripts hold there too.
@Suite struct ReadmeTranscriptTests {
    @Test func theDocumentsHaveTranscripts() {
        #expect(Transcript.documents.count >= 8)
        #expect(Transcript.all.count >= 8)
    }

    @Test(arguments: Transcript.all)
    func transcriptIsWhatTheCommandsPrint(_ transcript: Transcript) async throws {
        transcript.check(try await transcript.run())
    }

    /// A block that builds one of this package's fixtures and launches it (`$ swift build
    /// --product NAME`, then commands on `.build/debug/NAME`) runs from the package's folder on
    /// the fixture built beside the tests: only the launched app's pid and a run's seconds may
    /// differ from what the document shows.
    @Test func fixtureTranscriptsAreWhatTheCommandsPrint() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        // Not the browser's fuzz run: one of its findings is of timing (a home panel shown from
        // a task), which a loaded machine may not repeat.
        let transcripts = Transcript.blocks(fence: "text", first: "swift build --product ").filter {
            $0.commands.dropFirst().allSatisfy { $0.contains(".build/debug/") && !$0.contains(" fuzz ") }
        }
        #expect(transcripts.count == 4, "the browser's check and why, and the social fixture's check and tree --why")
        let varying = try [
            (NSRegularExpression(pattern: "\\(pid [0-9]+, "), "(pid N, "),
            (NSRegularExpression(pattern: " in [0-9]+\\.[0-9] s"), " in N s"),
        ]
        func normalized(_ line: String) -> String {
            varying.reduce(line) { line, rule in
                rule.0.stringByReplacingMatches(
                    in: line, range: NSRange(line.startIndex..., in: line), withTemplate: rule.1)
            }
        }
        for transcript in transcripts {
            var built = transcript
            built.commands = transcript.commands.dropFirst().map {
                $0.replacingOccurrences(of: ".build/debug/", with: productsDirectory.path + "/")
            }
            built.expected = transcript.expected.map(normalized)
            // The social fixture's links land later: on a loaded machine, given longer to.
            let quiet = ["SOCIAL_QUIET": "\(0.5 * testPatience)"]
            built.check(try await built.run(environment: quiet, in: root).map(normalized))
        }
    }

    /// `links` reads the package's own example file, so its transcripts (```shell blocks)
    /// run from the package's folder; one that writes a file runs in a scratch folder.
    @Test func linksTranscriptsAreWhatTheCommandPrints() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        let transcripts = Transcript.blocks(fence: "shell").filter {
            $0.commands.first?.hasPrefix("xtree-cli links") == true
        }
        #expect(transcripts.count == 3, "README's two and the article's")
        for transcript in transcripts {
            let writes = transcript.commands.contains { $0.contains("--write-aasa") }
            transcript.check(try await writes ? transcript.run() : transcript.run(in: root))
        }
    }
}

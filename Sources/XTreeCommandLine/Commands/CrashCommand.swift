import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeEscaping
import XTreeFuzzing
import XTreeReachability
import XTreeSupport
import XTreeTargets

struct CrashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "crash",
        summary: "Replay the links before a crash in a child app; shorten them to the fewest that crash it.",
        discussion: """
            Reads the links a crash left behind: a flight recorder's file (FlightRecorder), a
            session 'record' wrote, or breadcrumb lines pasted from a crash report ('xtree link
            N reached LINK', anywhere on a line). Applies them in order to a fresh app started
            from --launch (by default the example app, served in a child), a child process, so
            that a crash ends the child and not this command,
            and says whether the app crashed (its signal or exit status, and the link it was
            applying). Then shortens the links by delta debugging, each candidate in a fresh
            child, to the shortest subsequence that still ends the app the same way, and prints
            it. --export-test writes a Swift Testing test of those links that fails while the
            crash is there (an exit test: it runs on macOS and Linux, not in iOS test targets).
            The status is 1 if the crash reproduced, 0 if it did not: a crash that needed a
            timing, a device or a state the links do not give is not reproduced. A link that
            the app refuses is not a crash; an app that stops answering is stopped, and is not
            counted as the crash. --format json prints one object: what was read, whether and
            how the app ended, the shortest links and the test written.
            """
    )

    @Argument(value: "FILE", help: "The flight record, session or breadcrumb lines, or - for standard input.")
    var file: RawPath
    @Option(
        name: "launch", value: "PATH|NAME",
        help:
            "The app's launch executable (see Inspector.serve), a NAME from .xtree.json, or an example app "
            + "(recipes, shop), run once per try; default: recipes, served in a child.")
    var launch: String?
    @Option(name: "format", help: "Report format (default text).")
    var format: ReportFormat = .text

    enum ReportFormat: String, CaseIterable {
        case text, json
    }
    @Flag(name: "no-minimize", help: "Only replay the links; do not shorten them.")
    var noMinimize: Bool
    @Option(
        name: "max-runs", value: "N", help: "The most children started while shortening (default 300).", minimum: 1,
        maximum: (10_000, what: "runs"))
    var maximumRuns: Int?
    @Option(name: "export-test", value: "FILE", help: "Write a Swift Testing test of the shortest crashing links.")
    var exportTest: RawPath?
    @Option(name: "name", value: "NAME", help: "The exported test function's name (default reproducesCrash).")
    var name: String?
    @Flag(
        name: "in-process",
        help: "Export a plain test in the test's own process, for iOS test targets, where exit tests do not run.")
    var inProcess: Bool

    func validate() throws(CLIError) {
        try ExportTestCommand.validate(name: name)
        if inProcess, exportTest == nil {
            throw .usage("--in-process is a form of the exported test: give --export-test FILE too", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        var input = try CrashLinks(
            context.read(file, what: "crash record", json: false), name: Context.sourceName(file))
        if !file.isStandardStream, let path = String(strictUTF8: file.bytes) {
            input.noteOtherRecords(beside: path)
        }
        let app = try context.launch(orExample: launch)
        let served = app.target?.appType
        if let recorded = input.app, let served, recorded != served {
            throw .failure(
                "\(Context.sourceName(file)) was written by \(TerminalText.escaped(recorded.description)); the launched app "
                    + "serves \(served): give the launch executable of the app that crashed")
        }
        let console = context.console
        let count = input.links.count
        // What JSON prints at the end; text is printed as it is known.
        var report = Report(read: count, source: input.source, notes: input.notes)
        defer { if format == .json { console.out(report.json) } }
        func say(_ line: String) { if format == .text { console.out(line) } }
        say("read \(count) link\(count == 1 ? "" : "s") from \(Context.sourceName(file)) (\(input.source))\n")
        for note in input.notes { say("note: \(note)\n") }
        var replay = CrashReplay(app: app)
        let outcome = try replay.run(input.links)
        guard case .crashed(let ending, let index) = outcome else {
            report.reproduced = false
            if case .hung(let index) = outcome {
                report.hungAt = index + 1
                say(
                    "did not reproduce: the app stopped answering at link \(index + 1) of \(count), "
                        + "\(TerminalText.escaped(input.links[index])), and was stopped; that is not the crash\n")
            } else {
                say(
                    "did not reproduce: the app applied \(count == 1 ? "the link" : "all \(count) links") and still runs\n"
                )
            }
            return
        }
        (report.reproduced, report.ending, report.at) = (true, ending.description, index + 1)
        report.said = app.fatalMessage
        say(
            "reproduced: the app \(ending) at link \(index + 1) of \(count): "
                + "\(TerminalText.escaped(input.links[index]))\n")
        if let said = app.fatalMessage { say("the app said: \(TerminalText.escaped(said))\n") }
        var links = Array(input.links[...index])
        if !noMinimize, links.count > 1 {
            let started = Date()
            var progress = ProgressLine(enabled: console.errorIsTerminal, console: console)
            var failure: CLIError?
            let found = minimalFailing(links, budget: maximumRuns ?? 300) { candidate in
                guard failure == nil else { return false }
                progress.show("shortening: \(replay.runs) runs, \(candidate.count) links tried")
                do throws(CLIError) {
                    if try replay.run(candidate).endsLike(ending) { return true }
                } catch {
                    failure = error
                }
                return false
            }
            progress.clear()
            if let failure { throw failure }
            links = found.items
            report.tries = found.tries
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            say(
                "shortest: \(links.count) link\(links.count == 1 ? " ends" : "s end") the app the same way "
                    + "(\(found.tries) candidates tried in \(seconds) s, each in a fresh app):\n")
        } else {
            say("the links up to the crash:\n")
        }
        report.shortest = links
        for (number, link) in links.enumerated() { say("  \(number + 1). \(TerminalText.escaped(link))\n") }
        if let exportTest {
            guard let served, served.problem == nil else {
                throw .failure(
                    "the launched app names no DeepLinkableApp type a test can import; serve it with "
                        + "Inspector.serve(YourApp.self)")
            }
            let source = Self.testSource(
                links: links, app: served, ending: ending, name: name ?? "reproducesCrash",
                from: "\(Context.sourceName(file)) (\(input.source))", inProcess: inProcess)
            try context.write(Data(source.utf8), to: exportTest, what: "test")
            report.exported = "\(exportTest)"
            say("wrote \(exportTest): it fails while the crash is there\n")
        }
        throw .failure("the crash reproduced")
    }

    /// A Swift Testing exit test that applies `links` to a fresh app and expects it to exit
    /// normally: it fails while the crash is there.
    static func testSource(
        links: [String], app: AppTypeName, ending: LaunchedApp.Ending, name: String, from source: String,
        inProcess: Bool = false
    ) -> String {
        let origin = SwiftSourceText.stringLiteral(source).dropFirst().dropLast()
        let imports = Set(["Testing", "XTree", app.module]).sorted().map { "import \($0)" }.joined(separator: "\n")
        let note =
            inProcess
            ? "// While that crash is there the test ends the test run: it applies the links in its own\n"
                + "// process, for an iOS test target, where exit tests do not run."
            : "// The test fails while that crash is there. It is an exit test, which runs on macOS\n"
                + "// and Linux, not in iOS test targets."
        return """
            // Made by `xtree-cli crash` from \(origin).
            // \(links.count == 1 ? "This link" : "These \(links.count) links"), applied to a fresh \(app) with its own handler, ended it:
            // it \(ending).
            \(note)
            \(imports)

            \(LinkFuzzFinding.exitTest(name: name, type: app.type, links: links, inProcess: inProcess))

            """
    }
}

extension CrashCommand {
    /// `crash --format json`: what was read, whether and how the app ended, the shortest links
    /// and the test written. App text (links, the app's message) as it is: data.
    struct Report: Encodable {
        let read: Int
        let source: String
        let notes: [String]
        var reproduced = false
        var ending: String?
        /// The link the app ended at, from 1.
        var at: Int?
        /// The link the app stopped answering at, from 1, when it did not crash.
        var hungAt: Int?
        var said: String?
        var tries: Int?
        var shortest: [String] = []
        var exported: String?

        init(read: Int, source: String, notes: [String]) {
            (self.read, self.source, self.notes) = (read, source, notes)
        }

        var json: String {
            let data = (try? JSONOutput.encoder().encode(self)) ?? Data("{}".utf8)
            return String(decoding: data, as: UTF8.self) + "\n"
        }
    }
}

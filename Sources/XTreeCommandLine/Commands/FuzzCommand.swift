import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeEscaping
import XTreeReachability
import XTreeTargets

struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fuzz",
        summary: "Apply links nobody wrote, made from the app's own, and check what each must keep.",
        discussion: """
            Takes the app's link examples (a route table's forms, for a RoutedApp) and makes
            links from each: forms RFC 3986 says are the same link (scheme and host in upper
            case, a letter percent-encoded, dot segments), forms that may or may not be (a
            trailing or doubled slash, query items reordered) and forms that break it (an id
            that does not exist, empty and huge segments, a bad percent-escape, text that is not
            ASCII, a control character, an 8 KB link). Applies each from a fresh app and from the
            state each example leads to, in a child process (--launch, or the embedded app
            served by this tool), and checks: no crash and no hang; an example works from every
            state; applied twice, an example changes nothing more; an equivalent link lands on
            the same object and leaves the same tree; a variant lands there too or is refused; a
            refused link leaves the tree as it was and says why. Each finding is shrunk to a
            fresh app where it fails there too, and printed with its starting links, the link,
            the property, and what was expected and seen. The same --seed gives the same links
            in the same order. The status is 1 if there was a finding.
            """
    )

    enum ReportFormat: String, CaseIterable {
        case text, json
    }

    @Option(
        name: "launch", value: "PATH|NAME",
        help: "Your app's launch executable (a NAME from .xtree.json); default: the embedded app, served in a child.")
    var launch: String?
    @Option(name: "seed", value: "N", help: "The seed of the links' order (default 1).", minimum: 0)
    var seed: Int?
    @Option(name: "budget", value: "N|Ns", help: "Stop after N links, or N seconds (default 2000 links).")
    var budget: String?
    @Option(name: "format", help: "Report format (default text).")
    var format: ReportFormat = .text
    @Option(
        name: "export-test", value: "FILE",
        help: "Write a Swift Testing test of each finding, which fails while it is there.")
    var exportTest: RawPath?

    /// The budget as links or seconds.
    private var limits: (links: Int?, seconds: Int?) {
        guard let budget else { return (2_000, nil) }
        if budget.hasSuffix("s") { return (nil, Int(budget.dropLast())) }
        return (Int(budget), nil)
    }

    func validate() throws(CLIError) {
        guard let budget else { return }
        let (links, seconds) = limits
        guard
            (links.map { (1...1_000_000).contains($0) } ?? false)
                || (seconds.map { (1...86_400).contains($0) } ?? false)
        else {
            throw .usage(
                "--budget takes a number of links (1 to 1000000) or of seconds (1s to 86400s), got "
                    + "'\(TerminalText.shortened(budget))'", command: nil)
        }
    }

    func run(_ context: Context) async throws(CLIError) {
        let app: LaunchedApp
        if let launch {
            app = try context.launch(launch)
        } else {
            guard let myself = Bundle.main.executablePath else {
                throw .failure("cannot find this tool's own executable to serve the embedded app in a child")
            }
            app = try context.launch(myself, arguments: ["--app", context.app.type.name, "serve", "--as-launched"])
        }
        guard let client = app.target?.client else { preconditionFailure("a started app is attached") }
        // The app's examples, and each with another of the app's first sample values for its own.
        let given = Set(client.linkExamples.map(\.link))
        let samples = client.sampleValues.prefix(3)
        let others = given.flatMap { link in
            samples.flatMap { old in samples.compactMap { LinkMutation.link(link, replacing: old, with: $0) } }
        }
        let examples = Array(given.union(others)).sorted()
        guard !examples.isEmpty else {
            throw .failure(
                "the app gives no link examples to start from: its DeepLinkableApp type's linkExamples (or a "
                    + "route table, RoutedApp) names them")
        }
        let seed = UInt64(self.seed ?? 1)
        let (links, seconds) = limits
        let console = context.console
        let limit: String = links.map { "\($0) links" } ?? "\(seconds ?? 0) s"
        let name = TerminalText.escaped(URL(fileURLWithPath: app.path).lastPathComponent)
        console.err(
            "fuzzing \(name): \(examples.count) examples, \(examples.count + 1) starting states, seed \(seed), "
                + "budget \(limit)\n")
        var fuzzer = LinkFuzzer(app: app, seed: seed)
        var progress = ProgressLine(enabled: console.errorIsTerminal, console: console)
        let started = Date()
        try fuzzer.run(
            examples: examples,
            budget: (links, seconds.map { started.addingTimeInterval(Double($0)) })
        ) { done, all, links in
            progress.show("case \(done) of \(all), \(links) links")
        }
        progress.clear()
        let elapsed = Date().timeIntervalSince(started)
        switch format {
        case .json: report(json: fuzzer, seed: seed, seconds: elapsed, console: console)
        case .text: report(text: fuzzer, seconds: elapsed, console: console)
        }
        if let exportTest, !fuzzer.findings.isEmpty {
            guard let served = app.target?.appType, served.problem == nil else {
                throw .failure(
                    "the launched app names no DeepLinkableApp type a test can import; serve it with "
                        + "Inspector.serve(YourApp.self)")
            }
            let source = fuzzer.testSource(app: served, seed: seed)
            try context.write(Data(source.utf8), to: exportTest, what: "test")
            console.out("wrote \(exportTest): one test per finding, each failing while it is there\n")
        }
        if !fuzzer.findings.isEmpty {
            throw .failure("\(fuzzer.findings.count) finding\(fuzzer.findings.count == 1 ? "" : "s")")
        }
    }

    private func report(text fuzzer: LinkFuzzer, seconds: Double, console: Console) {
        let count = fuzzer.findings.count
        console.out(
            "applied \(fuzzer.links) links in \(String(format: "%.1f", seconds)) s, \(app(fuzzer)): "
                + "\(count == 0 ? "no" : String(count)) finding\(count == 1 ? "" : "s")\n")
        for finding in fuzzer.findings {
            let state =
                finding.state.isEmpty
                ? "a fresh app" : finding.state.map(TerminalText.escaped).joined(separator: " then ")
            console.out(
                """
                FAIL \(finding.property)
                  from: \(state)
                  link: \(TerminalText.escaped(TerminalText.shortened(finding.link))) (\(finding.made))
                  expected: \(TerminalText.escaped(finding.expected))
                  seen: \(TerminalText.escaped(TerminalText.shortened(finding.seen)))
                \(finding.alike == 0 ? "" : "  and \(finding.alike) more alike: the same property broken the same way from other states or in other forms\n")
                """)
        }
    }

    private func app(_ fuzzer: LinkFuzzer) -> String {
        "\(fuzzer.app.starts) child\(fuzzer.app.starts == 1 ? "" : "ren") started"
    }

    private func report(json fuzzer: LinkFuzzer, seed: UInt64, seconds: Double, console: Console) {
        struct Report: Encodable {
            var seed: UInt64
            var links: Int
            var children: Int
            var seconds: Double
            var findings: [LinkFuzzer.Finding]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let report = Report(
            seed: seed, links: fuzzer.links, children: fuzzer.app.starts, seconds: (seconds * 10).rounded() / 10,
            findings: fuzzer.findings)
        guard let data = try? encoder.encode(report) else { return }
        console.out(String(decoding: data, as: UTF8.self) + "\n")
    }
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeEscaping
import XTreeFuzzing
import XTreeReachability
import XTreeTargets

struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "fuzz",
        summary: "Apply links nobody wrote, made from the app's own, and check what each must keep.",
        discussion: """
            Takes the app's link examples (a route table's forms, for a RoutedApp; with --aasa,
            also a URL of each rule of the website's file that they miss) and makes links from
            each: forms RFC 3986 says are the same link (scheme and host in upper case, a letter
            percent-encoded, dot segments), forms that may or may not be (a trailing or doubled
            slash, query items reordered) and forms that break it (an id that does not exist,
            empty and huge segments, a bad percent-escape, text that is not ASCII, a control
            character, an 8 KB link). Applies each from a fresh app and from the state each
            example leads to, in a child process (--launch, or the example app served by this
            tool), and checks: no crash and no hang; an example works from every state; applied
            twice, an example changes nothing more (one whose form opens something new each time
            changes the tree again); an equivalent link lands on the same object
            and leaves the same tree; a variant lands there too or is refused; a refused link
            leaves the tree as it was and says why; the children audit holds after each link;
            nothing a case made outlives it (looked at every 256 cases, after the app's grace
            period, unless that would outlast a --budget in seconds). Each finding is shrunk to a fresh app where it fails there too, and printed
            with its starting links, the link, the property, and what was expected and seen. The
            same --seed gives the same links in the same order. In a test, LinkFuzzing
            (XTreeTesting) checks the same in process. The status is 1 if there was a finding.
            """
    )

    enum ReportFormat: String, CaseIterable {
        case text, json, junit
    }

    @Option(
        name: "launch", value: "PATH|NAME",
        help:
            "Your app's launch executable, a NAME from .xtree.json, or an example app (recipes, shop); default: "
            + "recipes. Example apps are served in a child.")
    var launch: String?
    @Option(name: "seed", value: "N", help: "The seed of the links' order (default 1).", minimum: 0)
    var seed: Int?
    @Option(name: "budget", value: "N|Ns", help: "Stop after N links, or N seconds (default 2000 links).")
    var budget: String?
    @Option(
        name: "aasa", value: "FILE",
        help: "Also fuzz a URL of each rule of this apple-app-site-association file (needs --domain).")
    var association: RawPath?
    @Option(name: "domain", value: "HOST", help: "The website's host of --aasa's URLs, such as recipes.example.")
    var domain: String?
    @Option(name: "format", help: "Report format (default text).")
    var format: ReportFormat = .text
    @Option(
        name: "export-test", value: "FILE",
        help: "Write a Swift Testing test of each finding, which fails while it is there.")
    var exportTest: RawPath?
    @Flag(
        name: "in-process",
        help: "Export crashes and hangs as plain tests in the test's own process, for iOS test targets.")
    var inProcess: Bool

    /// The budget as links or seconds.
    private var limits: (links: Int?, seconds: Int?) {
        guard let budget else { return (2_000, nil) }
        if budget.hasSuffix("s") { return (nil, Int(budget.dropLast())) }
        return (Int(budget), nil)
    }

    func validate() throws(CLIError) {
        if inProcess, exportTest == nil {
            throw .usage("--in-process is a form of the exported test: give --export-test FILE too", command: nil)
        }
        if association != nil {
            guard let domain else { throw .usage("--aasa needs --domain HOST, the website's host", command: nil) }
            guard !domain.isEmpty, domain.utf8.count <= 253, !domain.contains(where: { "/:?#@ ".contains($0) }) else {
                throw .usage("--domain takes a host name, such as recipes.example", command: nil)
            }
        } else if domain != nil {
            throw .usage("--domain is the host of --aasa's URLs: give --aasa FILE too", command: nil)
        }
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
        // The association file is read before any child starts: a bad one is refused at once.
        let advertised = try associationLinks(context)
        let app = try context.launch(orExample: launch)
        guard let client = app.target?.client else { preconditionFailure("a started app is attached") }
        // Read now: a finding's case may be the last, and leave no child to ask.
        let appType = app.target?.appType
        let own = client.linkExamples.map(\.link)
        let given = own + (advertised?(own, client.sampleValues) ?? [])
        let (examples, notes, opensNew) = LinkFuzzEngine.examples(
            given: given, samples: client.sampleValues, sampleLinks: client.sampleLinks.map(\.link),
            opensNew: Set((client.linkExamples + client.sampleLinks).filter(\.opensNewEachTime).map(\.link)))
        guard !examples.isEmpty else {
            throw .failure(
                "the app gives no link examples to start from: its DeepLinkableApp type's linkExamples (or a "
                    + "route table, RoutedApp) names them")
        }
        let seed = UInt64(self.seed ?? 1)
        let (links, seconds) = limits
        let console = context.console
        let limit: String = links.map { "\($0) links" } ?? "\(seconds ?? 0) s"
        let name = app.title ?? TerminalText.escaped(URL(fileURLWithPath: app.path).lastPathComponent)
        console.err(
            "fuzzing \(name): \(examples.count) examples, \(examples.count + 1) starting states, seed \(seed), "
                + "budget \(limit)\n")
        for note in notes { console.err("note: \(note)\n") }
        if !app.probeRestore() { console.err(app.restartNote(per: "case")) }
        var engine = LinkFuzzEngine(seed: seed, opensNew: opensNew)
        var runner = LaunchedFuzzRunner(app: app, deadline: seconds.map { Date().addingTimeInterval(Double($0)) })
        var progress = ProgressLine(enabled: console.errorIsTerminal, console: console)
        let started = Date()
        // Ctrl-C ends the run after its case: what was found so far is reported, and every
        // child and its directory is removed as at the end of any run.
        let interrupts = Interrupts()
        defer { interrupts.restore() }
        await engine.run(
            examples: examples, links: links,
            deadline: seconds.map { .now() + .seconds($0) }, runner: &runner, stopped: { interrupts.arrived },
            progress: { done, all, links in progress.show("group \(done) of \(all), \(links) links") })
        progress.clear()
        var said = notes
        if interrupts.arrived { said.append("interrupted after \(engine.links) links: the report covers those") }
        let report = LinkFuzzReport(
            seed: seed, examples: examples.count, links: engine.links,
            seconds: (Date().timeIntervalSince(started) * 10).rounded() / 10,
            properties: LinkFuzzFinding.properties, findings: engine.findings, notes: said)
        switch format {
        case .json: console.out(report.json)
        case .junit: console.out(report.junitXML(name: "fuzz \(URL(fileURLWithPath: app.path).lastPathComponent)"))
        case .text: self.report(text: report, children: app.starts, console: console)
        }
        if let exportTest, !report.findings.isEmpty {
            guard let served = appType, served.problem == nil else {
                throw .failure(
                    "the launched app names no DeepLinkableApp type a test can import; serve it with "
                        + "Inspector.serve(YourApp.self)")
            }
            let source = LinkFuzzFinding.testSource(report.findings, app: served, seed: seed, inProcess: inProcess)
            try context.write(Data(source.utf8), to: exportTest, what: "test")
            let wrote = "wrote \(exportTest): one test per finding, each failing while it is there\n"
            if format == .text { console.out(wrote) } else { console.err(wrote) }
        }
        if interrupts.arrived {
            if format == .text { console.out("interrupted after \(engine.links) links: the report covers those\n") }
            throw .failure(
                "interrupted"
                    + (report.findings.isEmpty
                        ? "" : " with \(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")"))
        }
        if !report.findings.isEmpty {
            throw .failure("\(report.findings.count) finding\(report.findings.count == 1 ? "" : "s")")
        }
    }

    /// The URLs to fuzz from `--aasa`'s rules that the app's examples miss, made from its
    /// sample values once they are known; `nil` without `--aasa`.
    private func associationLinks(_ context: Context) throws(CLIError) -> (([String], [String]) -> [String])? {
        guard let association, let domain else { return nil }
        let file: AppSiteAssociation
        do {
            file = try AppSiteAssociation(data: try context.read(association, what: "association file"))
        } catch let error as AssociationError {
            throw .failure("cannot read the association file: \(TerminalText.escaped(error.description))")
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("cannot read the association file: \(error)")
        }
        let check = AssociationCheck(association: file, domain: domain)
        return { examples, samples in check.advertisedLinks(examples: examples, samples: samples) }
    }

    private func report(text report: LinkFuzzReport, children: Int, console: Console) {
        let count = report.findings.count
        console.out(
            "applied \(report.links) links in \(String(format: "%.1f", report.seconds)) s, "
                + "\(children) child\(children == 1 ? "" : "ren") started: "
                + "\(count == 0 ? "no" : String(count)) finding\(count == 1 ? "" : "s")\n")
        for finding in report.findings {
            console.out("FAIL \(finding)\n")
            if finding.alike > 0 {
                console.out(
                    "  and \(finding.alike) more alike: the same property broken the same way from other states or "
                        + "in other forms\n")
            }
        }
    }
}

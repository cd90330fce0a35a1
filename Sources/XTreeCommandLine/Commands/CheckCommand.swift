import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspectorClient
import XTreeReachability
import XTreeTargets

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "check",
        summary: "Check that every deep link the app's data allows is reachable.",
        discussion: """
            Audits the app's tree for forgotten children (objects a node holds but does not
            list), then applies every link the app's data allows with each of the app's
            appliers, each from a fresh app. A link passes when it ends on the screen it
            names and all appliers leave identical trees. Text rows are printed as they complete,
            a failing row with its searches' traces; on a terminal a progress line counts them.
            The status is 1 if any link fails or a child is forgotten. Run it in CI; JUnit XML is
            what CI systems show as test results. With --coverage, also which screen types the
            links reached, which of the app's link forms they covered, and which types in the
            trees no link reached (in the JSON as 'coverage', in JUnit XML as properties).
            An app whose type declares its own check (CheckedApp; the example apps do) runs it
            inside itself, from fresh roots, and sends each row as it completes. Any other app,
            or any with --examples, has its link examples checked on it, then its sample links
            (each form with its own samples) that are not among them: each passes when it is
            applied without error and ends on an object in the app's tree, of the type the
            example says it reaches if it says one (LinkExample's reaches). A launched app takes
            each from a fresh root; a running one from its start if it restores states, else
            where the example before left it. Ctrl-C (SIGINT) or SIGTERM stops the check
            after the link under way: the rows so far are reported, and the status is 1.
            """,
        roles: [.starting]
    )

    /// The formats of a reachability report.
    enum ReportFormat: String, CaseIterable {
        case text, json, junit
    }

    @Option(name: "format", help: "Report format (default text).")
    var format: ReportFormat = .text
    @Flag(name: "coverage", help: "Also report the screens, link forms and types the links covered.")
    var coverage: Bool
    @Flag(name: "examples", help: "Check the app's link examples on it even if it runs its own check.")
    var examples: Bool
    @OptionGroup var attach: AttachOption
    @OptionGroup var hold: HoldOption

    func run(_ context: Context) async throws(CLIError) {
        var report: ReachabilityReport
        // Ctrl-C or SIGTERM ends the check after the example under way: the rows so far are
        // reported, and a launched app and its directory are removed as at the end of any run.
        // Noted from once the app is started, as `fuzz` does.
        var interrupts: Interrupts?
        defer { interrupts?.restore() }
        let running = try context.runningOrExample(attach, hold: hold)
        let noted = Interrupts()
        interrupts = noted
        if running.client.checks, !examples {
            // The app's own check, run inside it: every link its data allows, from fresh roots.
            var printer = RowPrinter(format: format, console: context.console)
            // Nobody reads the table any more (`| head`): stop asking for rows.
            let console = context.console
            let (checked, forms) = try running.live { () throws(InspectorError) in
                try running.client.runCheck(
                    stopped: { noted.arrived || console.isClosed }, progress: { printer.show($0) })
            }
            printer.done()
            report = coverage ? checked.measuringCoverage(forms: forms) : checked
        } else {
            let (checked, forms) = try await check(running, context: context, stopped: { noted.arrived })
            report = checked
            // Each example says its own form.
            let formOfLink = Dictionary(
                Self.examples(of: running.client).map { ($0.link, $0.form) }, uniquingKeysWith: { first, _ in first })
            if coverage { report = report.measuringCoverage(forms: forms, formOfLink: formOfLink) }
        }
        let console = context.console
        if console.isClosed { return }
        switch format {
        case .text: console.out(report.summary + (report.coverage?.text ?? ""))
        case .json: console.out(report.json)
        case .junit: console.out(report.junitXML)
        }
        if interrupts?.arrived == true {
            let said =
                "interrupted after \(report.results.count) of \(report.total) link checks: the report covers those\n"
            if format == .text { console.out(said) } else { console.err(said) }
            throw .failure("interrupted" + (report.failures.isEmpty ? "" : " with \(report.failures.count) failed"))
        }
        guard report.passed else {
            let problems = report.audit?.problems.count ?? 0
            var parts = ["\(report.failures.count) of \(report.results.count) link checks failed"]
            if problems > 0 { parts.append("\(problems) forgotten \(problems == 1 ? "child" : "children")") }
            if let startFailure = report.startFailure { parts = [startFailure] }
            throw .failure(parts.joined(separator: "; "))
        }
    }

    /// Checks the link examples of an app attached or launched; the report and the forms of
    /// its examples.
    private func check(
        _ app: AttachedTarget, context: Context, stopped: () -> Bool
    ) async throws(CLIError) -> (ReachabilityReport, [String]) {
        let (client, title) = (app.client, app.announced)
        guard client.appType != nil, !client.linkExamples.isEmpty else {
            throw .failure(
                "\(title) gives no link examples to check: give Inspector your DeepLinkableApp type, "
                    + "with linkExamples")
        }
        let examples = Self.examples(of: client)
        let samples = examples.count - client.linkExamples.count
        let line =
            "checking \(title), \(client.linkExamples.count) link examples"
            + (samples == 0 ? "" : " and \(samples) more sample link\(samples == 1 ? "" : "s") of their forms") + "\n"
        if format == .text { context.console.out(line) } else { context.console.err(line) }
        // A running app starts each example from its start if it restores states.
        var restores = false
        if let launched = app.launched {
            if !launched.probeRestore() { context.console.err(launched.restartNote(per: "example")) }
        } else {
            do {
                _ = try client.restore(to: 0)
                restores = true
            } catch {
                context.console.err(
                    "note: \(title) restores no states, so each example is applied where the one before left it\n")
            }
        }
        let check = ExampleCheck(
            name: client.app.name, examples: examples,
            applier: app.launched == nil ? "attached" : "launched")
        var printer = RowPrinter(format: format, console: context.console)
        let report = await check.run(
            apply: { link in
                switch app.open(link, restoring: restores) {
                case .failure(let failure): return .failed(failure.description)
                case .success(let answer):
                    if let error = answer.result.error { return .failed(error) }
                    return .reached(
                        path: answer.path.map(NodeReference.init), endNames: answer.path.last?.names ?? [],
                        types: answer.types ?? [],
                        appeared: (answer.result.appeared ?? []).map {
                            (NodeReference(order: nil, id: $0.id, type: $0.type, label: $0.label), $0.names)
                        })
                }
            }, stopped: stopped, progress: { printer.show($0) })
        printer.done()
        var seen = Set<String>()
        return (report, examples.map(\.form).filter { seen.insert($0).inserted })
    }

    /// What a running app's check applies: its link examples, then its sample links (each form
    /// with its own samples) that are not among them.
    static func examples(of client: InspectorClient) -> [LinkExample] {
        let given = Set(client.linkExamples.map(\.link))
        return client.linkExamples + client.sampleLinks.filter { !given.contains($0.link) }
    }
}

/// Prints a report's text rows as they complete, and a progress line on a terminal.
@MainActor
private struct RowPrinter {
    let format: CheckCommand.ReportFormat
    let console: Console
    var progress: ProgressLine
    var printed = 0
    var headed = false

    init(format: CheckCommand.ReportFormat, console: Console) {
        self.format = format
        self.console = console
        progress = ProgressLine(enabled: console.errorIsTerminal, console: console)
    }

    mutating func show(_ report: ReachabilityReport) {
        if format == .text {
            progress.clear()
            if !headed {
                console.out(report.auditText + report.tableHeader)
                headed = true
            }
            for result in report.results[printed...] { console.out(report.row(result, colors: console.colors)) }
            console.flush()
            // Nobody reads the table any more (`| head`): stop checking.
            if console.isClosed { withUnsafeCurrentTask { $0?.cancel() } }
        }
        printed = report.results.count
        progress.show("\(printed)/\(report.total) link checks")
    }

    mutating func done() {
        progress.clear()
    }
}

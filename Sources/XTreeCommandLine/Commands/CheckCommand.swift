import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
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

    func run(_ context: Context) async throws(CLIError) {
        let app = try context.startApp()
        var report = await check(app, context: context)
        if coverage { report = report.measuringCoverage(forms: type(of: app).linkForms) }
        let console = context.console
        if console.isClosed { return }
        switch format {
        case .text: console.out(report.summary + (report.coverage?.text ?? ""))
        case .json: console.out(report.json)
        case .junit: console.out(report.junitXML)
        }
        guard report.passed else {
            let problems = report.audit?.problems.count ?? 0
            var parts = ["\(report.failures.count) of \(report.results.count) link checks failed"]
            if problems > 0 { parts.append("\(problems) forgotten \(problems == 1 ? "child" : "children")") }
            if let startFailure = report.startFailure { parts = [startFailure] }
            throw .failure(parts.joined(separator: "; "))
        }
    }

    /// Runs the app's check, printing text rows as they complete.
    private func check<App: EmbeddedApp>(_ app: App, context: Context) async -> ReachabilityReport {
        let console = context.console
        let colors = console.colors
        var progress = ProgressLine(enabled: console.errorIsTerminal, console: console)
        var printed = 0
        let report = await app.reachabilityCheck().run { report in
            if format == .text {
                progress.clear()
                if printed == 0, report.results.isEmpty {
                    console.out(report.auditText + report.tableHeader)
                }
                for result in report.results[printed...] { console.out(report.row(result, colors: colors)) }
                console.flush()
                // Nobody reads the table any more (`| head`): stop checking.
                if console.isClosed { withUnsafeCurrentTask { $0?.cancel() } }
            }
            printed = report.results.count
            progress.show("\(printed)/\(report.total) link checks")
        }
        progress.clear()
        return report
    }
}

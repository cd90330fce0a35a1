import Foundation
import RecipesDomain
import XTree

extension Command {
    static let check = Command(
        spec: CommandSpec(
            name: "check",
            options: [
                .catalog,
                OptionSpec(name: "format", value: "text|json|junit", help: "Report format (default text)."),
            ],
            positionals: 0...0
        ),
        summary: "Check that every deep link the catalog allows is reachable.",
        usage: "check [--catalog FILE] [--format text|json|junit]",
        discussion: """
            Audits the app's tree for forgotten children (objects a node holds but does not
            list), then applies every link the catalog allows (each tab, each recipe, and each
            recipe's ratings in every accepted URL form) by search and by the explicit approach,
            each from a fresh app. A link passes when it ends on the screen it names and both
            approaches leave identical trees. Text rows are printed as they complete, a failing
            row with its searches' traces; on a terminal a progress line counts them. The
            status is 1 if any link fails or a child is forgotten. Run it in CI; JUnit XML is
            what CI systems show as test results.
            """
    ) { arguments, context throws(CLIError) in
        let format = try arguments.choice("format", as: ReportFormat.self) ?? .text
        let check = DefaultHomeCoordinator.reachabilityCheck(catalog: try context.catalog())
        let console = context.console
        let colors = console.colors
        var progress = ProgressLine(enabled: console.errorIsTerminal, console: console)
        var printed = 0
        let report = await check.run { report in
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
        if console.isClosed { return }
        switch format {
        case .text: console.out(report.summary)
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
}

/// The formats of a reachability report.
enum ReportFormat: String, CaseIterable {
    case text, json, junit
}

/// A count on standard error that rewrites itself, for long work on a terminal; at most ten
/// updates a second, and nothing at all when standard error is not a terminal.
struct ProgressLine {
    let enabled: Bool
    let console: Console
    private var lastShown: UInt64 = 0
    private var shown = false

    init(enabled: Bool, console: Console) {
        self.enabled = enabled
        self.console = console
    }

    mutating func show(_ text: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard !shown || now - lastShown >= 100_000_000 else { return }
        lastShown = now
        shown = true
        console.err("\r\u{1B}[K\(text)")
    }

    mutating func clear() {
        guard shown else { return }
        shown = false
        console.err("\r\u{1B}[K")
    }
}

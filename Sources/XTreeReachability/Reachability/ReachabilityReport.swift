import Foundation
import XTree
import XTreeSupport

/// What ``ReachabilityCheck/run(audits:progress:)`` found: the children audit, and per link
/// and applier whether the link reached what it must, with the searches it made.
///
/// Rendered as a text table (``text(colors:)``), JSON (``json``) and JUnit XML
/// (``junitXML``), which CI systems show as test results.
public struct ReachabilityReport: Sendable, Hashable, Encodable, CustomStringConvertible {
    /// One link applied one way.
    public struct Result: Sendable, Hashable, Codable {
        /// The link's description.
        public var link: String
        /// The links applied before it, if any (``ReachabilityCheck/expect(_:after:reaches:)``).
        public var after: [String]?
        /// The name of the way it was applied.
        public var applier: String
        /// What the link must reach.
        public var expected: String
        /// The path from the app's root to the object the link ended on; empty if applying
        /// the link failed.
        public var reached: [NodeReference]
        /// What the link made appear, where it is known: the nodes it added to the tree (at
        /// most 16), such as the screen a coordinator that handled it showed.
        public var appeared: [NodeReference]?
        /// Every search the link made, in the order they ended.
        public var traces: [SearchTrace]
        /// For a failed link, the forgotten children of the app as the link left it: often
        /// why the link failed.
        public var forgottenChildren: [ChildrenAudit.Finding] = []
        /// The objects that left the tree and were still alive when the grace period ended,
        /// if releases were checked (``ReachabilityCheck/expectReleases(within:)``) and any
        /// outlived their place.
        public var outlived: [NodeReference]?
        /// Why the link failed, in a few words; `nil` if it passed.
        public var failure: String?
        /// How long the link took, app creation included.
        public var seconds: Double

        /// Whether the link reached what it must.
        public var passed: Bool { failure == nil }

        /// The link, with the links applied before it: `cart after product/a1`.
        public var title: String { Self.title(link, after: after ?? []) }

        static func title(_ link: String, after setup: [String]) -> String {
            setup.isEmpty ? link : "\(link) after \(setup.joined(separator: ", "))"
        }

        /// One sentence that says which link failed and why, escaped for a terminal; `nil`
        /// if it passed.
        public var explanation: String? {
            failure.map {
                TerminalText.escaped("\(title) (\(applier)): expected \(expected); \($0).")
            }
        }

        /// For a failed link, what explains it further: a line per forgotten child, then
        /// the trace of every search it made. Empty if it passed.
        public var details: String {
            guard !passed else { return "" }
            return forgottenChildren.map { "forgotten child: \($0)\n" }.joined()
                + traces.map(\.description).joined()
        }
    }

    /// The check's name.
    public let name: String
    /// How many results the run makes when it completes.
    public let total: Int
    /// The children audit of a fresh app, if the run audited.
    public internal(set) var audit: ChildrenAudit?
    /// Why the run could not start, if it could not.
    public internal(set) var startFailure: String?
    /// The results so far, in the order they ran.
    public internal(set) var results: [Result] = []
    /// The names of the ways each link is applied, in the order they run.
    public let appliers: [String]
    /// The types of every node in the trees the links left: what ``Coverage`` holds the
    /// screens reached against.
    public internal(set) var typesSeen = Set<String>()
    /// What the run covered, once ``measuringCoverage(forms:formOfLink:)`` measured it: then part of the
    /// text, the JSON and the JUnit XML.
    public internal(set) var coverage: Coverage?
    // Column widths known before the first row, so rows can be printed as they complete.
    let linkWidth: Int
    let applierWidth: Int

    init(name: String, links: Int, appliers: [String], linkWidth: Int) {
        self.name = name
        self.appliers = appliers
        total = links * appliers.count
        self.linkWidth = min(linkWidth, 60)
        applierWidth = max(7, appliers.map { TerminalText.escaped($0).count }.max() ?? 0)
    }

    /// The results that failed.
    public var failures: [Result] { results.filter { !$0.passed } }

    /// Whether the run completed, found no forgotten child, and every link passed.
    public var passed: Bool {
        startFailure == nil && results.count == total && failures.isEmpty && (audit?.problems.isEmpty ?? true)
    }

    private enum CodingKeys: String, CodingKey {
        case name, passed, appliers, audit, startFailure, results, coverage
    }

    /// Encodes the report with its verdict, `passed`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(passed, forKey: .passed)
        try container.encode(appliers, forKey: .appliers)
        try container.encodeIfPresent(audit, forKey: .audit)
        try container.encodeIfPresent(startFailure, forKey: .startFailure)
        try container.encode(results, forKey: .results)
        try container.encodeIfPresent(coverage, forKey: .coverage)
    }
}

// MARK: - Text

extension ReachabilityReport {
    /// The whole report as text, as `print(report)` writes it: the audit, the table,
    /// failures' traces and the summary.
    public var description: String { text(colors: false) }

    /// The whole report as text, without colours: what `print(report)` writes.
    public var text: String { text(colors: false) }

    /// The whole report as text: the audit, the table, failures' traces and the summary.
    public func text(colors: Bool = false) -> String {
        var text = auditText
        text += tableHeader
        for result in results { text += row(result, colors: colors) }
        return text + summary + (coverage?.text ?? "")
    }

    /// The audit's findings, or a line saying it found nothing; empty if there was no audit.
    public var auditText: String {
        if let startFailure { return "\(TerminalText.escaped(startFailure))\n" }
        guard let audit else { return "" }
        guard !audit.findings.isEmpty else { return "children audit: every held object is listed\n\n" }
        return "children audit:\n" + audit.findings.map { "  \($0.kind.rawValue): \($0)\n" }.joined() + "\n"
    }

    /// The table's column titles.
    public var tableHeader: String {
        "RESULT  \(pad("LINK", linkWidth))  \(pad("APPLIER", applierWidth))  REACHED\n"
    }

    /// One result's row; a failure adds its explanation and its searches' traces, indented.
    public func row(_ result: Result, colors: Bool = false) -> String {
        let verdict = result.passed ? "ok  " : "FAIL"
        let painted =
            colors ? (result.passed ? "\u{1B}[32m\(verdict)\u{1B}[0m" : "\u{1B}[31m\(verdict)\u{1B}[0m") : verdict
        var text = "\(painted)    \(pad(TerminalText.escaped(result.title), linkWidth))  "
        text += "\(pad(TerminalText.escaped(result.applier), applierWidth))  "
        text += (result.reached.last.map(\.description) ?? "-") + "\n"
        guard let explanation = result.explanation else { return text }
        text += "        \(explanation)\n"
        return text + result.details.split(separator: "\n").map { "        \($0)\n" }.joined()
    }

    /// The counts line, with a blank line before it.
    public var summary: String {
        let failed = failures.count
        let linkCount = total / max(1, appliers.count)
        let links =
            "\(linkCount) link\(linkCount == 1 ? "" : "s") x \(appliers.count) applier\(appliers.count == 1 ? "" : "s")"
        var text = "\n\(results.count) checks (\(links)): \(results.count - failed) passed, \(failed) failed"
        if let problems = audit?.problems.count, problems > 0 {
            text += "; \(problems) forgotten \(problems == 1 ? "child" : "children")"
        }
        if results.count < total { text += " (stopped after \(results.count) of \(total))" }
        return text + "\n"
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

// MARK: - JSON and JUnit

extension ReachabilityReport {
    /// The report as pretty-printed JSON with sorted keys, ending in a newline.
    public var json: String {
        let encoder = JSONOutput.encoder(pretty: true)
        // Every field is a string, number, Boolean or array of them: encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The report as JUnit XML: one test suite, with a test case for the audit and one per
    /// result, whose failure carries the explanation and the traces.
    public var junitXML: String {
        let problems = audit?.problems ?? []
        let cases = results.count + (audit == nil ? 0 : 1) + (startFailure == nil ? 0 : 1)
        let failed = failures.count + (problems.isEmpty ? 0 : 1) + (startFailure == nil ? 0 : 1)
        let time = String(format: "%.3f", results.reduce(0) { $0 + $1.seconds })
        let suite = XMLText.escaped(name)
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"\(suite)\" tests=\"\(cases)\" failures=\"\(failed)\" time=\"\(time)\">\n"
        text += "  <testsuite name=\"\(suite)\" tests=\"\(cases)\" failures=\"\(failed)\" errors=\"0\" "
        text += "skipped=\"0\" time=\"\(time)\">\n"
        if let coverage { text += coverage.junitProperties }
        if let startFailure {
            text += "    <testcase classname=\"\(suite)\" name=\"start\" time=\"0\">\n"
            text += "      <failure message=\"\(XMLText.escaped(startFailure))\" type=\"start\"/>\n    </testcase>\n"
        }
        if let audit {
            text += "    <testcase classname=\"\(suite)\" name=\"children audit\" time=\"0\""
            if problems.isEmpty {
                text += "/>\n"
            } else {
                let message = "\(problems.count) forgotten \(problems.count == 1 ? "child" : "children")"
                text += ">\n      <failure message=\"\(message)\" type=\"forgotten child\">"
                text += XMLText.escaped(audit.description, keepingLineBreaks: true) + "</failure>\n    </testcase>\n"
            }
        }
        for result in results {
            text +=
                "    <testcase classname=\"\(suite).\(XMLText.escaped(result.applier))\" name=\"\(XMLText.escaped(result.title))\" "
            text += "time=\"\(String(format: "%.3f", result.seconds))\""
            guard let explanation = result.explanation else {
                text += "/>\n"
                continue
            }
            text += ">\n      <failure message=\"\(XMLText.escaped(explanation))\" type=\"unreachable\">"
            text += XMLText.escaped(result.details, keepingLineBreaks: true) + "</failure>\n    </testcase>\n"
        }
        return text + "  </testsuite>\n</testsuites>\n"
    }
}

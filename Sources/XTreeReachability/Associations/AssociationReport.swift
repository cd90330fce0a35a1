import Foundation
import XTree
import XTreeSupport

/// What ``AssociationCheck`` found: per app of the file, a row for each URL a rule advertises
/// (or excludes), and the app's link forms on the domain that no rule opens.
///
/// Rendered as text (``summary``), JSON (``json``) and JUnit XML (``junitXML``). Everything
/// from the file or the app is escaped for where it goes.
public struct AssociationReport: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What a row found.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// The rule's URL opens a screen (or, excluded, the app does not take it).
        case passed
        /// The rule's URL does not open a screen, or an earlier rule shadows it.
        case failed
        /// Worth knowing, not a failure: an excluded URL the app would open.
        case note
    }

    /// One URL of one rule.
    public struct Row: Sendable, Hashable, Codable {
        /// The rule as written (`/recipes/*`, `NOT /recipes/*/rate`).
        public var rule: String
        /// The rule's `comment`.
        public var comment: String?
        /// The URL checked: one of the app's examples the rule matches, or one made from it.
        public var url: String
        /// Whether it passed.
        public var verdict: Verdict
        /// The screen reached, or why not.
        public var detail: String
    }

    /// A link form of the app that opens the browser: no rule matches it, or one excludes it.
    public struct Unadvertised: Sendable, Hashable, Codable {
        /// The form, as the app's `LinkExample` names it.
        public var form: String
        /// The example link of that form.
        public var link: String
        /// The rule that excludes it; `nil` when none matches.
        public var excludedBy: String?
    }

    /// One `details` entry's findings.
    public struct Table: Sendable, Hashable, Codable {
        /// The entry's apps.
        public var appIDs: [String]
        /// A row per URL of each rule, in the rules' order.
        public var rows: [Row]
        /// The app's link forms on the domain that open the browser.
        public var unadvertised: [Unadvertised]
    }

    /// The website's host.
    public var domain: String
    /// The app checked, if one was chosen.
    public var appID: String?
    /// One table per entry checked.
    public var tables: [Table]

    /// Whether every advertised URL opens a screen and every link form is advertised. An
    /// excluded form (a rule says so on purpose) does not fail, nor does a note.
    public var passed: Bool { !tables.isEmpty && failures.isEmpty }

    /// Each failure in one sentence.
    public var failures: [String] {
        tables.flatMap { table in
            table.rows.filter { $0.verdict == .failed }.map { "\($0.rule): \($0.url): \($0.detail)" }
                + table.unadvertised.filter { $0.excludedBy == nil }.map {
                    "\($0.form) (\($0.link)) is not advertised: it opens the browser"
                }
        }
    }

    /// The report as `summary` words it, so that `print(report)` shows the tables.
    public var description: String { summary }

    /// The tables as text, escaped for a terminal.
    public var summary: String {
        guard !tables.isEmpty else {
            return "no entry of the file names \(TerminalText.escaped(appID ?? "an app"))\n"
        }
        var text = ""
        for table in tables {
            text += "\(TerminalText.escaped(table.appIDs.joined(separator: ", "))) on \(TerminalText.escaped(domain))\n"
            let ruleWidth = min(40, table.rows.map { TerminalText.escaped($0.rule).count }.max() ?? 4)
            let urlWidth = min(64, table.rows.map { TerminalText.escaped($0.url).count }.max() ?? 3)
            func pad(_ value: String, _ width: Int) -> String {
                value.count >= width ? value : value + String(repeating: " ", count: width - value.count)
            }
            text += "  \(pad("RULE", ruleWidth))  \(pad("URL", urlWidth))  RESULT\n"
            for row in table.rows {
                let mark = ["passed": "ok  ", "failed": "FAIL", "note": "note"][row.verdict.rawValue] ?? ""
                text +=
                    "  \(pad(TerminalText.escaped(row.rule), ruleWidth))  \(pad(TerminalText.escaped(row.url), urlWidth))"
                text += "  \(mark) \(TerminalText.escaped(row.detail))\n"
            }
            if table.unadvertised.isEmpty {
                text += "  every https link form of the app on \(TerminalText.escaped(domain)) is advertised\n"
            }
            for form in table.unadvertised {
                let why =
                    form.excludedBy.map { "note excluded by \(TerminalText.escaped($0))" } ?? "FAIL not advertised"
                text +=
                    "  \(why): \(TerminalText.escaped(form.form)) (\(TerminalText.escaped(form.link))) opens the browser\n"
            }
        }
        let failed = failures.count
        text += failed == 0 ? "passed\n" : "\(failed) \(failed == 1 ? "failure" : "failures")\n"
        return text
    }

    /// The report as JSON, keys sorted.
    public var json: String {
        let encoder = JSONOutput.encoder(pretty: true)
        return ((try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}") + "\n"
    }

    /// The report as JUnit XML: a test suite per entry, a test case per row and per link form.
    public var junitXML: String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        for table in tables {
            let suite = XMLText.escaped("associations." + table.appIDs.joined(separator: ","))
            let failed =
                table.rows.filter { $0.verdict == .failed }.count
                + table.unadvertised.filter { $0.excludedBy == nil }.count
            let count = table.rows.count + table.unadvertised.count
            text += "  <testsuite name=\"\(suite)\" tests=\"\(count)\" failures=\"\(failed)\">\n"
            for row in table.rows {
                text += "    <testcase classname=\"\(suite)\" name=\"\(XMLText.escaped(row.rule + " " + row.url))\""
                text +=
                    row.verdict == .failed
                    ? ">\n      <failure message=\"\(XMLText.escaped(row.detail))\" type=\"unreachable\"/>\n    </testcase>\n"
                    : "/>\n"
            }
            for form in table.unadvertised {
                text += "    <testcase classname=\"\(suite)\" name=\"\(XMLText.escaped("form " + form.form))\""
                text +=
                    form.excludedBy == nil
                    ? ">\n      <failure message=\"\(XMLText.escaped(form.link + " is not advertised"))\" type=\"unadvertised\"/>\n    </testcase>\n"
                    : "/>\n"
            }
            text += "  </testsuite>\n"
        }
        return text + "</testsuites>\n"
    }
}

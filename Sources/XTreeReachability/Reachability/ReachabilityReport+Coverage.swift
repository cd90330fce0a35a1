import Foundation
import XTree

extension ReachabilityReport {
    /// What a reachability run covered, as code coverage reports lines: the screens its links
    /// reached, the link forms its links were of, and the types in the trees that no link
    /// reached.
    public struct Coverage: Sendable, Hashable, Codable {
        /// Each type a passing link ended on, with how many links ended there.
        public var screens: [String: Int]
        /// Each link form the app takes, with how many of the run's links were of it.
        public var forms: [String: Int]
        /// The links that were of no form given.
        public var linksOfNoForm: [String]
        /// The types in the trees the links left that no link ended on, sorted.
        public var typesNeverReached: [String]

        /// The forms no link was of, sorted.
        public var formsNotCovered: [String] { forms.filter { $0.value == 0 }.map(\.key).sorted() }

        /// The coverage as text for a terminal, after the report's summary.
        public var text: String {
            func list(_ names: some Sequence<String>) -> String {
                names.map { TerminalText.escaped($0) }.joined(separator: ", ")
            }
            let reached = screens.keys.sorted()
            let covered = forms.filter { $0.value > 0 }.count
            var text = "\ncoverage: \(reached.count) screen type\(reached.count == 1 ? "" : "s") reached, "
            text += "\(covered) of \(forms.count) link form\(forms.count == 1 ? "" : "s") covered\n"
            text += "  screens reached: \(list(reached.map { "\($0) (\(screens[$0] ?? 0))" }))\n"
            if !formsNotCovered.isEmpty { text += "  forms no link was of: \(list(formsNotCovered))\n" }
            if !linksOfNoForm.isEmpty { text += "  links of no form: \(list(linksOfNoForm))\n" }
            text +=
                typesNeverReached.isEmpty
                ? "  every type in the trees was reached by a link\n"
                : "  types in the trees no link reached: \(list(typesNeverReached))\n"
            return text
        }

        /// The coverage as JUnit properties of the test suite.
        var junitProperties: String {
            let properties = [
                ("coverage.screensReached", screens.keys.sorted().joined(separator: ",")),
                ("coverage.formsCovered", forms.filter { $0.value > 0 }.map(\.key).sorted().joined(separator: ",")),
                ("coverage.formsNotCovered", formsNotCovered.joined(separator: ",")),
                ("coverage.typesNeverReached", typesNeverReached.joined(separator: ",")),
            ]
            return "    <properties>\n"
                + properties.map { "      <property name=\"\($0.0)\" value=\"\(XMLText.escaped($0.1))\"/>\n" }.joined()
                + "    </properties>\n"
        }
    }

    /// The report with its coverage measured against the app's link `forms`, written with
    /// each value as `<name>` (`recipes://recipes/<slug>/ratings`). A link is of the form
    /// `formOfLink` gives it, where it gives one (an app's example says its own form: forms
    /// that share a pattern stay apart, and an entry's form is no pattern); else of the form
    /// that matches it with the most fixed characters.
    public func measuringCoverage(forms: [String], formOfLink: [String: String] = [:]) -> ReachabilityReport {
        var screens: [String: Int] = [:]
        for result in results where result.passed {
            // What the handler returned, and each kind of screen the link made appear.
            var types = Set(result.reached.last.map { [$0.type] } ?? [])
            types.formUnion((result.appeared ?? []).map(\.type))
            for type in types { screens[type, default: 0] += 1 }
        }
        let patterns = forms.compactMap { form -> (form: String, pattern: URLPattern, fixed: Int)? in
            var text = ""
            var fixed = 0
            var inside = false
            // A query item a link may leave out (`&[page=<page>]`, `[tag=<tags>]…`) is no part of
            // the pattern: the wildcard before it takes it where a link gives it.
            var shape = form.replacingOccurrences(of: "&[", with: "[")
            while let open = shape.range(of: "["), let close = shape[open.upperBound...].range(of: "]") {
                let end =
                    shape[close.upperBound...].hasPrefix("…") ? shape.index(after: close.upperBound) : close.upperBound
                shape.removeSubrange(open.lowerBound..<end)
            }
            if shape.hasSuffix("?") { shape.removeLast() }
            for character in shape {
                if character == "<" {
                    inside = true
                    text += "*"
                } else if character == ">" {
                    inside = false
                } else if !inside {
                    text.append(character)
                    fixed += 1
                }
            }
            guard let pattern = try? URLPattern(text, variables: [:], at: "form") else { return nil }
            return (form, pattern, fixed)
        }
        var counts = Dictionary(uniqueKeysWithValues: forms.map { ($0, 0) })
        var ofNoForm: [String] = []
        var links = Set<String>()
        for result in results where links.insert(result.link).inserted {
            if let form = formOfLink[result.link], counts[form] != nil {
                counts[form, default: 0] += 1
                continue
            }
            let best = patterns.filter { $0.pattern.matches(result.link, caseSensitive: true) }
                .max { $0.fixed < $1.fixed }
            if let best { counts[best.form, default: 0] += 1 } else { ofNoForm.append(result.link) }
        }
        var copy = self
        copy.coverage = Coverage(
            screens: screens, forms: counts, linksOfNoForm: ofNoForm,
            typesNeverReached: typesSeen.subtracting(screens.keys).sorted())
        return copy
    }
}

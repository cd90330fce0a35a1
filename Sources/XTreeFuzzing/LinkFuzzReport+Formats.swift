import Foundation
import XTree
import XTreeSupport

extension LinkFuzzReport {
    /// The report as JSON with sorted keys, on one line, ending in a newline.
    public var json: String {
        let encoder = JSONOutput.encoder()
        // Every field is a string, number or array of them: encoding cannot fail.
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The report as JUnit XML: a suite named `name`, with a test case per property checked,
    /// failing with each of its findings.
    public func junitXML(name: String) -> String {
        let failed = properties.filter { property in findings.contains { $0.property == property } }
        let suite = XMLText.escaped(name)
        let time = String(format: "%.3f", seconds)
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"\(suite)\" tests=\"\(properties.count)\" failures=\"\(failed.count)\" "
        text += "time=\"\(time)\">\n"
        text += "  <testsuite name=\"\(suite)\" tests=\"\(properties.count)\" failures=\"\(failed.count)\" "
        text += "errors=\"0\" skipped=\"0\" time=\"\(time)\">\n"
        text += "    <properties>\n"
        text += "      <property name=\"seed\" value=\"\(seed)\"/>\n"
        text += "      <property name=\"links\" value=\"\(links)\"/>\n"
        text += "    </properties>\n"
        for property in properties {
            text += "    <testcase classname=\"\(suite).fuzz\" name=\"\(XMLText.escaped(property))\" time=\"0\""
            let broken = findings.filter { $0.property == property }
            guard let first = broken.first else {
                text += "/>\n"
                continue
            }
            let message = "\(broken.count) finding\(broken.count == 1 ? "" : "s"): \(first.link)"
            text += ">\n      <failure message=\"\(XMLText.escaped(message))\" type=\"fuzz\">"
            let details = broken.map(\.description).joined(separator: "\n")
            text += XMLText.escaped(details, keepingLineBreaks: true) + "</failure>\n    </testcase>\n"
        }
        return text + "  </testsuite>\n</testsuites>\n"
    }
}

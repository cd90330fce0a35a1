/// Text from data written into Swift source, as `xtree-cli export-test` writes it: literals
/// that hold exactly the text, in printable ASCII only, so that no scalar from an app (a
/// bidi control, a line separator, a quote) can end a literal early, open an interpolation
/// or read differently from what it means.
package enum SwiftSourceText {
    /// A string literal: `"…"`, with `\`, `"` and every scalar outside printable ASCII
    /// escaped (`\n`, `\t`, `\u{…}`).
    package static func stringLiteral(_ text: String) -> String {
        let body = escapingScalars(text) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "\"": "\\\""
            case "\n": "\\n"
            case "\t": "\\t"
            case " "..."~": nil
            default: visibleEscape(scalar)
            }
        }
        return "\"\(body)\""
    }

    /// A raw multi-line string literal (`#"""` … `"""#`) holding a JSON text, each line
    /// and the closing delimiter after `indent` (which the literal's value leaves out). Scalars outside printable ASCII, which JSON allows only
    /// inside strings, are written as JSON escapes (`\u00e9`, pairs above U+FFFF), so the
    /// literal decodes to the same JSON value. The delimiter has one `#` more than any run of
    /// them after a `"` or `\` in the text, so neither the end nor an interpolation can be
    /// spelled inside it.
    package static func jsonLiteral(_ json: String, indent: String = "") -> String {
        var body = ""
        for scalar in json.unicodeScalars {
            switch scalar {
            case "\n": body += "\n" + indent
            case " "..."~": body.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    body += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        var longest = 0
        var run: Int?
        for scalar in body.unicodeScalars {
            if scalar == "#", let length = run {
                run = length + 1
                longest = max(longest, length + 1)
            } else {
                run = scalar == "\"" || scalar == "\\" ? 0 : nil
            }
        }
        let hashes = String(repeating: "#", count: longest + 1)
        return "\(hashes)\"\"\"\n\(indent)\(body)\n\(indent)\"\"\"\(hashes)"
    }
}

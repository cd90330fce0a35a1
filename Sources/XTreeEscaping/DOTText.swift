/// Text from data inside a Graphviz DOT double-quoted string.
///
/// Quotes and backslashes are escaped; the characters ``TerminalText`` finds unsafe, line
/// breaks among them, are written as the visible text `\u{…}` (a DOT `\\u{…}`), so only the
/// renderer's own `\n` between fields breaks a label's lines.
package enum DOTText {
    package static func escaped(_ text: String) -> String {
        escapingScalars(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            default: TerminalText.isUnsafe(scalar) ? "\\" + visibleEscape(scalar) : nil
            }
        }
    }
}

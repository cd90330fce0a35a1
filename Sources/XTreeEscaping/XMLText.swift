/// Text fit for XML 1.0 attribute values and character data, as JUnit reports hold it.
///
/// The scalars a terminal must not get (``TerminalText``) and those XML 1.0 cannot hold at
/// all (outside its `Char` production: most C0 controls, U+FFFE, U+FFFF) are written as
/// `\u{…}` text, then the markup characters as entities. With `keepingLineBreaks`, for
/// element text, a line feed stays a line break; in an attribute value a parser would read it
/// as a space, so it is `\n`.
package enum XMLText {
    package static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        escapingScalars(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\n" where keepingLineBreaks: nil
            case "\u{FFFE}", "\u{FFFF}": visibleEscape(scalar)
            default: TerminalText.isUnsafe(scalar) ? TerminalText.escaped(String(scalar)) : nil
            }
        }
    }
}

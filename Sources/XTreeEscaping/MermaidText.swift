/// Text from data inside a quoted Mermaid label.
///
/// Markup characters and the characters ``TerminalText`` finds unsafe, line breaks among
/// them, are written as Mermaid's entity codes (`#35;`), so no data can end a label or split
/// a statement.
package enum MermaidText {
    package static func escaped(_ text: String) -> String {
        escapingScalars(text) { scalar in
            switch scalar {
            case "\"": "#quot;"
            case "<": "#lt;"
            case ">": "#gt;"
            case "#": "#35;"
            case "&": "#38;"
            default: TerminalText.isUnsafe(scalar) ? "#\(scalar.value);" : nil
            }
        }
    }
}

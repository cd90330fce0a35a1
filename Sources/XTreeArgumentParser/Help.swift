/// Help and usage, derived from what commands declare: nothing here is written per command.
///
/// Laid out for a width: prose is wrapped to it, and each table (commands, arguments, options)
/// puts its descriptions in a column after its longest name, wrapped under that column.
@MainActor
package enum Help {
    /// The width when nothing says otherwise (not a terminal, no `COLUMNS`).
    package static let defaultWidth = 80
    /// The narrowest and the widest help is laid out: prose wider than 100 columns is hard to
    /// read, however wide the terminal.
    package static let widths = 60...100
    /// Where a table's descriptions start at most; a longer name has its description on the
    /// lines under it.
    package static let maximumColumn = 32

    /// The width for a terminal of `columns` columns (`nil`: unknown).
    package static func width(columns: Int?) -> Int {
        guard let columns, columns > 0 else { return defaultWidth }
        return min(max(columns, widths.lowerBound), widths.upperBound)
    }

    /// `OVERVIEW`, `USAGE`, `ARGUMENTS` and `OPTIONS` of one command.
    package static func text(
        command: CommandConfiguration, declarations: [any Declaration], common: [any Declaration], width: Int
    ) -> String {
        var text = wrapped("OVERVIEW: \(command.summary)", width: width) + "\n\n"
        if !command.discussion.isEmpty { text += wrapped(command.discussion, width: width) + "\n\n" }
        text += "USAGE: " + usage(command.name, declarations, width: width) + "\n"
        let slots = declarations.flatMap(\.slots)
        let positionals = slots.filter { $0.kind == .positional }.map { ("  " + $0.name, $0.help) }
        let options =
            optionEntries((slots + common.flatMap(\.slots)).filter { $0.kind != .positional })
            + [("  --help", "Show this help.")]
        // One column for both tables, so that the screen reads as one.
        let column = self.column(for: positionals + options)
        if !positionals.isEmpty { text += "\nARGUMENTS:\n" + table(positionals, column: column, width: width) }
        text += "\nOPTIONS:\n" + table(options, column: column, width: width)
        return text
    }

    /// `xtree-cli NAME ARGUMENTS [OPTIONS]`, wrapped under its own start.
    package static func usage(_ name: String, _ declarations: [any Declaration], width: Int) -> String {
        let slots = declarations.flatMap(\.slots)
        let positionals = slots.filter { $0.kind == .positional }.map { slot in
            slot.isRepeatable ? "\(slot.name)..." : slot.isRequired ? slot.name : "[\(slot.name)]"
        }
        let options = declarations.flatMap { $0.usage }
        let start = "xtree-cli \(name)"
        let room = width - "USAGE: ".count
        // A choice too wide for a line is broken before each `|`.
        let tokens = (positionals + options).flatMap { token -> [String] in
            guard token.count > room - 2, token.hasPrefix("[") else { return [token] }
            let parts = token.components(separatedBy: " | ")
            return [parts[0]] + parts.dropFirst().map { "| " + $0 }
        }
        // Continued under the command's first token, or, where the longest token would not
        // fit there, two columns in.
        let longest = tokens.map(\.count).max() ?? 0
        let indent = start.count + 1 + longest <= room ? start.count : 1
        var lines = [start]
        for token in tokens {
            let line = lines[lines.count - 1]
            if line.count > indent + 1, line.count + 1 + token.count > room {
                lines.append(String(repeating: " ", count: indent))
            }
            lines[lines.count - 1] += " " + token
        }
        return lines.joined(separator: "\n" + String(repeating: " ", count: "USAGE: ".count))
    }

    /// Prose reflowed to lines of at most `width` characters (a longer word on its own): its
    /// paragraphs, separated by blank lines, stay apart; line breaks within one do not.
    package static func wrapped(_ text: String, width: Int, indent: Int = 0) -> String {
        let margin = String(repeating: " ", count: indent)
        return text.components(separatedBy: "\n\n").map { paragraph in
            var lines = [margin]
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
                let line = lines[lines.count - 1]
                if line.count > indent, line.count + 1 + word.count > width { lines.append(margin) }
                lines[lines.count - 1] += (lines[lines.count - 1].count > indent ? " " : "") + word
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The options' names and values, and their help.
    package static func optionEntries(_ options: [ArgumentSlot]) -> [(name: String, help: String)] {
        options.map { option in
            (
                (option.short.map { "  -\($0), " } ?? "  ") + "--\(option.name)"
                    + (option.valueName.map { " \($0)" } ?? ""),
                option.help + (option.isRepeatable ? " (repeatable)" : "")
            )
        }
    }

    /// Where a table of `entries` starts its descriptions: two spaces after its longest name,
    /// at most ``maximumColumn``.
    package static func column(for entries: [(name: String, help: String)]) -> Int {
        min((entries.map(\.name.count).max() ?? 0) + 2, maximumColumn)
    }

    /// A table: each name, then its help from `column` on, wrapped under that column. A name
    /// that reaches the column has its help on the lines under it.
    package static func table(
        _ entries: [(name: String, help: String)], column: Int? = nil, width: Int
    ) -> String {
        let column = column ?? self.column(for: entries)
        // Help narrower than this is harder to read than help under its name.
        let indent = width - column >= 24 ? column : 6
        return entries.map { name, help in
            let help = wrapped(help, width: width, indent: indent)
            let first = help.dropFirst(indent)
            if name.count + 2 <= indent {
                return name.padding(toLength: indent, withPad: " ", startingAt: 0) + first + "\n"
            }
            return name + "\n" + help + "\n"
        }.joined()
    }

    /// `[--name VALUE]`, `[--name VALUE]...` or `[--flag]`.
    package static func usage(of slot: ArgumentSlot, bracketed: Bool = true) -> String {
        let body = "--\(slot.name)" + (slot.valueName.map { " \($0)" } ?? "")
        return (bracketed && !slot.isRequired ? "[\(body)]" : body) + (slot.isRepeatable ? "..." : "")
    }
}

extension Declaration {
    package var usage: [String] {
        slots.filter { $0.kind != .positional }.map { Help.usage(of: $0) }
    }
}

extension OptionGroup {
    /// A choice of options reads `[--a X | --b Y]`.
    package var usage: [String] {
        guard Group.isExclusive else { return declarations(of: wrappedValue).flatMap { $0.usage } }
        let options = slots.filter { $0.kind != .positional }
        return ["[" + options.map { Help.usage(of: $0, bracketed: false) }.joined(separator: " | ") + "]"]
    }
}

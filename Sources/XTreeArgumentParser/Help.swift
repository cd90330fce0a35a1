/// Help and usage, derived from what commands declare: nothing here is written per command.
@MainActor
package enum Help {
    /// The widest a usage line grows before it wraps.
    package static let width = 80
    /// Where option descriptions start.
    package static let column = 32

    /// `OVERVIEW`, `USAGE`, `ARGUMENTS` and `OPTIONS` of one command.
    package static func text(
        command: CommandConfiguration, declarations: [any Declaration], common: [any Declaration]
    ) -> String {
        var text = "OVERVIEW: \(command.summary)\n\n"
        if !command.discussion.isEmpty { text += command.discussion + "\n\n" }
        text += "USAGE: " + usage(command.name, declarations) + "\n"
        let slots = declarations.flatMap(\.slots)
        let positionals = slots.filter { $0.kind == .positional }
        if !positionals.isEmpty {
            text += "\nARGUMENTS:\n" + lines(positionals.map { ("  " + $0.name, $0.help) })
        }
        let options = (slots + common.flatMap(\.slots)).filter { $0.kind != .positional }
        text += "\nOPTIONS:\n" + optionLines(options) + lines([("  --help", "Show this help.")])
        return text
    }

    /// `xtree-cli NAME ARGUMENTS [OPTIONS]`, wrapped under its own start.
    package static func usage(_ name: String, _ declarations: [any Declaration]) -> String {
        let slots = declarations.flatMap(\.slots)
        let positionals = slots.filter { $0.kind == .positional }.map { slot in
            slot.isRepeatable ? "\(slot.name)..." : slot.isRequired ? slot.name : "[\(slot.name)]"
        }
        let options = declarations.flatMap { $0.usage }
        let start = "xtree-cli \(name)"
        var lines = [start]
        for token in positionals + options {
            let line = lines[lines.count - 1]
            if line.count > start.count, line.count + 1 + token.count > width - "USAGE: ".count {
                lines.append(String(repeating: " ", count: start.count))
            }
            lines[lines.count - 1] += " " + token
        }
        let indent = String(repeating: " ", count: "USAGE: ".count)
        return lines.joined(separator: "\n" + indent)
    }

    /// Words wrapped to lines of at most `width` characters (a longer word on its own).
    package static func wrapped(_ text: String, width: Int = 88) -> String {
        var lines = [""]
        for word in text.split(separator: " ") {
            let line = lines[lines.count - 1]
            if !line.isEmpty, line.count + 1 + word.count > width { lines.append("") }
            lines[lines.count - 1] += (lines[lines.count - 1].isEmpty ? "" : " ") + word
        }
        return lines.joined(separator: "\n")
    }

    /// One line per option: name and value, then its help at ``column``.
    package static func optionLines(_ options: [ArgumentSlot]) -> String {
        lines(
            options.map { option in
                (
                    (option.short.map { "  -\($0), " } ?? "  ") + "--\(option.name)"
                        + (option.valueName.map { " \($0)" } ?? ""),
                    option.help + (option.isRepeatable ? " (repeatable)" : "")
                )
            })
    }

    private static func lines(_ entries: [(name: String, help: String)]) -> String {
        entries.map { name, help in
            let padded =
                name.count < column
                ? name.padding(toLength: column, withPad: " ", startingAt: 0)
                : name + "\n" + String(repeating: " ", count: column)
            return padded + help + "\n"
        }.joined()
    }

    /// `[--name VALUE]`, `[--name VALUE]...` or `[--flag]`.
    package static func usage(of slot: ArgumentSlot, bracketed: Bool = true) -> String {
        let body = "--\(slot.name)" + (slot.valueName.map { " \($0)" } ?? "")
        return (bracketed ? "[\(body)]" : body) + (slot.isRepeatable ? "..." : "")
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

import XTreeEscaping

/// Reads a command line into a command's declared options and arguments.
///
/// Accepts `--name value`, `--name=value`, `-x value` for an option with a short name, `-h`,
/// and `--` to end options. Every value is
/// converted in declaration order, then the groups and the command validate.
@MainActor
package struct CommandParser {
    /// The command's name, for errors.
    package let command: String
    /// Options and flags, in the order help lists them.
    package let options: [ArgumentSlot]
    package let positionals: [ArgumentSlot]
    /// Options the command refuses with a reason of its own (``CommandConfiguration/refuses``).
    package var refuses: [String: String] = [:]

    package init(command: String, slots: [ArgumentSlot], refuses: [String: String] = [:]) {
        self.command = command
        self.refuses = refuses
        options = slots.filter { $0.kind != .positional }
        positionals = slots.filter { $0.kind == .positional }
    }

    /// Fills the slots from `arguments`; throws `.help` when help is asked for, with `help`.
    package func parse(_ arguments: ArraySlice<RawArgument>, help: () -> String) throws(CLIError) {
        var rest = arguments
        var optionsEnded = false
        var given: [RawArgument] = []
        var wantsHelp = false
        while let raw = rest.popFirst() {
            let argument = raw.text
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                given.append(raw)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            let short = argument.count == 2 ? options.first { $0.short == argument.last } : nil
            guard argument.hasPrefix("--") || short != nil else {
                throw .usage("unknown option '\(TerminalText.shortened(argument))' for '\(command)'", command: command)
            }
            var name = short?.name ?? String(argument.dropFirst(2))
            var inlineValue: RawArgument?
            if short == nil, let equals = raw.bytes.firstIndex(of: UInt8(ascii: "=")) {
                inlineValue = RawArgument(bytes: Array(raw.bytes[(equals + 1)...]))
                name = String(decoding: raw.bytes[2..<equals], as: UTF8.self)
            }
            if name == "help" { throw .usage("option '--help' takes no value", command: command) }
            guard let option = options.first(where: { $0.name == name }) else {
                if let reason = refuses[name] {
                    throw .usage("'\(command)' takes no --\(name): \(reason)", command: command)
                }
                let known = (options.map { "--\($0.name)" } + ["--help"]).joined(separator: ", ")
                throw .usage(
                    "unknown option '--\(TerminalText.shortened(name))' for '\(command)'; options: \(known)",
                    command: command)
            }
            let value: RawArgument
            if option.kind == .flag {
                guard inlineValue == nil else { throw .usage("option '--\(name)' takes no value", command: command) }
                value = RawArgument("")
            } else if let inlineValue {
                value = inlineValue
            } else if let next = rest.popFirst() {
                value = next
            } else {
                throw .usage("option '--\(name)' needs a value (\(option.valueName ?? ""))", command: command)
            }
            if option.kind == .option, !option.isRepeatable, !option.given.isEmpty {
                throw .usage("option '--\(name)' is given more than once", command: command)
            }
            option.given.append(value)
        }
        if wantsHelp { throw .help(help()) }
        try assign(given)
        for slot in options + positionals { try slot.convert(command: command) }
    }

    /// How many positional arguments the command takes.
    package var positionalBounds: ClosedRange<Int> {
        let minimum = positionals.filter(\.isRequired).count
        let maximum = positionals.contains(where: \.isRepeatable) ? Int.max : positionals.count
        return minimum...maximum
    }

    /// Hands positional arguments out in order: one each, the rest to a repeatable one.
    private func assign(_ given: [RawArgument]) throws(CLIError) {
        let bounds = positionalBounds
        guard bounds.contains(given.count) else {
            let noun = bounds.lowerBound == 1 ? "argument" : "arguments"
            let expected =
                bounds.lowerBound == bounds.upperBound
                ? "\(bounds.lowerBound) \(noun)" : "at least \(bounds.lowerBound) \(noun)"
            throw .usage("'\(command)' takes \(expected), got \(given.count)", command: command)
        }
        var rest = given[...]
        for slot in positionals {
            if slot.isRepeatable {
                slot.given = Array(rest)
                rest = []
            } else if let next = rest.popFirst() {
                slot.given = [next]
            }
        }
    }
}

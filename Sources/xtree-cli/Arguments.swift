/// One option a command accepts.
struct OptionSpec {
    /// The long name without dashes, such as `depth`.
    let name: String
    /// What the value is called in help, or `nil` for a flag.
    let value: String?
    /// Whether it may be given more than once.
    var repeatable = false
    /// One line for help.
    let help: String
}

/// What a command accepts: options, and positional arguments between `minimum` and `maximum`.
struct CommandSpec {
    let name: String
    let options: [OptionSpec]
    let positionals: ClosedRange<Int>

    /// The options every command takes.
    static let common = [
        OptionSpec(
            name: "color",
            value: "auto|always|never",
            help: "Colour the output (auto: only on a terminal and without NO_COLOR)."
        ),
        OptionSpec(name: "help", value: nil, help: "Show this help."),
    ]
}

/// A command line split into options and positional arguments, checked against a spec.
///
/// Accepts `--name value`, `--name=value`, `-h`, and `--` to end options.
@MainActor
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var positionals: [String] = []
    let command: String

    init(_ arguments: ArraySlice<String>, spec: CommandSpec) throws(CLIError) {
        command = spec.name
        let options = spec.options + CommandSpec.common
        var rest = arguments
        var optionsEnded = false
        while let argument = rest.popFirst() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                values["help", default: []].append("")
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option '\(argument)' for '\(command)'", command: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard let option = options.first(where: { $0.name == name }) else {
                let known = options.map { "--\($0.name)" }.joined(separator: ", ")
                throw .usage("unknown option '--\(name)' for '\(command)'; options: \(known)", command: command)
            }
            let value: String
            if option.value == nil {
                guard inlineValue == nil else { throw .usage("option '--\(name)' takes no value", command: command) }
                value = ""
            } else if let inlineValue {
                value = inlineValue
            } else if let next = rest.popFirst() {
                value = next
            } else {
                throw .usage("option '--\(name)' needs a value (\(option.value ?? ""))", command: command)
            }
            if !option.repeatable, values[name] != nil, option.value != nil {
                throw .usage("option '--\(name)' is given more than once", command: command)
            }
            values[name, default: []].append(value)
        }
        if values["help"] != nil { throw .help(Help.text(for: spec)) }
        guard spec.positionals.contains(positionals.count) else {
            let bounds = spec.positionals
            let noun = bounds.lowerBound == 1 ? "argument" : "arguments"
            let expected = bounds.count == 1 ? "\(bounds.lowerBound) \(noun)" : "at least \(bounds.lowerBound) \(noun)"
            throw .usage("'\(command)' takes \(expected), got \(positionals.count)", command: command)
        }
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { values[name] != nil }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of an option given at most once.
    func value(_ name: String) -> String? { values[name]?.last }

    /// The value of an option as a whole number of at least `minimum`.
    func integer(_ name: String, minimum: Int) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw .usage(
                "option '--\(name)' takes a whole number of at least \(minimum), got '\(text)'", command: command)
        }
        return number
    }

    /// The value of an option as one of `choices`.
    func choice<Choice: RawRepresentable<String> & CaseIterable>(_ name: String, as type: Choice.Type) throws(CLIError)
        -> Choice?
    {
        guard let text = value(name) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let choices = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("option '--\(name)' takes one of \(choices), got '\(text)'", command: command)
        }
        return choice
    }
}

import Foundation
import XTree

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

/// One command-line argument: its bytes as `argv` held them, and as text (with invalid UTF-8
/// repaired, as `CommandLine.arguments` has it). Paths are taken from the bytes.
struct Argument {
    let bytes: [UInt8]
    let text: String

    init(bytes: [UInt8]) {
        self.bytes = bytes
        text = String(decoding: bytes, as: UTF8.self)
    }

    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The bytes of the process's arguments, the program's name left out.
    static var processArguments: [Argument] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map {
                Argument(bytes: Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))))
            }
        }
    }
}

/// A command line split into options and positional arguments, checked against a spec.
///
/// Accepts `--name value`, `--name=value`, `-h`, and `--` to end options.
@MainActor
struct ParsedArguments {
    private(set) var arguments: [String: [Argument]] = [:]
    private(set) var positionalArguments: [Argument] = []
    let command: String

    /// The values of every option given, by name.
    var values: [String: [String]] { arguments.mapValues { $0.map(\.text) } }
    /// The positional arguments, as text.
    var positionals: [String] { positionalArguments.map(\.text) }

    init(_ arguments: ArraySlice<Argument>, spec: CommandSpec) throws(CLIError) {
        command = spec.name
        let options = spec.options + CommandSpec.common
        var rest = arguments
        var optionsEnded = false
        while let raw = rest.popFirst() {
            let argument = raw.text
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionalArguments.append(raw)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                self.arguments["help", default: []].append(Argument(""))
                continue
            }
            guard argument.hasPrefix("--") else {
                throw .usage("unknown option '\(TerminalText.shortened(argument))' for '\(command)'", command: command)
            }
            var name = String(argument.dropFirst(2))
            var inlineValue: Argument?
            if let equals = raw.bytes.firstIndex(of: UInt8(ascii: "=")) {
                inlineValue = Argument(bytes: Array(raw.bytes[(equals + 1)...]))
                name = String(decoding: raw.bytes[2..<equals], as: UTF8.self)
            }
            guard let option = options.first(where: { $0.name == name }) else {
                let known = options.map { "--\($0.name)" }.joined(separator: ", ")
                throw .usage(
                    "unknown option '--\(TerminalText.shortened(name))' for '\(command)'; options: \(known)",
                    command: command)
            }
            let value: Argument
            if option.value == nil {
                guard inlineValue == nil else { throw .usage("option '--\(name)' takes no value", command: command) }
                value = Argument("")
            } else if let inlineValue {
                value = inlineValue
            } else if let next = rest.popFirst() {
                value = next
            } else {
                throw .usage("option '--\(name)' needs a value (\(option.value ?? ""))", command: command)
            }
            if !option.repeatable, self.arguments[name] != nil, option.value != nil {
                throw .usage("option '--\(name)' is given more than once", command: command)
            }
            self.arguments[name, default: []].append(value)
        }
        if self.arguments["help"] != nil { throw .help(Help.text(for: spec)) }
        guard spec.positionals.contains(positionalArguments.count) else {
            let bounds = spec.positionals
            let noun = bounds.lowerBound == 1 ? "argument" : "arguments"
            let expected = bounds.count == 1 ? "\(bounds.lowerBound) \(noun)" : "at least \(bounds.lowerBound) \(noun)"
            throw .usage("'\(command)' takes \(expected), got \(positionalArguments.count)", command: command)
        }
    }

    /// Whether a flag was given.
    func flag(_ name: String) -> Bool { arguments[name] != nil }

    /// Every value of a repeatable option, in order.
    func all(_ name: String) -> [String] { arguments[name]?.map(\.text) ?? [] }

    /// The value of an option given at most once.
    func value(_ name: String) -> String? { arguments[name]?.last?.text }

    /// The value of an option that names a file, as the bytes given.
    func path(_ name: String) -> RawPath? { arguments[name]?.last.map { RawPath(bytes: $0.bytes) } }

    /// The positional argument at `index`, as a path.
    func positionalPath(_ index: Int) -> RawPath { RawPath(bytes: positionalArguments[index].bytes) }

    /// The value of an option as a whole number of at least `minimum`.
    func integer(_ name: String, minimum: Int) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number >= minimum else {
            throw .usage(
                "option '--\(name)' takes a whole number of at least \(minimum), got '\(TerminalText.shortened(text))'",
                command: command)
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
            throw .usage(
                "option '--\(name)' takes one of \(choices), got '\(TerminalText.shortened(text))'", command: command)
        }
        return choice
    }
}

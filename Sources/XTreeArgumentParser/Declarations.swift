import XTreeEscaping

/// What the parser knows of one declared option or positional argument, and what it was
/// given. The property wrappers hold one each; a fresh command has fresh ones.
@MainActor
package class ArgumentSlot {
    package enum Kind { case option, flag, positional }

    package let kind: Kind
    /// The long option name without dashes, or a positional argument's value name.
    package let name: String
    /// What the value is called in help (`N`, `text|json`), or `nil` for a flag.
    package let valueName: String?
    /// One line for help.
    package let help: String
    /// An option that may be given more than once, or a positional that takes the rest.
    package let isRepeatable: Bool
    /// A positional argument or an option that must be given.
    package let isRequired: Bool
    /// What the option configures, if the tool shares it between commands: it is offered
    /// only to commands that take its role.
    package let role: OptionRole?
    /// A one-letter name besides the long one (`o` for `-o`), if the option has one.
    package var short: Character?
    /// The bounds of a whole number, where the value is one.
    package var bounds: (minimum: Int, maximum: Int?)?
    /// Whether the value names a file.
    package var isPath = false
    /// What the command line gave, in order.
    package var given: [RawArgument] = []

    package init(
        _ kind: Kind, name: String, valueName: String?, help: String, isRepeatable: Bool = false,
        isRequired: Bool = false, role: OptionRole? = nil
    ) {
        self.kind = kind
        self.name = name
        self.valueName = valueName
        self.help = help
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.role = role
    }

    /// Turns what was given into the typed value.
    package func convert(command: String) throws(CLIError) {}

    /// `--name` for an option or flag, `NAME` for a positional argument.
    package var displayName: String { kind == .positional ? name : "--\(name)" }
}

/// A slot whose value has a type: `convert` makes it from what was given.
@MainActor
package final class TypedSlot<Value>: ArgumentSlot {
    package typealias Conversion = @MainActor (_ slot: ArgumentSlot, _ command: String) throws(CLIError) -> Value
    private let conversion: Conversion
    private var converted: Value?

    package init(
        _ kind: Kind, name: String, valueName: String?, help: String, isRepeatable: Bool = false,
        isRequired: Bool = false, role: OptionRole? = nil, conversion: @escaping Conversion
    ) {
        self.conversion = conversion
        super.init(
            kind, name: name, valueName: valueName, help: help, isRepeatable: isRepeatable, isRequired: isRequired,
            role: role)
    }

    package override func convert(command: String) throws(CLIError) {
        converted = try conversion(self, command)
    }

    package var value: Value {
        guard let converted else { preconditionFailure("\(displayName) is read before the command line is parsed") }
        return converted
    }
}

/// Anything declared in a ``ParsableArguments`` type that the parser collects by reflection.
@MainActor
package protocol Declaration {
    var slots: [ArgumentSlot] { get }
    /// How the declaration reads in a usage line.
    var usage: [String] { get }
    /// Checks nested groups, innermost first.
    func validate() throws(CLIError)
}

extension Declaration {
    package func validate() throws(CLIError) {}
}

/// The declarations of a value's stored properties, in declaration order.
@MainActor
package func declarations(of value: Any) -> [any Declaration] {
    Mirror(reflecting: value).children.compactMap { $0.value as? any Declaration }
}

// MARK: - Options

/// An option with a value: `--name VALUE` or `--name=VALUE`.
@MainActor
@propertyWrapper
package struct Option<Value>: Declaration {
    package let slot: TypedSlot<Value>
    package var wrappedValue: Value { slot.value }
    package var slots: [ArgumentSlot] { [slot] }
}

extension Option where Value == String? {
    /// An option with a text value; `required` shows it so in help (the command says what is
    /// missing, in its own words, when it checks its options).
    package init(name: String, value: String, help: String, required: Bool = false, role: OptionRole? = nil) {
        slot = TypedSlot(.option, name: name, valueName: value, help: help, isRequired: required, role: role) {
            slot, _ in
            slot.given.last?.text
        }
    }
}

extension Option where Value == [String] {
    /// A repeatable option: every value, in order.
    package init(name: String, value: String, help: String, role: OptionRole? = nil) {
        slot = TypedSlot(.option, name: name, valueName: value, help: help, isRepeatable: true, role: role) { slot, _ in
            slot.given.map(\.text)
        }
    }
}

extension Option where Value == RawPath? {
    /// An option that names a file: the bytes given, so that any name survives.
    package init(
        name: String, short: Character? = nil, value: String, help: String, required: Bool = false,
        role: OptionRole? = nil
    ) {
        slot = TypedSlot(.option, name: name, valueName: value, help: help, isRequired: required, role: role) {
            slot, _ in
            slot.given.last.map { RawPath(bytes: $0.bytes) }
        }
        slot.short = short
        slot.isPath = true
    }
}

extension Option where Value == Int? {
    /// A whole number of at least `minimum` (and at most `maximum`, said as `what`); `required`
    /// shows it so in help (the command says what is missing when it checks its options).
    package init(
        name: String, value: String, help: String, minimum: Int, maximum: (Int, what: String)? = nil,
        required: Bool = false
    ) {
        slot = TypedSlot(.option, name: name, valueName: value, help: help, isRequired: required) {
            slot, command throws(CLIError) in
            guard let text = slot.given.last?.text else { return nil }
            guard let number = Int(text), number >= minimum else {
                throw .usage(
                    "option '--\(name)' takes a whole number of at least \(minimum), got '\(TerminalText.shortened(text))'",
                    command: command)
            }
            if let (maximum, what) = maximum, number > maximum {
                throw .usage("option '--\(name)' takes \(what) up to \(maximum), got \(number)", command: command)
            }
            return number
        }
        slot.bounds = (minimum, maximum?.0)
    }
}

extension Option where Value: RawRepresentable<String> & CaseIterable {
    /// One of the cases, by raw value; `wrappedValue` when not given. The value name lists them.
    package init(wrappedValue: Value, name: String, help: String, role: OptionRole? = nil) {
        let choices = Value.allCases.map(\.rawValue)
        slot = TypedSlot(
            .option, name: name, valueName: choices.joined(separator: "|"), help: help, role: role
        ) { slot, command throws(CLIError) in
            guard let text = slot.given.last?.text else { return wrappedValue }
            guard let choice = Value(rawValue: text) else {
                throw .usage(
                    "option '--\(name)' takes one of \(choices.joined(separator: ", ")), got '\(TerminalText.shortened(text))'",
                    command: command)
            }
            return choice
        }
    }
}

/// An option without a value: `--name`.
@MainActor
@propertyWrapper
package struct Flag: Declaration {
    package let slot: TypedSlot<Bool>
    package var wrappedValue: Bool { slot.value }
    package var slots: [ArgumentSlot] { [slot] }

    package init(name: String, help: String) {
        slot = TypedSlot(.flag, name: name, valueName: nil, help: help) { slot, _ in !slot.given.isEmpty }
    }
}

// MARK: - Positional arguments

/// A positional argument.
@MainActor
@propertyWrapper
package struct Argument<Value>: Declaration {
    package let slot: TypedSlot<Value>
    package var wrappedValue: Value { slot.value }
    package var slots: [ArgumentSlot] { [slot] }
}

extension Argument where Value == String {
    package init(value: String, help: String) {
        slot = TypedSlot(.positional, name: value, valueName: value, help: help, isRequired: true) { slot, _ in
            slot.given.first?.text ?? ""
        }
    }
}

extension Argument where Value == String? {
    /// At most one.
    package init(value: String, help: String) {
        slot = TypedSlot(.positional, name: value, valueName: value, help: help) { slot, _ in slot.given.first?.text }
    }
}

extension Argument where Value == [String] {
    /// One or more.
    package init(value: String, help: String) {
        slot = TypedSlot(
            .positional, name: value, valueName: value, help: help, isRepeatable: true, isRequired: true
        ) { slot, _ in slot.given.map(\.text) }
    }
}

extension Argument where Value == RawPath {
    package init(value: String, help: String) {
        slot = TypedSlot(.positional, name: value, valueName: value, help: help, isRequired: true) { slot, _ in
            RawPath(bytes: slot.given.first?.bytes ?? [])
        }
        slot.isPath = true
    }
}

extension Argument where Value == RawPath? {
    package init(value: String, help: String) {
        slot = TypedSlot(.positional, name: value, valueName: value, help: help) { slot, _ in
            slot.given.first.map { RawPath(bytes: $0.bytes) }
        }
        slot.isPath = true
    }
}

// MARK: - Groups

/// Options declared once in a ``ParsableArguments`` type and shared by several commands.
@MainActor
@propertyWrapper
package struct OptionGroup<Group: ParsableArguments>: Declaration {
    package let wrappedValue: Group

    package init() {
        wrappedValue = Group()
    }

    package var slots: [ArgumentSlot] { allSlots(of: wrappedValue) }

    package func validate() throws(CLIError) {
        try validateAll(wrappedValue)
    }
}

/// Every slot of a value, nested groups included, in declaration order.
@MainActor
package func allSlots(of value: Any) -> [ArgumentSlot] {
    declarations(of: value).flatMap(\.slots)
}

/// Validates a value's groups, then the value.
@MainActor
package func validateAll(_ value: some ParsableArguments) throws(CLIError) {
    for declaration in declarations(of: value) { try declaration.validate() }
    try value.validate()
}

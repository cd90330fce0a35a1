/// A set of options and arguments declared as properties (``Option``, ``Flag``,
/// ``Argument``, ``OptionGroup``), read by ``CommandParser``.
@MainActor
protocol ParsableArguments {
    init()

    /// Whether the options form one choice, shown in usage as `[--a X | --b Y]`.
    static var isExclusive: Bool { get }

    /// Checks the values together once each is read; runs after the groups' own. A thrown
    /// usage error without a command is given the command's name.
    func validate() throws(CLIError)
}

extension ParsableArguments {
    static var isExclusive: Bool { false }
    func validate() throws(CLIError) {}
}

/// A subcommand: what it accepts, declared as properties, its help, and what it does.
@MainActor
protocol ParsableCommand: ParsableArguments {
    static var configuration: CommandConfiguration { get }

    /// Does the work; called once, after parsing and validation.
    func run(_ context: Context) async throws(CLIError)
}

/// A command's name, its help, and what it does with the embedded app.
struct CommandConfiguration {
    /// The name typed after `xtree-cli`.
    let name: String
    /// One line for the command list and the top of its help.
    let summary: String
    /// Paragraphs for its help.
    var discussion = ""
    /// What the command does with the embedded app, which decides the app's options it takes.
    var appRoles: Set<AppRole> = []
}

/// What a command does with the embedded app; an app's option names the role it serves.
enum AppRole: Hashable {
    /// Starts it (its data: `--catalog`).
    case starting
    /// Applies links to it (how: `--approach`).
    case applyingLinks
    /// Restores and saves its state (`--restore`, `--save-state`).
    case savingState
}

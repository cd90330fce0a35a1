/// A set of options and arguments declared as properties (``Option``, ``Flag``,
/// ``Argument``, ``OptionGroup``), read by ``CommandParser``.
@MainActor
package protocol ParsableArguments {
    init()

    /// Whether the options form one choice, shown in usage as `[--a X | --b Y]`.
    static var isExclusive: Bool { get }

    /// Checks the values together once each is read; runs after the groups' own. A thrown
    /// usage error without a command is given the command's name.
    func validate() throws(CLIError)
}

extension ParsableArguments {
    package static var isExclusive: Bool { false }
    package func validate() throws(CLIError) {}
}

/// A subcommand: what it accepts, declared as properties, its help, and what it does with
/// the tool's `Context`.
@MainActor
package protocol ParsableCommand: ParsableArguments {
    /// What the tool gives a command to run with.
    associatedtype Context

    static var configuration: CommandConfiguration { get }

    /// Does the work; called once, after parsing and validation.
    func run(_ context: Context) async throws(CLIError)
}

/// A command's name, its help, and the roles of the tool's shared options it takes.
package struct CommandConfiguration {
    /// The name typed after the tool's.
    package let name: String
    /// One line for the command list and the top of its help.
    package let summary: String
    /// Paragraphs for its help.
    package var discussion: String
    /// The roles of the options the tool shares between commands (``ArgumentSlot/role``)
    /// that this command takes.
    package var roles: Set<OptionRole>
    /// Options other commands take that this one refuses, each with the reason it says.
    package var refuses: [String: String]

    package init(
        name: String, summary: String, discussion: String = "", roles: Set<OptionRole> = [],
        refuses: [String: String] = [:]
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.roles = roles
        self.refuses = refuses
    }
}

/// What an option configures, when a tool offers it to some commands and not others: the
/// tool names its roles, and each command lists those it takes.
package struct OptionRole: Hashable, Sendable {
    package let name: String

    package init(_ name: String) {
        self.name = name
    }
}

/// Everything a command line can come to besides success, which the tool maps to output and
/// an exit status in one place.
package enum CLIError: Error {
    /// `--help`: the text goes to standard output and the status is 0.
    case help(String)
    /// Bad command line: `error:` and a hint on standard error, status 64. A validation step
    /// may leave the command out; the parser fills it in.
    case usage(String, command: String?)
    /// A file, link or check failed: `error:` on standard error, status 1.
    case failure(String)

    /// What went wrong, without `error:`.
    package var message: String {
        switch self {
        case .help(let text), .usage(let text, _), .failure(let text): text
        }
    }
}

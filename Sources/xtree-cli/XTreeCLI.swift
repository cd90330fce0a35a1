import Foundation
import XTree
import XTreeSupport

/// The entry point: runs a command and maps its outcome to output and an exit status, in
/// this one place.
@main
enum XTreeCLI {
    static let version = "0.1.0"

    static func main() async {
        // A reader that goes away (`| head -1`) is then an EPIPE to handle, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let console = Console()
        var status = await run(Argument.processArguments, console: console)
        console.flush()
        if let error = console.writeError {
            console.err("error: cannot write to standard output: \(SystemError(error))\n")
            status = .failure
        }
        exit(status.rawValue)
    }

    /// Runs a command line given as text and returns its exit status.
    @MainActor
    static func run(_ arguments: [String], console: Console) async -> ExitStatus {
        await run(arguments.map(Argument.init), console: console)
    }

    /// Runs the command line and returns its exit status.
    @MainActor
    static func run(_ arguments: [Argument], console: Console) async -> ExitStatus {
        do {
            try await dispatch(arguments, console: console)
            return .success
        } catch {
            switch error {
            case .help(let text):
                console.out(text)
                return .success
            // Messages may echo what the user or a file said: escaped here, for every command.
            case .usage(let message, let command):
                console.err("error: \(TerminalText.escaped(message))\n")
                console.err("hint: see 'xtree-cli \(command.map { "\($0) " } ?? "")--help'\n")
                return .validationFailure
            case .failure(let message):
                console.err("error: \(TerminalText.escaped(message))\n")
                return .failure
            }
        }
    }

    @MainActor
    private static func dispatch(_ arguments: [Argument], console: Console) async throws(CLIError) {
        let texts = arguments.map(\.text)
        if texts.first == "--version" {
            guard texts.count == 1 else {
                throw .usage(
                    "--version takes no other arguments, got '\(TerminalText.shortened(texts[1]))'", command: nil)
            }
            console.out("xtree-cli \(version)\n")
            return
        }
        let name: String
        var rest = arguments[...]
        if let first = texts.first, !first.hasPrefix("-") {
            name = first
            rest = rest.dropFirst()
        } else if texts.contains("-h") || texts.contains("--help") {
            throw .help(Help.overview)
        } else {
            name = "tree"
        }
        guard let command = Command.all[name] else {
            throw .usage(
                "unknown command '\(TerminalText.shortened(name))'; commands: \(Command.all.keys.sorted().joined(separator: ", "))",
                command: nil
            )
        }
        let parsed = try ParsedArguments(rest, spec: command.spec)
        var context = Context(console: console)
        try context.configure(with: parsed)
        try await command.run(parsed, &context)
    }
}

/// The process's exit status, named as swift-argument-parser names them.
enum ExitStatus: Int32 {
    /// Done, or help printed.
    case success = 0
    /// A link, file, write or check failed.
    case failure = 1
    /// The command line was wrong (`EX_USAGE`).
    case validationFailure = 64
}

/// Everything a command can go wrong with, mapped to output by ``XTreeCLI/run(_:console:)``.
enum CLIError: Error {
    /// `--help`: the text goes to standard output and the status is 0.
    case help(String)
    /// Bad command line: `error:` and a hint on standard error, status 64.
    case usage(String, command: String?)
    /// A file, link or check failed: `error:` on standard error, status 1.
    case failure(String)
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreePlatform
import XTreeSupport
import XTreeTargets

/// `xtree-cli`: finds the command, parses its command line, runs it, and maps its outcome to
/// output and an exit status, in this one place.
@MainActor
public enum CommandLineTool {
    static let version = "0.1.0"

    /// Every command, in the order the overview lists them: the one registry.
    static let commands = [
        RegisteredCommand(TreeCommand.self), RegisteredCommand(OpenCommand.self), RegisteredCommand(FindCommand.self),
        RegisteredCommand(WhyCommand.self), RegisteredCommand(CheckCommand.self), RegisteredCommand(LinksCommand.self),
        RegisteredCommand(DiffCommand.self),
        RegisteredCommand(WatchCommand.self), RegisteredCommand(WebCommand.self),
        RegisteredCommand(ListCommand.self), RegisteredCommand(DoctorCommand.self),
        RegisteredCommand(ServeCommand.self), RegisteredCommand(LogCommand.self),
        RegisteredCommand(RecordCommand.self), RegisteredCommand(ReplayCommand.self),
        RegisteredCommand(RestoreCommand.self), RegisteredCommand(ExportTestCommand.self),
        RegisteredCommand(CrashCommand.self), RegisteredCommand(FuzzCommand.self), RegisteredCommand(MCPCommand.self),
    ]

    /// Runs the process's command line and exits with its status.
    public static func main() async -> Never {
        // A reader that goes away (`| head -1`) is then an EPIPE to handle, not a signal.
        Terminal.ignore(.brokenPipe)
        let console = Console()
        var status = await run(
            RawArgument.processArguments, console: console, environment: ProcessInfo.processInfo.environment,
            executable: Bundle.main.executablePath)
        console.flush()
        if let error = console.writeError {
            console.err("error: cannot write to standard output: \(SystemError(error))\n")
            status = .failure
        }
        Terminal.exit(status.rawValue)
    }

    /// Runs a command line and returns its exit status.
    ///
    /// - Parameter executable: The tool's executable, which serves the example apps in a child
    ///   (`serve NAME --as-launched`); without one, only `serve` and commands on another
    ///   app or a snapshot run.
    static func run(
        _ arguments: [RawArgument], console: Console, environment: [String: String], executable: String?,
        apps: [EmbeddedAppType] = EmbeddedApps.all
    ) async -> ExitStatus {
        do {
            try await dispatch(
                arguments, console: console, environment: environment, executable: executable, apps: apps)
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

    private static func dispatch(
        _ arguments: [RawArgument], console: Console, environment: [String: String], executable: String?,
        apps: [EmbeddedAppType]
    ) async throws(CLIError) {
        let texts = arguments.map(\.text)
        if texts.first == "--version" {
            guard texts.count == 1 else {
                throw .usage(
                    "--version takes no other arguments, got '\(TerminalText.shortened(texts[1]))'", command: nil)
            }
            console.out("xtree-cli \(version)\n")
            return
        }
        try refuseAppOption(texts)
        var rest = arguments[...]
        let name: String
        if let first = rest.first?.text, !first.hasPrefix("-") {
            name = first
            rest = rest.dropFirst()
        } else if rest.contains(where: { $0.text == "-h" || $0.text == "--help" }) {
            throw .help(overview(apps: apps, width: helpWidth(console: console, environment: environment)))
        } else {
            name = "tree"
        }
        guard let command = commands.first(where: { $0.configuration.name == name }) else {
            throw .usage(
                "unknown command '\(TerminalText.shortened(name))'; commands: "
                    + commands.map(\.configuration.name).sorted().joined(separator: ", "),
                command: nil)
        }
        let app = try AppEntry(chooseApp(from: apps, command: name, in: rest))
        try await command.run(rest, app, console, environment, executable)
    }

    /// `--app NAME`, before `--`, is refused with the command line that now says it.
    private static func refuseAppOption(_ texts: [String]) throws(CLIError) {
        let end = texts.firstIndex(of: "--") ?? texts.endIndex
        guard let index = texts[..<end].firstIndex(where: { $0 == "--app" || $0.hasPrefix("--app=") }) else { return }
        var rest = texts
        rest.removeSubrange(index..<min(texts[index] == "--app" ? index + 2 : index + 1, end))
        let given = texts[index] == "--app" ? texts.dropFirst(index + 1).first : String(texts[index].dropFirst(6))
        let name = TerminalText.shortened((given ?? "NAME").lowercased())
        let command = rest.first.flatMap { $0.hasPrefix("-") ? nil : $0 } ?? "tree"
        let example = command == "serve" ? "serve \(name)" : "\(TerminalText.shortened(command)) --launch \(name)"
        throw .usage("--app is gone: name the example app as in 'xtree-cli \(example)'", command: nil)
    }

    /// The example app the command line names, else the first: `serve NAME` (its first
    /// argument), or `--launch NAME` with the name of an example app (which the command's
    /// target then starts as it starts the default one). Read before the command's options,
    /// since the app adds its own; nothing is taken out.
    private static func chooseApp(
        from apps: [EmbeddedAppType], command: String, in arguments: ArraySlice<RawArgument>
    ) throws(CLIError) -> EmbeddedAppType {
        let end = arguments.firstIndex { $0.text == "--" } ?? arguments.endIndex
        let texts = arguments[..<end].map(\.text)
        let name: String?
        if command == "serve" {
            name = texts.first.flatMap { $0.hasPrefix("-") ? nil : $0 }
        } else if let index = texts.lastIndex(where: { $0 == "--launch" || $0.hasPrefix("--launch=") }) {
            name = texts[index] == "--launch" ? texts.dropFirst(index + 1).first : String(texts[index].dropFirst(9))
        } else {
            name = nil
        }
        guard let name else { return apps[0] }
        if let app = apps.first(where: { $0.name.lowercased() == name.lowercased() }) { return app }
        guard command == "serve" else { return apps[0] }
        throw .usage(
            "no example app is called '\(TerminalText.shortened(name))'; apps: "
                + apps.map { $0.name.lowercased() }.joined(separator: ", "),
            command: command)
    }

    /// The options and positional arguments `command` declares; none for a name of no command.
    package static func declaredSlots(of command: String) -> [ArgumentSlot] {
        commands.first { $0.configuration.name == command }?.slots ?? []
    }

    /// The commands that take the option `name`, listed for prose: `tree, find and diff`.
    static func taking(_ name: String) -> String {
        let names = commands.filter { $0.options.contains(name) }.map(\.configuration.name)
        guard names.count > 1 else { return names.first ?? "none" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    static func overview(apps: [EmbeddedAppType], width: Int) -> String {
        var text = Help.wrapped(
            """
            OVERVIEW: Inspect a tree of coordinators and view models: an example app the tool
            carries, a snapshot that any app wrote, a running app, or your own app started for one
            command.

            By default \(apps[0].title) is started as any app is, in a child of the tool that
            serves its inspector ('serve --as-launched'), and stopped at the end of the command;
            'serve' alone runs it in its own process. \(Self.taking("snapshot")) also read
            snapshots (--snapshot FILE, or - for standard input); \(Self.taking("attach")) attach to
            running apps (--attach, see 'list'); \(Self.taking("launch")) also start an app, work
            on it and stop it (--launch PATH|NAME: your app's launch executable, see
            Inspector.serve; a name from .xtree.json; or an example app: \(
                apps.map { $0.name.lowercased() }.joined(separator: ", "))).
            """, width: width)
        text += "\n\nUSAGE: xtree-cli [<command>] [<options>]\n\nCOMMANDS:\n"
        text += Help.table(commands.map { ("  " + $0.configuration.name, $0.configuration.summary) }, width: width)
        text += "\n" + Help.wrapped("With no command, xtree-cli prints the tree (as 'xtree-cli tree').", width: width)
        var options = Help.optionEntries(allSlots(of: CommonOptions()))
        options += [("  --help", "Show this help."), ("  --version", "Show the version.")]
        text += "\n\nOPTIONS:\n" + Help.table(options, width: width)
        text += "\n" + Help.wrapped("See 'xtree-cli <command> --help' for a command's options.", width: width) + "\n"
        return text
    }

    /// The width help is laid out for: `COLUMNS` if it is a number, else the terminal's width
    /// if standard output is one, else 80.
    static func helpWidth(console: Console, environment: [String: String]) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }) { return Help.width(columns: columns) }
        return Help.width(columns: console.isTerminal ? Terminal.columns(of: Terminal.standardOutput) : nil)
    }
}

extension CommandLineTool {
    /// Parses the command's own options, the example app's options of the command's roles
    /// and the common ones; validates; runs.
    static func parseAndRun<Command: ParsableCommand>(
        _: Command.Type, _ arguments: ArraySlice<RawArgument>, app: AppEntry, console: Console,
        environment: [String: String], executable: String?
    ) async throws(CLIError) where Command.Context == Context {
        let configuration = Command.configuration
        let name = configuration.name
        let command = Command()
        let common = CommonOptions()
        let appSlots = allSlots(of: app.options).filter { $0.role.map(configuration.roles.contains) ?? false }
        let own = declarations(of: command)
        let appDeclarations = appSlots.isEmpty ? [] : [AppOptions(slots: appSlots)]
        let parser = CommandParser(
            command: name, slots: own.flatMap(\.slots) + appSlots + allSlots(of: common),
            refuses: configuration.refuses)
        try parser.parse(arguments) {
            var configuration = configuration
            if configuration.roles.contains(.applyingLinks), !app.type.linkForms.isEmpty {
                let forms = app.type.linkForms.joined(separator: ", ")
                configuration.discussion += "\n\nLinks \(app.type.title) accepts: \(forms)."
            }
            return Help.text(
                command: configuration, declarations: own + appDeclarations, common: declarations(of: common),
                width: helpWidth(console: console, environment: environment))
        }
        // Slots an app's options hold but this command does not offer keep their defaults.
        for slot in allSlots(of: app.options) where !appSlots.contains(where: { $0 === slot }) {
            try slot.convert(command: name)
        }
        do {
            try validateAll(command)
        } catch .usage(let message, nil) {
            throw .usage(message, command: name)
        }
        common.configure(console, environment: environment)
        let inputLimit: Int
        switch InputLimit.fromEnvironment(environment) {
        case .success(let limit): inputLimit = limit
        case .failure(let problem): throw .usage(problem.description, command: name)
        }
        let embedded = (own.flatMap(\.slots) + appSlots).filter { $0.role != nil && !$0.given.isEmpty }
        let exampleArguments = appSlots.flatMap { slot in
            slot.given.map { (option: slot.name, value: slot.kind == .flag ? nil : $0) }
        }
        let context = Context(
            console: console, environment: environment, command: name, app: app,
            embeddedOptionsGiven: embedded.map(\.displayName), exampleArguments: exampleArguments,
            executable: executable, inputLimit: inputLimit)
        defer { context.launched.stopAll() }
        try await command.run(context)
    }
}

/// A command type in the registry: its configuration, and how to parse and run it.
@MainActor
struct RegisteredCommand {
    let configuration: CommandConfiguration
    let run:
        @MainActor (ArraySlice<RawArgument>, AppEntry, Console, [String: String], String?) async throws(CLIError) ->
            Void

    /// Its declarations' options and positional arguments.
    let slots: [ArgumentSlot]
    /// The options its declarations take, by name.
    var options: Set<String> { Set(slots.filter { $0.kind != .positional }.map(\.name)) }

    init<Command: ParsableCommand>(_ type: Command.Type) where Command.Context == Context {
        configuration = Command.configuration
        slots = allSlots(of: Command())
        run = { arguments, app, console, environment, executable throws(CLIError) in
            try await CommandLineTool.parseAndRun(
                type, arguments, app: app, console: console, environment: environment, executable: executable)
        }
    }
}

/// An example app's options as the command offers them: the app's slots of its roles.
@MainActor
private struct AppOptions: Declaration {
    let slots: [ArgumentSlot]
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

/// A subcommand: what it accepts, its help, and what it does.
@MainActor
struct Command {
    let spec: CommandSpec
    let summary: String
    let usage: String
    let discussion: String
    let run: @MainActor (ParsedArguments, inout Context) async throws(CLIError) -> Void

    static let all: [String: Command] = Dictionary(
        uniqueKeysWithValues: [tree, open, find, check, diff, watch, list, serve].map { ($0.spec.name, $0) }
    )

    static let order = ["tree", "open", "find", "check", "diff", "watch", "list", "serve"]
}

/// Help texts, made from the commands' specs.
@MainActor
enum Help {
    static var overview: String {
        var text = """
            OVERVIEW: Inspect a tree of coordinators and view models: the embedded recipes app,
            a snapshot that any app wrote, or a running app.

            By default the recipes app starts in-process (built-in catalog, or --catalog FILE);
            tree, find and diff also read snapshots (--snapshot FILE, or - for standard input);
            tree, find, open, watch and diff attach to running apps (--attach, see 'list').

            USAGE: xtree-cli [<command>] [<options>]

            COMMANDS:

            """
        for name in Command.order {
            guard let command = Command.all[name] else { continue }
            text += "  " + name.padding(toLength: 8, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += "\nWith no command, xtree-cli prints the tree (as 'xtree-cli tree').\n"
        text += "\nOPTIONS:\n" + optionLines(CommandSpec.common)
        text += "  --version".padding(toLength: 32, withPad: " ", startingAt: 0) + "Show the version.\n"
        text += "\nSee 'xtree-cli <command> --help' for a command's options.\n"
        return text
    }

    static func text(for spec: CommandSpec) -> String {
        guard let command = Command.all[spec.name] else { return overview }
        var text = "OVERVIEW: \(command.summary)\n\n"
        if !command.discussion.isEmpty { text += command.discussion + "\n\n" }
        text += "USAGE: xtree-cli \(command.usage)\n\nOPTIONS:\n"
        text += optionLines(spec.options + CommandSpec.common)
        return text
    }

    private static func optionLines(_ options: [OptionSpec]) -> String {
        options.map { option in
            let name = "  --\(option.name)" + (option.value.map { " \($0)" } ?? "")
            let padded =
                name.count < 32
                ? name.padding(toLength: 32, withPad: " ", startingAt: 0)
                : name + "\n" + String(repeating: " ", count: 32)
            return padded + option.help + (option.repeatable ? " (repeatable)" : "") + "\n"
        }.joined()
    }
}

extension OptionSpec {
    static let catalog = OptionSpec(
        name: "catalog", value: "FILE", help: "Load the recipes from FILE instead of the built-in catalog.")
    static let snapshot = OptionSpec(
        name: "snapshot",
        value: "FILE|-",
        help: "Read the tree from a JSON snapshot (- for standard input) instead of starting the app."
    )
    static let attach = OptionSpec(
        name: "attach",
        value: "NAME|PID|ADDRESS",
        help: "Work on a running app's tree (see 'xtree-cli list') instead of starting the app."
    )
    static let open = OptionSpec(name: "open", value: "URL", repeatable: true, help: "Apply a deep link first.")
    static let format = OptionSpec(
        name: "format", value: "text|json|dot|mermaid", help: "Output format (default text).")
    static let approach = OptionSpec(
        name: "approach",
        value: "search|explicit",
        help: "How links find their objects (default search)."
    )
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspectorClient
import XTreeJournal
import XTreePage
import XTreePlatform
import XTreeSupport

/// What a running command is given: the console, the environment, the example app with its
/// options, and the options given that configure it.
@MainActor
package struct Context {
    package let console: Console
    package let environment: [String: String]
    /// The command's name, for usage errors.
    package let command: String
    /// The example app and the options the command line gave it.
    package let app: AppEntry
    /// `--name` of each option given that configures the example app, in the order help lists them.
    package let embeddedOptionsGiven: [String]
    /// The most bytes one input may hold (``InputLimit``).
    package let inputLimit: Int
    /// The example app's options as given (each option's name, and its value unless a flag),
    /// for the child that serves it.
    package let exampleArguments: [(option: String, value: RawArgument?)]
    /// The executable that serves the example apps in a child: this tool's own, or what a
    /// library caller of the tool names.
    package let executable: String?
    /// The apps `--launch` started for the command, stopped when it ends.
    package let launched = LaunchedApps()

    package init(
        console: Console, environment: [String: String], command: String, app: AppEntry,
        embeddedOptionsGiven: [String], exampleArguments: [(option: String, value: RawArgument?)] = [],
        executable: String? = nil,
        inputLimit: Int
    ) {
        self.console = console
        self.environment = environment
        self.command = command
        self.app = app
        self.embeddedOptionsGiven = embeddedOptionsGiven
        self.exampleArguments = exampleArguments
        self.executable = executable
        self.inputLimit = inputLimit
    }

    /// The inspector directory `XTREE_INSPECTOR_DIR` names, if it names one; else the
    /// inspector's own choice (`InspectorDirectory`).
    package var inspectorDirectory: String? {
        environment["XTREE_INSPECTOR_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Connects to the running app `name` names: in the inspector directory above, waiting
    /// for each reply line up to `XTREE_REPLY_TIMEOUT` seconds if it is set to a positive
    /// number (an app stopped at a breakpoint), else the client's default (30 s).
    package func attach(_ name: String) throws(CLIError) -> AttachedTarget {
        let target = try AttachedTarget(name, in: inspectorDirectory)
        target.client.holdTimeout = HoldOption.seconds(environment["XTREE_HOLD_TIMEOUT"])
        if let text = environment["XTREE_REPLY_TIMEOUT"], let seconds = Double(text), seconds > 0,
            seconds <= 86_400
        {
            target.client.replyTimeout = seconds
        }
        return target
    }

    /// Starts the app `--launch` names, or without one the example app.
    package func launch(orExample value: String?) throws(CLIError) -> LaunchedApp {
        if !isExample(value), let value { return try launch(value) }
        return try launchExample().launched
    }

    /// Whether `--launch` names the example app, or is not given: the command line chose the
    /// app by that name (the example apps' names come before `.xtree.json`'s).
    package func isExample(_ launch: String?) -> Bool {
        launch.map { $0.lowercased() == app.type.name.lowercased() } ?? true
    }

    /// Starts the example app as a user's app is started: in a child of this tool's own
    /// executable (`serve NAME --as-launched OPTIONS`), with the options given that
    /// configure it, attached; stopped when the command ends, and by ``Target/finish()``,
    /// which then reports a state it failed to save.
    package func launchExample() throws(CLIError) -> (target: AttachedTarget, launched: LaunchedApp) {
        guard let executable else {
            throw .failure("cannot find this tool's own executable, which serves \(app.type.title) in a child")
        }
        var arguments = ["serve", app.type.name.lowercased(), "--as-launched", "--name", app.type.name].map {
            Array($0.utf8)
        }
        for (option, value) in exampleArguments {
            guard let value else {
                arguments.append(Array("--\(option)".utf8))
                continue
            }
            // The child's standard input is the tool's pipe to it, not the user's.
            guard value.text != "-" else {
                throw .usage(
                    "--\(option) -: \(app.type.title) runs in a child, which cannot read this command's standard "
                        + "input; give a file",
                    command: command)
            }
            arguments.append(Array("--\(option)=".utf8) + value.bytes)
        }
        // Read here too, so that a bad file is named in this command's words before any child.
        let example = try startApp()
        let launched = try launch(executable, arguments: arguments, title: app.type.title)
        guard let target = launched.target else { preconditionFailure("a launched app is attached") }
        target.exampleTitle = type(of: example).title
        target.applierName = example.applierName
        target.untraceableReason = example.untraceableReason
        target.linkCheck = { link throws(CLIError) in try example.check(link: link) }
        return (target, launched)
    }

    /// Starts the app `--launch` names (a path, or a name in `.xtree.json`; an example app's name
    /// is ``launch(orExample:)``'s), attached; it is
    /// stopped when the command ends.
    package func launch(_ value: String) throws(CLIError) -> LaunchedApp {
        let command = try LaunchConfiguration.command(
            for: value, from: FileManager.default.currentDirectoryPath, home: environment["HOME"])
        if let file = command.file {
            console.err(
                "launching '\(TerminalText.escaped(value))': "
                    + ([command.path] + command.arguments).map { TerminalText.escaped($0) }.joined(separator: " ")
                    + " (from \(TerminalText.escaped(file)))\n")
        }
        return try launch(command.path, arguments: command.arguments.map { Array($0.utf8) })
    }

    /// Starts the executable at `path` with `arguments`, attached; it is stopped when the
    /// command ends.
    package func launch(_ path: String, arguments: [[UInt8]], title: String? = nil) throws(CLIError) -> LaunchedApp {
        let app = try LaunchedApp(path, arguments: arguments, title: title, environment: environment)
        app.holdTimeout = HoldOption.seconds(environment["XTREE_HOLD_TIMEOUT"])
        launched.apps.append(app)
        return app
    }

    /// Makes the example app's adapter from its options (loading what it loads): in the tool,
    /// for what it knows before a child runs; in `serve`, the app itself.
    package func startApp() throws(CLIError) -> any EmbeddedApp {
        try app.start(self)
    }

    /// Writes a file the user named, by ``OutputFile``'s rule, with errors that name it.
    package func write(_ data: Data, to path: RawPath, what: String) throws(CLIError) {
        do {
            try OutputFile.write(Array(data), to: path)
        } catch {
            throw .failure("cannot write \(what) \(path): \(error)")
        }
    }

    /// Reads the JSON document a user named: `-` for standard input, a regular file, a pipe,
    /// a FIFO or a device, held to the input limit and given up at the first byte that cannot
    /// be JSON (unless `json` is `false`: a file of any bytes), with errors in our own words.
    package func read(_ source: RawPath, what: String, json: Bool = true) throws(CLIError) -> Data {
        try withInput(source, what: what) { descriptor throws(CLIError) in
            do {
                return try JSONInput.read(descriptor: descriptor, limit: inputLimit, screening: json)
            } catch {
                throw .failure("cannot read \(what) \(Self.sourceName(source)): \(error)")
            }
        }
    }

    /// A snapshot from a file, a pipe or `-` (standard input), validated. Read a piece at a
    /// time, as ``read(_:what:)`` reads: only the part under way is held, besides the
    /// snapshot.
    package func snapshot(from source: RawPath) throws(CLIError) -> TreeSnapshot {
        try withInput(source, what: "snapshot") { descriptor throws(CLIError) in
            let name = Self.sourceName(source)
            do {
                let size = (try? Files.status(of: descriptor)).map { max(0, Int($0.size)) } ?? 0
                let bytes = try FileByteSource(descriptor: descriptor, limit: inputLimit)
                return try SnapshotCodec.read(from: bytes, sizeHint: size)
            } catch let error as JSONInputError {
                throw .failure("cannot read snapshot \(name): \(error)")
            } catch let error as SnapshotReadError<JSONInputError> {
                switch error {
                case .source(let error): throw .failure("cannot read snapshot \(name): \(error)")
                case .snapshot(let error): throw .failure("invalid snapshot \(name): \(error.description)")
                }
            } catch {
                throw .failure("cannot read snapshot \(name): \(error)")
            }
        }
    }

    /// Opens what a user named for reading (standard input stays open), refusing a
    /// directory, and passes its descriptor to `body`.
    private func withInput<Result>(
        _ source: RawPath, what: String, _ body: (Int32) throws(CLIError) -> Result
    ) throws(CLIError) -> Result {
        var descriptor = console.input
        if !source.isStandardStream {
            let opened = source.withCString { path in
                Swift.Result { () throws(SystemError) in try Files.open(path, [], mode: 0) }
            }
            switch opened {
            case .success(let opened): descriptor = opened
            case .failure(let error):
                throw .failure("cannot read \(what) \(source): \(OutputFile.Problem.reason(error, reading: true))")
            }
        }
        defer { if descriptor != console.input { Files.close(descriptor) } }
        if (try? Files.status(of: descriptor))?.kind == .directory {
            throw .failure("cannot read \(what) \(Self.sourceName(source)): it is a directory, not a file")
        }
        return try body(descriptor)
    }

    package static func sourceName(_ source: RawPath) -> String {
        source.isStandardStream ? "(standard input)" : source.description
    }

    /// Writes a snapshot in a format, with a highlighted path and, for text, limits.
    package func render(
        _ snapshot: TreeSnapshot,
        format: Format,
        highlighted: [Int] = [],
        maxDepth: Int? = nil,
        maxNodes: Int? = nil,
        title: String = "snapshot"
    ) {
        let renderer: any TreeRenderer =
            switch format {
            case .text:
                TextRenderer(
                    maxDepth: maxDepth, maxNodes: maxNodes, highlighted: Set(highlighted), colors: console.colors)
            case .json: JSONRenderer()
            case .dot: DOTRenderer(highlighted: Set(highlighted))
            case .mermaid: MermaidRenderer(highlighted: Set(highlighted))
            case .html: HTMLRenderer(title: title, highlighted: highlighted)
            }
        renderer.render(snapshot) { console.out($0) }
    }

    /// The links `target`'s app holds, after its tree: `held by HOLDER: LINK`, a line each.
    package func printHeld(by target: any Target) {
        for held in target.held {
            console.out("held by \(TerminalText.escaped(held.holder)): \(TerminalText.escaped(held.link))\n")
        }
    }

    /// How `watch` shows an event: `changed: N notifications from M objects` and the diff for
    /// one that announcements caused, the objects for a report of outlived ones; nothing for
    /// a link's or restore's event that no announcement came with (the tree is kept in step).
    package func print(_ followed: FollowedEvent) {
        let event = followed.event
        if let outlived = event.outlived {
            console.out("still alive after leaving the tree:\n")
            for object in outlived { console.out("  \(object.summary)\n") }
            return
        }
        guard event.notifications > 0 else { return }
        console.out("changed: \(JournalEvent.counted(event.notifications, event.objects))\n")
        var stream = ConsoleStream(console: console)
        followed.diff.write(to: &stream)
    }
}

/// The output formats of trees.
package enum Format: String, CaseIterable {
    case text, json, dot, mermaid, html
}

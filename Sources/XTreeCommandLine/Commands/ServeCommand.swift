import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspector
import XTreePlatform
import XTreeReachability
import XTreeSupport
import XTreeTargets

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "serve",
        summary: "Run an example app with its inspector on, until interrupted.",
        discussion: """
            Starts the example app and its inspector, prints the app's name, pid and addresses,
            and serves 'xtree-cli --attach' until SIGINT or SIGTERM, when it saves its state if
            --save-state says where. It is the one command that runs the app in its own process:
            every other command serves it in a child of its own, this command with
            --as-launched. The app journals what happens to its tree ('log'), returns to an
            earlier event's state if it restores states ('restore'; the recipes app does), and
            reports objects still alive --release-grace milliseconds after they left the tree.
            With --as-launched it serves as an app's launch executable does
            (Inspector.serve(YourApp.self)): the inspector owns the root, and a restore to the
            start makes a fresh one (unless options change the app: it then returns to its first
            state, if the app restores states); a script that runs it can stand in for one in
            --launch.
            """,
        roles: [.starting, .applyingLinks, .savingState]
    )

    @Argument(value: "APP", help: "The example app to serve: recipes (the default) or shop; first, before options.")
    var app: String?
    @Option(name: "name", value: "NAME", help: "The name to serve under (default the app's name).")
    var name: String?
    @Option(
        name: "loopback", value: "PORT",
        help: "Also listen on 127.0.0.1:PORT (0 for any free port), as a simulator app would.", minimum: 0,
        maximum: (Int(UInt16.max), what: "a port"))
    var loopback: Int?
    @Option(
        name: "release-grace", value: "MS",
        help: "Report objects still alive this many milliseconds after they left the tree (default 2000).",
        minimum: 0, maximum: (86_400_000, what: "a day"))
    var releaseGrace: Int?
    @Flag(
        name: "as-launched",
        help: "Serve as a launch executable does: a restore to the start makes a fresh root (for --launch).")
    var asLaunched: Bool

    func run(_ context: Context) async throws(CLIError) {
        // Before the inspector announces itself: a SIGTERM sent once it is found must end it.
        let termination = Termination()
        Inspector.whenLauncherEnds { Task { @MainActor in termination.end() } }
        // The command line chose the app by its first argument (its options depend on it).
        if let app, app.lowercased() != context.app.type.name.lowercased() {
            throw .usage("give the app first: 'xtree-cli serve \(TerminalText.shortened(app)) …'", command: "serve")
        }
        let app = try context.startApp()
        let name =
            name ?? context.environment["XTREE_LAUNCH_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? type(of: app).name
        let (inspector, finish) = try await serve(app, name: name, console: context.console)
        context.console.out(
            "serving \(TerminalText.quoted(name)) (pid \(inspector.app.pid)) at "
                + inspector.addresses.map(TerminalText.escaped).joined(separator: " and ") + "\n")
        context.console.flush()
        await termination.wait()
        // Saved before the inspector goes: what the app is when the CLI ends its command.
        defer { inspector.stop() }
        try finish()
        context.console.out("stopped\n")
    }

    /// Serves the app; returns the inspector, and what saves the app's state at the end.
    private func serve<App: EmbeddedApp>(
        _ app: App, name: String, console: Console
    ) async throws(CLIError) -> (Inspector, () throws(CLIError) -> Void) {
        let grace = releaseGrace.map { Double($0) / 1000 } ?? Inspector.defaultReleaseGracePeriod
        let applier = Applier(app)
        if asLaunched, app.startsAsDefined {
            // As a launch executable serves its type: a fresh root for each restore to the start,
            // links applied by the app's applier (its --approach).
            var definition = AppDefinition(App.Definition.self, ownsRoot: true)
            definition.open = { link, root in try await applier.apply(link, to: root) }
            definition.check = Self.check(of: app)
            let inspector: Inspector
            do {
                inspector = try Inspector(
                    name: name, root: App.Definition.makeRoot(), directory: nil,
                    loopbackPort: loopback.map(UInt16.init), journalCapacity: Inspector.defaultJournalCapacity,
                    restoration: nil, releaseGracePeriod: grace, open: nil, definition: definition)
            } catch {
                throw .failure("cannot serve: \(error)")
            }
            return (inspector, { () throws(CLIError) in try app.finish(Self.root(of: inspector, as: App.self)) })
        }
        let root = app.makeRoot()
        try await app.prepare(root)
        if !app.startsAsDefined {
            console.err(
                "note: started with options that change the app, so its inspector names no app type: sessions "
                    + "recorded from it cannot become tests\n")
        }
        var definition = AppDefinition(App.Definition.self, named: app.startsAsDefined)
        definition.check = Self.check(of: app)
        do {
            let inspector = try Inspector(
                name: name, root: root, directory: nil, loopbackPort: loopback.map(UInt16.init),
                journalCapacity: Inspector.defaultJournalCapacity, restoration: app.restoration(for: root),
                releaseGracePeriod: grace, open: { url in try await applier.apply(url.absoluteString, to: root) },
                definition: definition)
            return (inspector, { () throws(CLIError) in try app.finish(root) })
        } catch {
            throw .failure("cannot serve: \(error)")
        }
    }

    /// The example app's check of every link its data allows (its catalog, its products), run
    /// inside this process when `check` asks.
    private static func check<App: EmbeddedApp>(of app: App) -> SelfCheck {
        SelfCheck(forms: App.linkForms) { app.reachabilityCheck() }
    }

    @MainActor
    private static func root<App: EmbeddedApp>(of inspector: Inspector, as _: App.Type) -> App.Root {
        guard let root = inspector.root as? App.Root else { preconditionFailure("a root of another app's type") }
        return root
    }
}

/// The app's link applier, made for the root each link is applied to (the inspector's fresh
/// root after a restore to the start): nothing holds a root past its links.
@MainActor
private struct Applier<App: EmbeddedApp>: Sendable {
    let app: App

    init(_ app: App) { self.app = app }

    func apply(_ link: String, to root: any DeepLinkable) async throws -> any DeepLinkable {
        guard let root = root as? App.Root else { preconditionFailure("a root of another app's type") }
        return try await app.linkApplier(for: root)(link).reached
    }
}

/// SIGINT or SIGTERM, or the end of the launching CLI, awaited: its handlers are set up when it
/// is made, so a signal that comes before ``wait()`` is not lost.
@MainActor
private final class Termination {
    private var ended = false
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init() {
        for signal in [SignalName.interrupt, .terminate] {
            Terminal.ignore(signal)
            let source = DispatchSource.makeSignalSource(signal: Terminal.number(of: signal), queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { self.end() } }
            source.resume()
            sources.append(source)
        }
    }

    func end() {
        ended = true
        continuation?.resume()
        continuation = nil
        for source in sources { source.cancel() }
    }

    func wait() async {
        guard !ended else { return }
        await withCheckedContinuation { self.continuation = $0 }
    }
}

import Foundation
import XTree
import XTreeArgumentParser
import XTreeConsole
import XTreeInspector
import XTreePlatform
import XTreeTargets

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "serve",
        summary: "Run the embedded app with its inspector on, until interrupted.",
        discussion: """
            Starts the embedded app and its inspector, prints the app's name, pid and addresses,
            and serves 'xtree-cli --attach' until SIGINT or SIGTERM; links are applied by the
            app's default applier. The app journals what happens to its tree ('log'), returns to
            an earlier event's state if it restores states ('restore'; the recipes app does), and
            reports objects still alive --release-grace milliseconds after they left the tree.
            With --as-launched it serves as an app's launch executable does
            (Inspector.serve(YourApp.self)): the inspector owns the root, and a restore to the
            start makes a fresh one; a script that runs it can stand in for one in --launch.
            """,
        roles: [.starting]
    )

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
        let app = try context.startApp()
        let name =
            name ?? context.environment["XTREE_LAUNCH_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? type(of: app).name
        let inspector = try serve(app, name: name, console: context.console)
        context.console.out(
            "serving \(TerminalText.quoted(name)) (pid \(inspector.app.pid)) at "
                + inspector.addresses.map(TerminalText.escaped).joined(separator: " and ") + "\n")
        context.console.flush()
        await termination.wait()
        inspector.stop()
        context.console.out("stopped\n")
    }

    private func serve<App: EmbeddedApp>(_ app: App, name: String, console: Console) throws(CLIError) -> Inspector {
        if asLaunched {
            guard app.startsAsDefined else {
                throw .failure(
                    "--as-launched serves the app as its type defines it; leave out the options that change it")
            }
            do {
                return try Inspector(
                    name: name, root: App.Definition.makeRoot(), directory: nil,
                    loopbackPort: loopback.map(UInt16.init),
                    journalCapacity: Inspector.defaultJournalCapacity, restoration: nil,
                    releaseGracePeriod: releaseGrace.map { Double($0) / 1000 } ?? Inspector.defaultReleaseGracePeriod,
                    open: nil, definition: AppDefinition(App.Definition.self, ownsRoot: true))
            } catch {
                throw .failure("cannot serve: \(error)")
            }
        }
        let root = app.makeRoot()
        let apply = app.linkApplier(for: root)
        if !app.startsAsDefined {
            console.err(
                "note: started with options that change the app, so its inspector names no app type: sessions "
                    + "recorded from it cannot become tests\n")
        }
        do {
            return try Inspector(
                name: name, root: root, directory: nil, loopbackPort: loopback.map(UInt16.init),
                journalCapacity: Inspector.defaultJournalCapacity, restoration: app.restoration(for: root),
                releaseGracePeriod: releaseGrace.map { Double($0) / 1000 } ?? Inspector.defaultReleaseGracePeriod,
                open: { url in try await apply(url.absoluteString).reached },
                definition: app.startsAsDefined ? AppDefinition(App.Definition.self) : nil)
        } catch {
            throw .failure("cannot serve: \(error)")
        }
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

import Foundation
import RecipesDomain
import XTree
import XTreeInspector

extension Command {
    static let list = Command(
        spec: CommandSpec(name: "list", options: [], positionals: 0...0),
        summary: "List the inspectable apps running now.",
        usage: "list",
        discussion: """
            Shows each running app that started an inspector: its name, process id and address,
            any of which --attach accepts. Entries of apps that are gone are removed.
            """
    ) { _, context throws(CLIError) in
        let apps: [InspectableApp]
        do {
            apps = try InspectorDirectory.runningApps()
        } catch {
            throw .failure("\(error)")
        }
        guard !apps.isEmpty else {
            context.console.out("no inspectable apps are running\n")
            return
        }
        let names = apps.map { TerminalText.escaped($0.name) }
        let width = max(4, names.map(\.count).max() ?? 0)
        context.console.out("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  PID      ADDRESS\n")
        for (app, name) in zip(apps, names) {
            let pid = String(app.pid).padding(toLength: 7, withPad: " ", startingAt: 0)
            context.console.out(
                name.padding(toLength: width, withPad: " ", startingAt: 0)
                    + "  \(pid)  "
                    + ([app.address] + (app.loopback.map { [$0] } ?? [])).map(TerminalText.escaped).joined(
                        separator: " ")
                    + "\n")
        }
    }

    static let serve = Command(
        spec: CommandSpec(
            name: "serve",
            options: [
                .catalog,
                OptionSpec(name: "name", value: "NAME", help: "The name to serve under (default Recipes)."),
                OptionSpec(
                    name: "loopback", value: "PORT",
                    help: "Also listen on 127.0.0.1:PORT (0 for any free port), as a simulator app would."),
            ],
            positionals: 0...0
        ),
        summary: "Run the recipes app with its inspector on, until interrupted.",
        usage: "serve [--catalog FILE] [--name NAME] [--loopback PORT]",
        discussion: """
            Starts the recipes app and its inspector, prints the app's name, pid and addresses,
            and serves 'xtree-cli --attach' until SIGINT or SIGTERM; links are applied by search.
            """
    ) { arguments, context throws(CLIError) in
        let name = arguments.value("name") ?? "Recipes"
        let port = try arguments.integer("loopback", minimum: 0)
        if let port, port > Int(UInt16.max) {
            throw .usage("option '--loopback' takes a port up to 65535, got \(port)", command: "serve")
        }
        let home = context.startApp(catalog: try context.catalog())
        let queue = NavigationQueue(home: home, approach: .search)
        let inspector: Inspector
        do {
            inspector = try Inspector(name: name, root: home, loopbackPort: port.map(UInt16.init)) { url in
                try await queue.enqueue(try DeepLink(url: url)).value.reached
            }
        } catch {
            throw .failure("cannot serve: \(error)")
        }
        context.console.out(
            "serving \(TerminalText.quoted(name)) (pid \(inspector.app.pid)) at "
                + inspector.addresses.map(TerminalText.escaped).joined(separator: " and ") + "\n")
        context.console.flush()
        await waitForTermination()
        inspector.stop()
        context.console.out("stopped\n")
    }

    /// Returns when the process gets SIGINT or SIGTERM.
    private static func waitForTermination() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = SignalOnce(continuation)
            for number in [SIGINT, SIGTERM] {
                let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
                source.setEventHandler { once.resume() }
                source.resume()
                once.keep(source)
            }
        }
    }
}

/// Resumes a continuation once, from whichever signal comes first, and keeps the signal
/// sources alive until then.
private final class SignalOnce: @unchecked Sendable {
    // Touched on the main queue only: sources are created there and fire there.
    private var continuation: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []

    init(_ continuation: CheckedContinuation<Void, Never>) {
        self.continuation = continuation
    }

    func keep(_ source: any DispatchSourceSignal) { sources.append(source) }

    func resume() {
        continuation?.resume()
        continuation = nil
        for source in sources { source.cancel() }
    }
}

import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeTargets

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "list",
        summary: "List the inspectable apps running now.",
        discussion: """
            Shows each running app that started an inspector: its name, process id and address,
            any of which --attach accepts. Entries of apps that are gone are removed.
            """
    )

    func run(_ context: Context) throws(CLIError) {
        let apps: [InspectableApp]
        do {
            apps = try InspectorDirectory.runningApps(in: context.inspectorDirectory)
        } catch {
            throw .failure("\(error)")
        }
        guard !apps.isEmpty else {
            context.console.out(
                "no inspectable apps are running; 'xtree-cli doctor' says where apps are looked for, and why one "
                    + "may not show\n")
            return
        }
        let names = apps.map { TerminalText.escaped($0.name) }
        let width = max(4, names.map(\.count).max() ?? 0)
        context.console.out("NAME".padding(toLength: width, withPad: " ", startingAt: 0) + "  PID      ADDRESS\n")
        for (app, name) in zip(apps, names) {
            let pid = String(app.pid).padding(toLength: 7, withPad: " ", startingAt: 0)
            let addresses = [app.address] + (app.loopback.map { [$0] } ?? [])
            context.console.out(
                name.padding(toLength: width, withPad: " ", startingAt: 0) + "  \(pid)  "
                    + addresses.map(TerminalText.escaped).joined(separator: " ") + "\n")
        }
    }
}

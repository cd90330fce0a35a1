import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeTargets

struct DoctorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        name: "doctor",
        summary: "Say which running apps this tool can see, and for each it cannot, why.",
        discussion: """
            Lists every place running apps announce themselves in (XTREE_INSPECTOR_DIR, or
            XDG_RUNTIME_DIR/xtree, xtree-UID in the temporary directory and ~/.xtree-inspector,
            and sandboxed and simulator apps' own), whether each is used, and each discovery file
            there: an app seen, an app of another protocol version, or a file not believed, and
            why. Reads only: nothing is removed. The status is 0 if every app found can be
            attached to, 1 otherwise.
            """
    )

    func run(_ context: Context) throws(CLIError) {
        let console = context.console
        console.out("this xtree-cli speaks inspector protocol \(InspectorProtocol.version); it looks in:\n")
        var problems = 0
        for place in InspectorDirectory.diagnosis(in: context.inspectorDirectory) {
            let path = TerminalText.escaped(place.path)
            if let refusal = place.refusal {
                console.out("  \(path): \(TerminalText.escaped(refusal))\n")
                continue
            }
            console.out("  \(path): \(place.findings.isEmpty ? "no app has announced itself here" : "yours alone")\n")
            for finding in place.findings {
                switch finding {
                case .seen(let app):
                    console.out("    \(TerminalText.quoted(app.name)) (pid \(app.pid)): seen; --attach \(app.pid)\n")
                case .otherVersion(let app):
                    problems += 1
                    console.out(
                        "    \(TerminalText.quoted(app.name)) (pid \(app.pid)): speaks protocol \(app.version), this "
                            + "xtree-cli \(InspectorProtocol.version): use the xtree-cli of the XTree version the app "
                            + "links\n")
                case .hidden(let file, let reason):
                    problems += 1
                    console.out("    \(TerminalText.escaped(file)): \(TerminalText.escaped(reason))\n")
                }
            }
        }
        if problems > 0 {
            throw .failure("\(problems) discovery file\(problems == 1 ? "" : "s") found whose app cannot be attached")
        }
    }
}

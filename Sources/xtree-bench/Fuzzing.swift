import Foundation
import RecipesDomain
import XTree
import XTreeFuzzing
import XTreeReachability

/// Links per second of link fuzzing on the recipes app: in the process (`LinkFuzzing`, which
/// audits each tree and watches releases) and with a child process (`xtree-cli fuzz`, from the
/// same build folder, which replaces a child after a crash and sends each tree over a socket).
@MainActor
func fuzzSection() async {
    log("")
    log("## Link fuzzing on the recipes app: links per second, seed 1")
    log(pad(["where", "links", "seconds", "links/s"]))
    let budget = quick ? 200 : 2_000
    let run = await LinkFuzzing(RecipesApp.self, seed: 1, budget: budget, gracePeriod: 1).run()
    let inProcess = Double(run.links) / max(run.seconds, 1e-9)
    log(pad(["process", "\(run.links)", String(format: "%.2f", run.seconds), String(format: "%.0f", inProcess)]))
    report(["section": "fuzz", "where": "in process", "links": "\(run.links)", "linksPerSecond": "\(inProcess)"])
    let cli = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
        "xtree-cli")
    guard FileManager.default.isExecutableFile(atPath: cli.path) else {
        log("child process: not measured, no xtree-cli beside this executable (build it too)")
        return
    }
    let process = Process()
    process.executableURL = cli
    process.arguments = ["fuzz", "--seed", "1", "--budget", "\(budget)", "--format", "json"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        log("child process: not measured, \(error)")
        return
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard let child = try? JSONDecoder().decode(LinkFuzzReport.self, from: data) else {
        log("child process: not measured, the report could not be read (status \(process.terminationStatus))")
        return
    }
    let perSecond = Double(child.links) / max(child.seconds, 1e-9)
    log(pad(["child", "\(child.links)", String(format: "%.1f", child.seconds), String(format: "%.0f", perSecond)]))
    log("in process / child: \(String(format: "%.1f", inProcess / perSecond))x")
    report(["section": "fuzz", "where": "child", "links": "\(child.links)", "linksPerSecond": "\(perSecond)"])
}

import Foundation
import RecipesDomain
import XTree
import XTreeRecorder

/// What the flight recorder adds to a link: the same link applied plainly and through
/// `FlightRecorder.recording(link:_:)`, alternately, on the recipes app and on an app of
/// 100,000 observed nodes; and the recorder alone (a link begun and ended), kept in memory
/// only and made durable (`msync`) each time. Medians, in µs.
@MainActor
func recorderSection() async {
    log("")
    log("## The flight recorder: a link plain and recorded, µs (goal: at most 2 µs added); the recorder alone")
    log(pad(["app", "nodes", "plain", "recorded", "+µs", "alone", "durable"]))
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "xtree-bench-recorder-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    guard let recorder = try? FlightRecorder.start(for: RecipesApp.self, at: folder + "/links.flightrecord"),
        let durable = try? FlightRecorder.start(
            for: RecipesApp.self, at: folder + "/durable.flightrecord", durable: true)
    else {
        log("failed: the recorder could not be started")
        return
    }
    defer {
        recorder.stopRecording()
        durable.stopRecording()
    }
    let count = quick ? 200 : 4_000
    func time(_ body: () async throws -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        do { try await body() } catch { fatalError("benchmark link failed: \(error)") }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }
    func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }

    var alone: [Double] = []
    var synchronized: [Double] = []
    for index in 0..<count {
        alone.append(await time { recorder.end(recorder.begin("recipes://recipes/\(index % 2)"), typeNamed: "Bench") })
        if index < count / 10 {
            synchronized.append(await time { durable.end(durable.begin("recipes://recipes/x"), typeNamed: "Bench") })
        }
    }

    let links = [
        DeepLink.ratings(Recipe.ID(rawValue: "orange-marmalade")!), .ratings(Recipe.ID(rawValue: "irish-stew")!),
    ]
    let home = RecipesApp.makeRoot()
    let big = LiveApp(nodes: 100_000, observed: true)
    var rows: [(String, Int, [Double], [Double])] = [
        ("recipes", TreeSnapshot(of: home).nodes.count, [], []), ("filler", 100_000, [], []),
    ]
    for index in 0..<count {
        let link = links[index % 2]
        let text = link.description
        rows[0].2.append(await time { _ = try await home.open(link) })
        rows[0].3.append(await time { try await recorder.recording(link: text) { try await home.open(link).reached } })
        rows[1].2.append(await time { consume(big.changeDeep()) })
        rows[1].3.append(await time { try await recorder.recording(link: "bench://deep") { big.changeDeep() } })
    }
    for (name, nodes, plain, recorded) in rows {
        let plain = median(plain)
        let recorded = median(recorded)
        report([
            "table": "recorder", "app": name, "nodes": "\(nodes)", "plain_us": format(plain),
            "recorded_us": format(recorded), "added_us": format(recorded - plain), "alone_us": format(median(alone)),
            "durable_us": format(median(synchronized)),
        ])
        log(
            pad([
                name, "\(nodes)", format(plain), format(recorded), format(recorded - plain), format(median(alone)),
                format(median(synchronized)),
            ]))
    }
}

/// Pasted breadcrumbs read back (`RecordedLink.links(inBreadcrumbs:)`): a crash report of
/// 16 MiB, the most `xtree-cli crash` reads, of report lines and breadcrumb lines mixed. In
/// MB/s (goal: at least 50).
@MainActor
func breadcrumbsSection() {
    log("")
    log("## Pasted breadcrumbs read back: MB/s (goal: at least 50)")
    var text = ""
    var index = 0
    let size = quick ? 1 << 20 : 16 << 20
    while text.utf8.count < size {
        text += "Thread 0 Crashed:: Dispatch queue: com.apple.main-thread  0x\(index) frame \(index % 97)\n"
        text += "2026-11-27 10:00:00 breadcrumb xtree link \(index) reached recipes://recipes/r\(index % 500)\n"
        index += 1
    }
    let start = DispatchTime.now().uptimeNanoseconds
    let found = RecordedLink.links(inBreadcrumbs: text)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    let rate = Double(text.utf8.count) / 1e6 / seconds
    log("\(text.utf8.count) bytes, \(found.links.count) links: \(format(rate)) MB/s")
    report(["table": "breadcrumbs", "bytes": "\(text.utf8.count)", "mb_per_s": format(rate)])
}

/// `xtree-bench --recorder-links N`: N links begun and ended in a recorder, and nothing else,
/// for a heap profiler to count what each costs (Scripts/recorder-allocations.sh).
@MainActor
func recorderLinks(_ arguments: [String]) {
    guard let count = arguments.first.flatMap(Int.init), count >= 0 else { usageError("--recorder-links takes N") }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "xtree-bench-links-\(ProcessInfo.processInfo.processIdentifier).flightrecord"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    guard let recorder = try? FlightRecorder.start(for: RecipesApp.self, at: path) else { exit(1) }
    let links = ["recipes://recipes/irish-stew", "recipes://ratings?recipeID=orange-marmalade&sort=newest"]
    let root = RecipesApp.makeRoot()
    // The type the links reach is seen once before counting starts.
    recorder.end(recorder.begin(links[0]), reached: root)
    for index in 0..<count { recorder.end(recorder.begin(links[index % 2]), reached: root) }
}

import Foundation
import XTree
import XTreeInspector
import XTreePlatform
import XTreeRoutes

/// A filler node that announces its changes through `objectWillChange`.
@MainActor final class ObservedFiller: ObservableObject, DeepLinkable {
    @Published var value = 0
    var kids: [any DeepLinkable] = []
    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { "" }
    var nodeAttributes: [(key: String, value: String)] { [("value", String(value))] }
}

/// A filler node that cannot announce: it changes silently.
@MainActor final class PlainFiller: DeepLinkable {
    var value = 0
    var kids: [any DeepLinkable] = []
    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { "" }
    var nodeAttributes: [(key: String, value: String)] { [("value", String(value))] }
}

/// A node added near the root, of a type of its own, so that its siblings keep their ids.
@MainActor final class AddedNode: DeepLinkable {
    var children: [any DeepLinkable] { [] }
}

/// The app measured: a root that announces, whose `tab` the app changes at 60 Hz, over a
/// 4-ary tree of filler nodes of one kind.
@MainActor final class LiveApp: ObservableObject, DeepLinkable {
    @Published var tab = 0
    /// Children added near the root, before the filler.
    @Published var added: [any DeepLinkable] = []
    let filler: any DeepLinkable
    /// The last filler node, breadth first: the deepest.
    let deepest: any DeepLinkable
    let observed: Bool

    init(nodes: Int, observed: Bool) {
        self.observed = observed
        let count = max(1, nodes - 1)
        var all: [any DeepLinkable] = []
        all.reserveCapacity(count)
        for index in 0..<count {
            let node: any DeepLinkable = observed ? ObservedFiller() : PlainFiller()
            if index > 0 {
                let parent = all[(index - 1) / 4]
                if let parent = parent as? ObservedFiller { parent.kids.append(node) }
                if let parent = parent as? PlainFiller { parent.kids.append(node) }
            }
            all.append(node)
        }
        filler = all[0]
        deepest = all[count - 1]
    }

    var children: [any DeepLinkable] { added + [filler] }
    var nodeLabel: String { "App" }
    var nodeAttributes: [(key: String, value: String)] { [("tab", String(tab))] }

    /// The link that changes the deepest node's value.
    func changeDeep() -> any DeepLinkable {
        if let node = deepest as? ObservedFiller { node.value += 1 }
        if let node = deepest as? PlainFiller { node.value += 1 }
        return deepest
    }

    /// The link that adds a child near the root, or takes it away again: the tree keeps its size.
    func toggleAdded() -> any DeepLinkable {
        if added.isEmpty { added = [AddedNode()] } else { added = [] }
        return self
    }
}

/// What the live side costs an app of `nodes` nodes.
struct LiveCost {
    /// Median µs of each link plain and journaled: deep change, then child near the root.
    var deep: (plain: Double, journaled: Double)
    var nearRoot: (plain: Double, journaled: Double)
    /// µs of a full snapshot of the tree: what an event of plain filler may cost at most.
    var snapshot: Double
    /// 60 Hz changes: the share of a core used, and the loop's seconds, alone and with the
    /// inspector.
    var alone: (cpu: Double, seconds: Double)
    var inspected: (cpu: Double, seconds: Double)
    /// Bytes: one snapshot held, the inspector's view of the tree, a journal of 1,000 events,
    /// and per kept event.
    var snapshotBytes: Int
    var viewBytes: Int
    var journalBytes: Int
    var bytesPerEvent: Double
}

@MainActor
func measureLiveCost(nodes: Int, observed: Bool, ticks: Int) async -> LiveCost? {
    let app = LiveApp(nodes: nodes, observed: observed)
    let links = nodes >= 1_000_000 ? 40 : nodes >= 100_000 ? 200 : 1_000
    func median(_ body: () async -> Void) async -> Double {
        var samples: [Double] = []
        for _ in 0..<links {
            let start = DispatchTime.now().uptimeNanoseconds
            await body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
        }
        return samples.sorted()[samples.count / 2]
    }
    let plainDeep = await median { consume(app.changeDeep()) }
    let plainNear = await median { consume(app.toggleAdded()) }
    var snapshotSamples: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        consume(TreeSnapshot(of: app))
        snapshotSamples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    let snapshotMicroseconds = snapshotSamples.sorted()[2]
    let alone = await sixtyHertz(app, ticks: ticks)
    let beforeSnapshot = heldBytes()
    let held = TreeSnapshot(of: app)
    let snapshotBytes = heldBytes() - beforeSnapshot
    consume(held)

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "xtree-bench-live-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let beforeInspector = heldBytes()
    guard let inspector = try? Inspector(name: "Live", root: app, directory: folder, journalCapacity: 1_000)
    else { return nil }
    defer { inspector.stop() }
    inspector.settleJournal()
    let started = heldBytes()
    for _ in 0..<2 { _ = try? await inspector.journaling(link: "bench://deep") { app.changeDeep() } }
    inspector.settleJournal()
    let twoEvents = heldBytes()
    for _ in 0..<998 { _ = try? await inspector.journaling(link: "bench://deep") { app.changeDeep() } }
    inspector.settleJournal()
    let full = heldBytes()
    let journaledDeep = await median {
        _ = try? await inspector.journaling(link: "bench://deep") { app.changeDeep() }
    }
    let journaledNear = await median {
        _ = try? await inspector.journaling(link: "bench://near-root") { app.toggleAdded() }
    }
    let inspected = await sixtyHertz(app, ticks: ticks)
    return LiveCost(
        deep: (plainDeep, journaledDeep), nearRoot: (plainNear, journaledNear), snapshot: snapshotMicroseconds,
        alone: alone, inspected: inspected, snapshotBytes: snapshotBytes, viewBytes: started - beforeInspector,
        journalBytes: full - started,
        bytesPerEvent: Double(full - twoEvents) / 998)
}

/// The app's own loop: `ticks` changes of its root's `tab`, one every sixtieth of a second,
/// awaited as a UI's frames are; the share of a core the process used, and the seconds the
/// loop took.
@MainActor
private func sixtyHertz(_ app: LiveApp, ticks: Int) async -> (cpu: Double, seconds: Double) {
    let frame: UInt64 = 16_666_667
    let start = DispatchTime.now().uptimeNanoseconds
    let cpu = Terminal.processorSeconds
    for tick in 0..<ticks {
        app.tab += 1
        // Some work of the app's own each frame, so that a busy main actor shows as a longer loop.
        var sum = 0
        for index in 0..<20_000 { sum &+= index &* tick }
        consume(sum)
        let next = start + UInt64(tick + 1) * frame
        let now = DispatchTime.now().uptimeNanoseconds
        if next > now { try? await Task.sleep(nanoseconds: next - now) } else { await Task.yield() }
    }
    // The last burst of changes is journaled too.
    try? await Task.sleep(nanoseconds: 100_000_000)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return ((Terminal.processorSeconds - cpu) / seconds, seconds - 0.1)
}

/// The journal section's tables of the live side: per kind of filler and size, the two links
/// plain and journaled, the 60 Hz loop, and memory.
@MainActor
func reportLiveCost(sizes: [Int], ticks: Int) async {
    log("")
    log(
        "## The live side: explicit links on a 4-ary tree of filler, µs; journaled against plain (goal: ≤1.10x + 20 µs)"
    )
    log(pad(["filler", "nodes", "link", "plain", "journaled", "/plain", "+µs", "snapshot µs"]))
    var loops: [[String]] = []
    var memory: [[String]] = []
    for observed in [true, false] {
        let kind = observed ? "observed" : "plain"
        for nodes in sizes {
            guard let cost = await measureLiveCost(nodes: nodes, observed: observed, ticks: ticks) else {
                log("failed: an inspector could not be started")
                return
            }
            for (link, times) in [("deep", cost.deep), ("near root", cost.nearRoot)] {
                report([
                    "table": "live", "filler": kind, "nodes": "\(nodes)", "link": link,
                    "plain_us": format(times.plain), "journaled_us": format(times.journaled),
                    "journaled_over_plain": format(times.journaled / times.plain),
                    "added_us": format(times.journaled - times.plain), "snapshot_us": format(cost.snapshot),
                ])
                log(
                    pad([
                        kind, "\(nodes)", link, format(times.plain), format(times.journaled),
                        format(times.journaled / times.plain) + "x", format(times.journaled - times.plain),
                        format(cost.snapshot),
                    ]))
            }
            let longer = cost.inspected.seconds / cost.alone.seconds
            report([
                "table": "live_60hz", "filler": kind, "nodes": "\(nodes)",
                "cpu_alone_percent": format(cost.alone.cpu * 100),
                "cpu_inspected_percent": format(cost.inspected.cpu * 100),
                "loop_alone_s": format(cost.alone.seconds), "loop_inspected_s": format(cost.inspected.seconds),
                "loop_longer": format(longer),
            ])
            loops.append([
                kind, "\(nodes)", format(cost.alone.cpu * 100) + "%", format(cost.inspected.cpu * 100) + "%",
                format((cost.inspected.cpu - cost.alone.cpu) * 100), format(longer) + "x",
            ])
            let megabytes = { (bytes: Int) in measuresMemory ? format(Double(bytes) / 1_048_576) : "-" }
            let ratio = { (bytes: Int) in
                measuresMemory && cost.snapshotBytes > 0
                    ? format(Double(bytes) / Double(cost.snapshotBytes)) + "x" : "-"
            }
            report([
                "table": "live_memory", "filler": kind, "nodes": "\(nodes)",
                "snapshot_mb": megabytes(cost.snapshotBytes), "view_mb": megabytes(cost.viewBytes),
                "journal_mb": megabytes(cost.journalBytes), "bytes_per_event": format(cost.bytesPerEvent),
            ])
            memory.append([
                kind, "\(nodes)", megabytes(cost.snapshotBytes), megabytes(cost.viewBytes), ratio(cost.viewBytes),
                megabytes(cost.journalBytes), ratio(cost.journalBytes),
                measuresMemory ? format(cost.bytesPerEvent) : "-",
            ])
        }
    }
    log("")
    log(
        "## 60 Hz changes of the root's property for \(ticks) frames: a core's share, alone and inspected (goal: ≤2 points above; loop ≤1.05x)"
    )
    log(pad(["filler", "nodes", "alone", "inspected", "+points", "loop"]))
    for row in loops { log(pad(row)) }
    log("")
    log(
        "## Memory: one snapshot held; the inspector's view of the tree; its journal of 1,000 events (goal: ≤2x a snapshot plus the edits); per kept event (bytes)"
    )
    log(pad(["filler", "nodes", "snapshot MB", "view MB", "/snapshot", "journal MB", "/snapshot", "B/event"]))
    for row in memory { log(pad(row)) }
}

/// The served app's type: a route table of one form, `live://filler/<value>`, which ends on the
/// filler of that value, so that `why` is measured on it; every link moves the root's tab on
/// and ends on the deepest node.
@MainActor
enum LiveRoutedApp: RoutedApp {
    static func makeRoot() -> LiveApp { LiveApp(nodes: 2, observed: true) }
    static func open(_ link: String, in root: LiveApp) async throws -> any DeepLinkable {
        root.tab += 1
        return root.deepest
    }
    static let routes = RouteTable<String>(
        scheme: "live",
        [RouteForm("filler/{value}", { $0 }, { $0 }, reaches: ObservedFiller.self, where: "value", samples: ["0"])])
}

/// `xtree-bench --serve-live N`: an app of N nodes of observed filler, its inspector on, for
/// `Scripts/browser-check.py` to watch through `xtree-cli web --attach`. Prints the
/// inspector's name; at each line `change` on standard input, changes the value of one node
/// the page shows (the filler's first, at depth 1) and prints `changed` and the time of the
/// change in milliseconds since 1970. Every link it is sent moves the root's `tab` on and ends on
/// the deepest node. Ends at the end of standard input.
@MainActor
func serveLive(_ arguments: [String]) async {
    guard arguments.count == 1, let nodes = Int(arguments[0]), nodes >= 2 else {
        usageError("--serve-live takes a number of nodes of at least 2")
    }
    let app = LiveApp(nodes: nodes, observed: true)
    let name = "xtree-bench-live-\(ProcessInfo.processInfo.processIdentifier)"
    let inspector: Inspector
    do {
        // Every link moves the root's tab on and ends on the deepest node: what a link costs the
        // page and the client beyond the app's own handler.
        inspector = try Inspector(name: name, app: LiveRoutedApp.self, root: app)
    } catch {
        FileHandle.standardError.write(Data("error: cannot start the inspector: \(error)\n".utf8))
        exit(1)
    }
    defer { inspector.stop() }
    FileHandle.standardOutput.write(Data("\(name)\n".utf8))
    let lines = AsyncStream<String> { continuation in
        Thread.detachNewThread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
    }
    for await line in lines where line == "change" {
        let time = Date().timeIntervalSince1970 * 1000
        (app.filler as? ObservedFiller)?.value += 1
        FileHandle.standardOutput.write(Data("changed \(time)\n".utf8))
    }
}

import Foundation
import RecipesDomain
import XTree
import XTreeJournal

/// A protocol nothing conforms to: searching for it walks the whole tree.
@MainActor protocol Absent: DeepLinkable {}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--child" {
    await runChild(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--recorder-links" {
    recorderLinks(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--serve-live" {
    await serveLive(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.contains("--help") || arguments.contains("-h") {
    print(
        """
        USAGE: xtree-bench [--quick] [--json] [--sizes N,N,...] [--only SECTION,...]

        Measures XTree's breadth-first search against the cheapest possible walk (the floor)
        and against the algorithm XUI 1.0 published (the baseline), on 4-ary trees, chains,
        stars and DAGs of 1,000 to 1,000,000 nodes, and a 10,000-node realistic app of 36 types
        (where per-search fixed costs show); then snapshot, text and JSON as the CLI writes
        them (UTF-8), text through a TextOutputStream (which is given strings), and diff; a snapshot streamed from an app's
        inspector to a client (time, and the app's peak memory against the snapshot's size);
        reading: a snapshot file read and rendered as text, an attached app's snapshot read and
        rendered, and a diff of two files, against python3's json.load of the same bytes;
        deep links on the recipes app inside a large tree; what the inspector's journal costs a
        link on the recipes app, and the heap an event takes; what the flight recorder adds to a
        link; the live side against the tree's
        size (a link journaled, 60 Hz changes, the view's and the journal's memory, on observed
        and plain filler); and the cost of a @Published set
        and an objectWillChange read; association files at the limits checked against the
        recipes app. Prints medians.

          --quick   small sizes and few runs: a smoke test for CI
          --json    machine-readable results instead of tables
          --sizes   the node counts to measure, such as 1000,1000000
          --no-baseline  skip the XUI 1.0 baseline (its child processes are slow)
          --serve-live N  serve an app of N nodes to attach to, changing one node at each
                    line 'change' on standard input (for Scripts/browser-check.py)
          --only    the sections to run, of search, realistic, operations, streaming,
                    reading, deeplink, journal, recorder, observation, associations and
                    fuzz (all unless given); associations fails the run over its bound (10 s
                    a file in a release build, 30 s in a debug build)
        Build with optimisations: swift run -c release xtree-bench
        """
    )
    exit(0)
}
func usageError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\nhint: see 'xtree-bench --help'\n".utf8))
    exit(64)
}
var chosenSizes: [Int]?
var chosenSections: Set<String>?
/// The parts of the run that `--only` chooses from.
enum Section {
    static let allNames = [
        "search", "realistic", "operations", "streaming", "reading", "deeplink", "journal", "recorder",
        "observation", "associations", "fuzz",
    ]
}
/// Whether `--only` leaves the section named `name` in.
@MainActor func runs(_ name: String) -> Bool { chosenSections?.contains(name) ?? true }
var rest = arguments[...]
while let argument = rest.popFirst() {
    switch argument {
    case "--quick", "--json", "--no-baseline": continue
    case "--sizes":
        guard let list = rest.popFirst() else { usageError("--sizes needs a value, such as 1000,1000000") }
        let sizes = list.split(separator: ",").compactMap { Int($0) }
        guard !sizes.isEmpty, sizes.count == list.split(separator: ",").count, sizes.allSatisfy({ $0 >= 2 }) else {
            usageError("--sizes takes whole numbers of at least 2 separated by commas, got '\(list)'")
        }
        chosenSizes = sizes
    case "--only":
        guard let list = rest.popFirst() else { usageError("--only needs a value, such as search,realistic") }
        let names = list.split(separator: ",").map(String.init)
        if let unknown = names.first(where: { !Section.allNames.contains($0) }) {
            usageError("unknown section '\(unknown)'; sections are \(Section.allNames.joined(separator: ", "))")
        }
        chosenSections = Set(names)
    default: usageError("unknown option '\(argument)'")
    }
}
let quick = arguments.contains("--quick")
let withBaseline = !arguments.contains("--no-baseline")
let json = arguments.contains("--json")
let sizes = chosenSizes ?? (quick ? [1_000, 10_000] : [1_000, 10_000, 50_000, 100_000, 1_000_000])
let operationSizes = chosenSizes ?? (quick ? [10_000] : [100_000, 1_000_000])
let readingSizes = chosenSizes ?? (quick ? [10_000] : [10_000, 100_000, 1_000_000])
let minimumRuns = quick ? 3 : 7
let minimumTime = quick ? 0.03 : 0.4
let baselineTimeout: Double = quick ? 20 : 60

var results: [[String: String]] = []
@MainActor func report(_ row: [String: String]) {
    results.append(row)
}

@MainActor func log(_ text: String) {
    if !json { print(text) }
}

#if DEBUG
    log("warning: a debug build; measure with 'swift run -c release xtree-bench'")
#endif
log("xtree-bench\(quick ? " --quick" : ""): median of at least \(minimumRuns) runs each; ns per node unless noted")
if !measuresMemory { log("memory: '-' where this system has no /proc/self/status to read it from (Linux has)") }
if runs("search") { await searchSection() }
if runs("realistic") {
    log("")
    log("## A realistic app: 10,000 nodes of 36 types, fan-out 2 to 8, depth 6 (µs per operation)")
    log(pad(["types", "absent", "halfway", "in-place", "absent/in-place", "snapshot+text", "/in-place"]))
    do {
        let app = RealisticApp(count: 10_000)
        let root = app.root
        let absent = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(root.firstReceiver(as: (any Absent).self))
        }
        let halfway = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(root.firstReceiver(as: (any Receiver).self))
        }
        let inPlace = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(References.inPlaceFloorWalk(root))
        }
        let snapshotText = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(utf8Bytes(of: TreeSnapshot(of: root), TextRenderer()))
        }
        report([
            "table": "realistic", "types": "\(app.types)", "absent_us": format(absent / 1000),
            "halfway_us": format(halfway / 1000), "in_place_floor_us": format(inPlace / 1000),
            "absent_over_in_place": format(absent / inPlace), "snapshot_text_us": format(snapshotText / 1000),
            "snapshot_text_over_in_place": format(snapshotText / inPlace),
        ])
        log(
            pad([
                "\(app.types)", format(absent / 1000), format(halfway / 1000), format(inPlace / 1000),
                format(absent / inPlace) + "x", format(snapshotText / 1000), format(snapshotText / inPlace) + "x",
            ]))
    }
}
if runs("operations") {
    log("")
    log("## Snapshot, render, JSON and diff of a 4-ary tree (ns per node; ratio to the floor walk)")
    log(
        pad([
            "size", "in-place", "snapshot", "text", "text strings", "json", "diff", "snapshot+text/in-place",
            "with strings/in-place", "snapshot peak MB",
        ]))
    for size in operationSizes {
        let hierarchy = Hierarchy(.tree4, count: size, markLast: false)
        let root = hierarchy.root
        let floor = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(References.inPlaceFloorWalk(root))
        }
        let snapshotTime = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(TreeSnapshot(of: root))
        }
        let snapshot = TreeSnapshot(of: root)
        let again = TreeSnapshot(of: root)
        hierarchy.dismantle()
        let text = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(utf8Bytes(of: snapshot, TextRenderer()))
        }
        // The same text through a TextOutputStream, which is given strings.
        let textStrings = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            var stream = DiscardingStream()
            TextRenderer().render(snapshot, to: &stream)
            consume(stream.bytes)
        }
        let jsonTime = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(utf8Bytes(of: snapshot, JSONRenderer()))
        }
        let diff = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            consume(TreeDiff(from: snapshot, to: again))
        }
        let memory = runChildProcess(["memory", "tree4", "\(size)", "snapshot"], timeout: 120)
        let peak = memory.output.split(separator: " ").compactMap { Double($0) }
        let memoryCell =
            !measuresMemory
            ? "-" : peak.count == 2 ? format((peak[1] - peak[0]) / 1_048_576) : (memory.failure ?? "?")
        let n = Double(size)
        report([
            "table": "operations", "size": "\(size)", "in_place_floor_ns_per_node": format(floor / n),
            "snapshot_ns_per_node": format(snapshotTime / n), "text_ns_per_node": format(text / n),
            "text_strings_ns_per_node": format(textStrings / n), "json_ns_per_node": format(jsonTime / n),
            "diff_ns_per_node": format(diff / n), "snapshot_text_over_in_place": format((snapshotTime + text) / floor),
            "snapshot_text_strings_over_in_place": format((snapshotTime + textStrings) / floor),
            "snapshot_peak_extra_mb": memoryCell,
        ])
        log(
            pad([
                "\(size)", format(floor / n), format(snapshotTime / n), format(text / n), format(textStrings / n),
                format(jsonTime / n), format(diff / n), format((snapshotTime + text) / floor) + "x",
                format((snapshotTime + textStrings) / floor) + "x", memoryCell,
            ])
        )
    }
}
if runs("streaming") {
    log("")
    log("## A 4-ary tree's snapshot streamed from an app's inspector to a client over its Unix socket")
    log(pad(["size", "ns/node", "snapshot MB", "app peak/snapshot"]))
    for size in operationSizes {
        guard let streamed = measureStreaming(size: size) else {
            log(pad(["\(size)", "failed"]))
            continue
        }
        report([
            "table": "streaming", "size": "\(size)", "ns_per_node": format(streamed.nanosecondsPerNode),
            "snapshot_mb": format(Double(streamed.bytes) / 1_048_576),
            "app_peak_over_snapshot": measuresMemory ? format(streamed.peakOverBytes) : "-",
        ])
        log(
            pad([
                "\(size)", format(streamed.nanosecondsPerNode), format(Double(streamed.bytes) / 1_048_576),
                measuresMemory ? format(streamed.peakOverBytes) + "x" : "-",
            ]))
    }
}
if runs("reading") {
    log("")
    let python = pythonVersion()
    log(
        "## Reading a 4-ary tree's snapshot (ns per node; ratio to python3 \(python ?? "(absent: ratios skipped)")'s json.load of the same bytes)"
    )
    log(
        pad([
            "size", "file MB", "python", "file+text", "/python", "attach+text", "/python", "diff A B",
            "/python", "peak/file", "growth",
        ]))
    var previous: (size: Int, readText: Double)?
    for size in readingSizes {
        guard
            let reading = await measureReading(
                size: size, minimumRuns: size >= 1_000_000 ? 3 : minimumRuns, minimumTime: minimumTime,
                python: python != nil)
        else {
            log(pad(["\(size)", "failed"]))
            continue
        }
        let attach = measureStreaming(size: size, withText: true)
        let n = Double(size)
        let ratio = { (nanoseconds: Double?) -> String in
            guard let nanoseconds, let python = reading.python else { return "-" }
            return format(nanoseconds / python) + "x"
        }
        let attachTotal = attach.map { $0.nanosecondsPerNode * n }
        // How the time per node grows from the size before: 1.00x is linear.
        let growth = previous.map { format((reading.readText / n) / ($0.readText / Double($0.size))) + "x" } ?? "-"
        previous = (size, reading.readText)
        var row: [String: String] = [
            "table": "reading", "size": "\(size)", "file_bytes": "\(reading.bytes)",
            "file_text_ns_per_node": format(reading.readText / n), "diff_ns_per_node": format(reading.diff / n),
        ]
        row["python"] = python
        row["python_ns_per_node"] = reading.python.map { format($0 / n) }
        row["attach_text_ns_per_node"] = attach.map { format($0.nanosecondsPerNode) }
        row["peak_over_file"] = reading.peakOverBytes.map(format)
        report(row)
        log(
            pad([
                "\(size)", format(Double(reading.bytes) / 1_048_576), reading.python.map { format($0 / n) } ?? "-",
                format(reading.readText / n), ratio(reading.readText),
                attach.map { format($0.nanosecondsPerNode) } ?? "failed",
                ratio(attachTotal), format(reading.diff / n), ratio(reading.diff),
                reading.peakOverBytes.map { format($0) + "x" } ?? (measuresMemory ? "?" : "-"), growth,
            ]))
    }
    log(
        "diff A B reads both files; /python divides by one json.load. growth: file+text per node against the size before."
    )
}
if runs("deeplink") {
    log("")
    log("## Deep link recipes://recipes/<slug>/ratings on the recipes app under N filler nodes (µs per link)")
    log(pad(["filler", "search", "explicit", "search/explicit"]))
    for padding in operationSizes {
        let home = BenchHome(padding: padding)
        let links = [
            DeepLink.ratings(Recipe.ID(rawValue: "orange-marmalade")!), .ratings(Recipe.ID(rawValue: "irish-stew")!),
        ]
        var times: [DeepLinkApproach: Double] = [:]
        for approach in DeepLinkApproach.allCases {
            var next = 0
            times[approach] = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
                next += 1
                do {
                    consume(try await home.open(links[next % 2], approach: approach))
                } catch {
                    fatalError("benchmark link failed: \(error)")
                }
            }
        }
        home.filler.dismantle()
        let search = times[.search] ?? 0
        let explicit = times[.explicit] ?? 0
        report([
            "table": "deeplink", "filler": "\(padding)", "search_us": format(search / 1000),
            "explicit_us": format(explicit / 1000), "search_over_explicit": format(search / explicit),
        ])
        log(pad(["\(padding)", format(search / 1000), format(explicit / 1000), format(search / explicit) + "x"]))
    }
}
if runs("recorder") {
    await recorderSection()
    breadcrumbsSection()
}
if runs("journal") {

    log("")
    log(
        "## The journal: a link on the recipes app (search, no filler), µs, against the link alone; memory per event kept"
    )
    log(
        pad([
            "plain", "journaled", "/plain", "journal off", "/plain", "recording", "/plain", "restorable", "/plain",
            "B/event",
        ]))
    if let cost = await measureJournal(links: quick ? 200 : 4_000) {
        let ratio = { (nanoseconds: Double) in format(nanoseconds / cost.plain) + "x" }
        report([
            "table": "journal", "plain_us": format(cost.plain / 1000), "journaled_us": format(cost.journaled / 1000),
            "journaled_over_plain": format(cost.journaled / cost.plain), "off_us": format(cost.off / 1000),
            "off_over_plain": format(cost.off / cost.plain), "recording_us": format(cost.recording / 1000),
            "recording_over_plain": format(cost.recording / cost.plain),
            "restorable_us": format(cost.restorable / 1000),
            "restorable_over_plain": format(cost.restorable / cost.plain),
            "heap_bytes_per_event": cost.bytesPerEvent.map(format) ?? "-",
        ])
        log(
            pad([
                format(cost.plain / 1000), format(cost.journaled / 1000), ratio(cost.journaled),
                format(cost.off / 1000),
                ratio(cost.off), format(cost.recording / 1000), ratio(cost.recording),
                format(cost.restorable / 1000), ratio(cost.restorable), cost.bytesPerEvent.map(format) ?? "-",
            ]))
    } else {
        log("failed: an inspector could not be started")
    }
    await reportLiveCost(
        sizes: chosenSizes ?? (quick ? [100] : [100, 10_000, 100_000, 1_000_000]), ticks: quick ? 30 : 120)
}
if runs("observation") {
    log("")
    log("## Observation (ns per operation)")
    for (name, nanoseconds) in await measureObservation(minimumRuns: minimumRuns, minimumTime: minimumTime) {
        report(["table": "observation", "operation": name, "ns": format(nanoseconds)])
        log(name.padding(toLength: 32, withPad: " ", startingAt: 0) + format(nanoseconds))
    }
}
if runs("associations") { await associationSection() }
if runs("fuzz") { await fuzzSection() }
if json {
    let data = try JSONSerialization.data(withJSONObject: results, options: [.prettyPrinted, .sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}

/// Table cells padded to columns.
func pad(_ cells: [String]) -> String {
    let widths = [8, 9, 13, 11, 8, 9, 12, 15, 17, 15, 14]
    return cells.enumerated().map { index, cell in
        index < widths.count
            ? cell.padding(toLength: max(widths[index], cell.count), withPad: " ", startingAt: 0) : cell
    }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
}

func format(_ value: Double) -> String {
    value >= 100
        ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
}

import XTree

/// The search table: `firstReceiver(as:)` on each shape and size, against the floors and the
/// baseline, with the memory a search adds.
@MainActor
func searchSection() async {
    log("")
    log("## Search: firstReceiver(as:) for a protocol, absent (full walk) and the last node in breadth-first order")
    log(
        pad([
            "shape", "size", "xtree absent", "xtree last", "floor", "in-place", "xtree/floor", "xtree/in-place",
            "baseline absent", "baseline/xtree", "search B/node",
        ]))

    var timedWithBigStack = false
    for shape in Shape.allCases {
        for size in sizes {
            let hierarchy = Hierarchy(shape, count: size, markLast: true)
            let root = hierarchy.root
            let absent = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
                consume(root.firstReceiver(as: (any Absent).self))
            }
            let last = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
                consume(root.firstReceiver(as: (any Receiver).self))
            }
            let floor = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
                consume(References.floorWalk(root))
            }
            let inPlace = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
                consume(References.inPlaceFloorWalk(root))
            }
            hierarchy.dismantle()
            let baseline =
                withBaseline
                ? runChildProcess(["baseline", shape.rawValue, "\(size)"], timeout: baselineTimeout)
                : ChildResult(output: "", failure: "skipped")
            // Where the baseline overflows the default stack, time it again with a 4 GB stack so
            // its cost can still be compared; 1,000,000 nodes is out of its reach either way.
            let bigStack =
                withBaseline && baseline.failure == "crashed" && size <= 100_000
                ? runChildProcess(
                    ["baseline", shape.rawValue, "\(size)"], timeout: baselineTimeout, stackKilobytes: 4_000_000)
                : nil
            let memory = runChildProcess(["memory", shape.rawValue, "\(size)", "search"], timeout: 120)
            let perNode = { (nanoseconds: Double) in nanoseconds / Double(size) }
            var row: [String: String] = [
                "table": "search", "shape": shape.rawValue, "size": "\(size)",
                "xtree_absent_ns_per_node": format(perNode(absent)), "xtree_last_ns_per_node": format(perNode(last)),
                "floor_ns_per_node": format(perNode(floor)), "xtree_over_floor": format(absent / floor),
                "in_place_floor_ns_per_node": format(perNode(inPlace)), "xtree_over_in_place": format(absent / inPlace),
            ]
            let baselineCell: String
            let ratioCell: String
            if let nanoseconds = Double(baseline.output) {
                baselineCell = format(perNode(nanoseconds))
                ratioCell = format(nanoseconds / absent) + "x"
                row["baseline_absent_ns_per_node"] = baselineCell
                row["baseline_over_xtree"] = format(nanoseconds / absent)
            } else if let bigStack, let nanoseconds = Double(bigStack.output) {
                timedWithBigStack = true
                baselineCell = "crash; " + format(perNode(nanoseconds)) + "*"
                ratioCell = format(nanoseconds / absent) + "x*"
                row["baseline"] = "crashed with the default 8 MB stack"
                row["baseline_big_stack_ns_per_node"] = format(perNode(nanoseconds))
                row["baseline_big_stack_over_xtree"] = format(nanoseconds / absent)
            } else {
                baselineCell = baseline.failure ?? baseline.output
                ratioCell = "-"
                row["baseline"] = baselineCell
            }
            let peak = memory.output.split(separator: " ").compactMap { Double($0) }
            let bytesPerNode = peak.count == 2 ? format((peak[1] - peak[0]) / Double(size)) : (memory.failure ?? "?")
            let memoryCell = measuresMemory ? bytesPerNode : "-"
            row["search_peak_bytes_per_node"] = memoryCell
            report(row)
            log(
                pad([
                    shape.rawValue, "\(size)", format(perNode(absent)), format(perNode(last)), format(perNode(floor)),
                    format(perNode(inPlace)), format(absent / floor) + "x", format(absent / inPlace) + "x",
                    baselineCell,
                    ratioCell, memoryCell,
                ])
            )
        }
    }

    if timedWithBigStack {
        log("")
        log("* the baseline overflowed the default 8 MB stack (crash); timed again with a 4 GB stack")
    }
}

import Foundation
import XTree
import XTreePlatform
import XTreeSnapshot
import XTreeSupport

/// Reads the snapshot file at `path` as `xtree-cli` reads one: a piece at a time, through a
/// descriptor.
func readSnapshotFile(_ path: String) -> TreeSnapshot? {
    guard let descriptor = try? Files.open(path, [], mode: 0) else { return nil }
    defer { Files.close(descriptor) }
    let size = (try? Files.status(of: descriptor)).map { Int($0.size) } ?? 0
    guard let source = try? FileByteSource(descriptor: descriptor, limit: InputLimit.defaultBytes) else { return nil }
    return try? SnapshotCodec.read(from: source, sizeHint: size)
}

/// What reading a snapshot costs, measured on a 4-ary tree's snapshot file.
struct ReadingResult {
    /// Bytes of the file.
    var bytes: Int
    /// Reading the file (a piece at a time) and rendering it as text, as
    /// `xtree-cli tree --snapshot FILE` does.
    var readText: Double
    /// Reading two such files, one label apart, and diffing them, as `xtree-cli diff A B` does.
    var diff: Double
    /// The peak memory of reading the file, over its size.
    var peakOverBytes: Double?
    /// python3's `json.load` of the same file, if python3 is here.
    var python: Double?
}

/// The version python3 reports, or `nil` where there is none.
func pythonVersion() -> String? {
    let output = runTool("python3", ["-c", "import sys; print(sys.version.split()[0])"])
    return output.flatMap { $0.isEmpty ? nil : $0 }
}

/// Runs `tool` (found on the path) with `arguments`; its standard output, or `nil` if it
/// could not run or failed.
func runTool(_ tool: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Writes a 4-ary tree of `size` nodes as a snapshot file, and a second file with one label
/// changed, then times reading them.
@MainActor
func measureReading(size: Int, minimumRuns: Int, minimumTime: Double, python: Bool) async -> ReadingResult? {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "xb-read-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("a.json")
    let other = directory.appendingPathComponent("b.json")
    do {
        let hierarchy = Hierarchy(.tree4, count: size, markLast: false)
        var json = Data()
        JSONRenderer().render(TreeSnapshot(of: hierarchy.root), toUTF8: { json.append(contentsOf: $0.bytes) })
        hierarchy.dismantle()
        try json.write(to: file)
        // The last node's empty label becomes "x": one node changed.
        guard let last = json.lastRange(of: Data("\"label\":\"\"".utf8)) else { return nil }
        json.replaceSubrange(last, with: Data("\"label\":\"x\"".utf8))
        try json.write(to: other)
    } catch {
        return nil
    }
    let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
    let readText = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
        guard let snapshot = readSnapshotFile(file.path) else {
            fatalError("the benchmark's snapshot file does not read back")
        }
        consume(utf8Bytes(of: snapshot, TextRenderer()))
    }
    let diff = await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
        guard let a = readSnapshotFile(file.path), let b = readSnapshotFile(other.path) else {
            fatalError("the benchmark's snapshot files do not read back")
        }
        let changes = TreeDiff(from: a, to: b)
        guard changes.changed.count == 1 else { fatalError("expected one changed node, got \(changes)") }
        consume(changes.description)
    }
    let memory = runChildProcess(["read", file.path, "1"], timeout: 300)
    let peak = memory.output.split(separator: " ").compactMap { Double($0) }
    var pythonTime: Double?
    if python {
        let script = """
            import json, sys, time
            times = []
            for _ in range(\(minimumRuns)):
                start = time.perf_counter()
                with open(sys.argv[1], 'rb') as f:
                    json.load(f)
                times.append(time.perf_counter() - start)
            times.sort()
            print(times[len(times) // 2] * 1e9)
            """
        pythonTime = runTool("python3", ["-c", script, file.path]).flatMap(Double.init)
    }
    return ReadingResult(
        bytes: bytes, readText: readText, diff: diff,
        peakOverBytes: measuresMemory && peak.count == 2 && bytes > 0 ? (peak[1] - peak[0]) / Double(bytes) : nil,
        python: pythonTime)
}

/// The child side of the memory measurement: reads the snapshot file at `path` and renders
/// it as text, `times` times, then prints the resident bytes before and at the peak.
func readForMeasurement(_ path: String, times: Int) {
    resetPeakResidentBytes()
    let before = residentBytes().current
    for _ in 0..<times {
        guard let snapshot = readSnapshotFile(path) else {
            print("cannot read \(path)")
            exit(2)
        }
        consume(utf8Bytes(of: snapshot, TextRenderer()))
    }
    print(before, residentBytes().peak)
}

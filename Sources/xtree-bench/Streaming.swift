import Foundation
import XTree
import XTreeInspectorClient

/// A 4-ary tree of `size` nodes served by an inspector in a child process (the app), and its
/// snapshot streamed to this process (the client): the time per node (`withText`: and the
/// text rendered from it, as `xtree-cli tree --attach` does), and the app's peak memory
/// during the request against the snapshot's size on the wire.
@MainActor
func measureStreaming(size: Int, withText: Bool = false) -> (
    nanosecondsPerNode: Double, bytes: Int, peakOverBytes: Double
)? {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "xb-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let app = Process()
    app.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    app.arguments = ["--child", "serve", "tree4", "\(size)"]
    let output = Pipe()
    let input = Pipe()
    app.standardOutput = output
    app.standardInput = input
    app.standardError = FileHandle.nullDevice
    app.environment = ProcessInfo.processInfo.environment.merging(["XTREE_INSPECTOR_DIR": directory]) { $1 }
    guard (try? app.run()) != nil else { return nil }
    defer { if app.isRunning { app.terminate() } }
    // The child says "ready" once the tree is built and the inspector started.
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        guard !chunk.isEmpty else { return nil }
        line += chunk
    }
    let start = DispatchTime.now().uptimeNanoseconds
    guard let client = try? InspectorClient(InspectorClient.resolve(String(app.processIdentifier), in: directory)),
        let snapshot = try? client.snapshot()
    else { return nil }
    if withText { consume(utf8Bytes(of: snapshot, TextRenderer())) }
    let nanoseconds = Double(DispatchTime.now().uptimeNanoseconds - start)
    var stream = DiscardingStream()
    JSONRenderer().render(snapshot, to: &stream)
    try? input.fileHandleForWriting.close()
    let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    app.waitUntilExit()
    let numbers = report.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
    guard numbers.count == 2 else { return nil }
    return (nanoseconds / Double(size), stream.bytes, (numbers[1] - numbers[0]) / Double(stream.bytes))
}

/// The app's side: builds the tree, serves it, says "ready", and when its input closes
/// prints its resident bytes before the request and at the peak since.
@MainActor
func serveForMeasurement(_ hierarchy: Hierarchy) async {
    guard let inspector = try? Inspector(name: "bench", root: hierarchy.root) else {
        print("cannot serve")
        return
    }
    resetPeakResidentBytes()
    let before = residentBytes().current
    FileHandle.standardOutput.write(Data("ready\n".utf8))
    // Waits off the main actor, which the inspector needs to take the snapshot.
    await Task.detached { _ = FileHandle.standardInput.readDataToEndOfFile() }.value
    print(before, residentBytes().peak)
    inspector.stop()
}

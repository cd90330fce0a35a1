import Foundation
import XTree

/// What a measurement run in a child process printed, or why it did not finish.
struct ChildResult {
    var output: String
    var failure: String?
}

/// Runs this executable with `--child` and `arguments`, so that a crash (the baseline's
/// stack overflow) or a run that never ends cannot take the benchmark down with it.
///
/// With `stackKilobytes`, the child's stack limit is raised first (through the shell's
/// `ulimit -s`), so that the baseline's recursion can be timed beyond where it overflows
/// the default 8 MB stack.
func runChildProcess(_ arguments: [String], timeout: Double, stackKilobytes: Int? = nil) -> ChildResult {
    let process = Process()
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    if let stackKilobytes {
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "ulimit -s \(stackKilobytes) && exec \"$0\" \"$@\"", binary.path, "--child"] + arguments
    } else {
        process.executableURL = binary
        process.arguments = ["--child"] + arguments
    }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    do {
        try process.run()
    } catch {
        return ChildResult(output: "", failure: "could not start: \(error)")
    }
    let deadline = DispatchTime.now() + timeout
    let timer = DispatchSource.makeTimerSource(queue: .global())
    timer.schedule(deadline: deadline)
    timer.setEventHandler { process.terminate() }
    timer.resume()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    timer.cancel()
    let output = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    if process.terminationReason == .uncaughtSignal {
        let signal = process.terminationStatus
        if signal == SIGTERM { return ChildResult(output: output, failure: "timeout >\(Int(timeout))s") }
        return ChildResult(
            output: output, failure: signal == SIGSEGV || signal == SIGBUS ? "crashed" : "signal \(signal)")
    }
    return ChildResult(
        output: output, failure: process.terminationStatus == 0 ? nil : "exit \(process.terminationStatus)")
}

/// The child side: `baseline SHAPE SIZE` prints the baseline's median time of a full walk;
/// `memory SHAPE SIZE search|snapshot` prints the resident bytes after building the tree and
/// the peak during the operation; `read FILE N` the resident bytes before and at the peak of
/// reading a snapshot file and rendering it as text, N times (more than once, to profile it).
@MainActor
func runChild(_ arguments: [String]) async {
    if arguments.count == 3, arguments[0] == "read", let times = Int(arguments[2]) {
        readForMeasurement(arguments[1], times: times)
        return
    }
    guard arguments.count >= 3, let shape = Shape(rawValue: arguments[1]), let size = Int(arguments[2]) else {
        print("bad child arguments \(arguments)")
        exit(2)
    }
    let hierarchy = Hierarchy(shape, count: size, markLast: false)
    let root = hierarchy.root
    switch arguments[0] {
    case "baseline":
        let time = await medianNanoseconds(minimumRuns: size <= 10_000 ? 5 : 1, minimumTime: 0.2) {
            consume(References.baselineFirstReceiver(from: root, as: (any Absent).self) { _ in true })
        }
        print(time)
    case "serve":
        await serveForMeasurement(hierarchy)
    case "memory":
        resetPeakResidentBytes()
        let before = residentBytes().current
        if arguments.count > 3, arguments[3] == "snapshot" {
            consume(utf8Bytes(of: TreeSnapshot(of: root), TextRenderer()))
        } else {
            for _ in 0..<(arguments.count > 4 ? Int(arguments[4]) ?? 1 : 1) {
                consume(root.firstReceiver(as: (any Absent).self))
            }
        }
        print(before, residentBytes().peak)
    default:
        print("unknown child mode \(arguments[0])")
        exit(2)
    }
    hierarchy.dismantle()
}

import Foundation
import Testing
import XTreeConsole
import XTreePlatform

@testable import XTreeArgumentParser
@testable import XTreeCommandLine
@testable import XTreeTargets

/// How many times longer a test that waits on a child's own timing (a hold timeout it runs
/// out, a window for a signal) gives it: `XTREE_TEST_PATIENCE`, 1 unless set to a number from
/// 1 to 100 (a sanitized run on a loaded machine sets it).
let testPatience: Double = {
    guard let text = ProcessInfo.processInfo.environment["XTREE_TEST_PATIENCE"], let factor = Double(text),
        (1...100).contains(factor)
    else { return 1 }
    return factor
}()

/// What one run of the built `xtree-cli` printed and how it exited.
struct CLIResult {
    var stdout: String
    var stderr: String
    var status: Int32
}

/// Runs an `xtree-cli` command line in this process, with `input` as standard input and only
/// `environment` as the environment.
@MainActor
func cli(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) async throws -> CLIResult {
    try await cli(arguments, input: input.map { Data($0.utf8) }, environment: environment)
}

@MainActor
func cli(
    _ arguments: [String], input: String, environment: [String: String] = [:],
    apps: [EmbeddedAppType] = EmbeddedApps.all
) async throws -> CLIResult {
    try await cli(arguments, input: Data(input.utf8), environment: environment, apps: apps)
}

/// Runs an `xtree-cli` command line in this process; the example apps are served in children
/// of `executable` (the built `xtree-cli`, as the tool's own executable is in use).
@MainActor
func cli(
    _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
    apps: [EmbeddedAppType] = EmbeddedApps.all, executable: String? = builtCLI
) async throws -> CLIResult {
    let folder = try ScratchFolder()
    let inputPath = folder.path("stdin")
    try (input ?? Data()).write(to: URL(fileURLWithPath: inputPath))
    let descriptor = try Files.open(inputPath, [], mode: 0)
    defer { Files.close(descriptor) }
    let console = Console.capturing(input: descriptor)
    let status = await CommandLineTool.run(
        arguments.map(RawArgument.init), console: console, environment: environment,
        executable: executable, apps: apps)
    console.flush()
    let captured = try #require(console.captured)
    return CLIResult(
        stdout: String(decoding: captured.output, as: UTF8.self),
        stderr: String(decoding: captured.errors, as: UTF8.self),
        status: status.rawValue)
}

/// Runs the `xtree-cli` binary built beside the test bundle: for what only a process shows
/// (signals, pipes, descriptors, the real environment).
func cliProcess(_ arguments: String..., input: String? = nil, environment: [String: String] = [:]) async throws
    -> CLIResult
{
    try await cliProcess(arguments, input: input.map { Data($0.utf8) }, environment: environment)
}

/// Runs the built `xtree-cli` (or `executable`) with `arguments`, and kills it with SIGKILL
/// if it is still running after `killAfter` seconds.
func cliProcess(
    _ arguments: [String], input: Data? = nil, executable: URL? = nil, environment: [String: String] = [:],
    killAfter: Double? = nil
) async throws -> CLIResult {
    let process = Process()
    process.executableURL = executable ?? productsDirectory.appendingPathComponent("xtree-cli")
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xtree-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let outURL = directory.appendingPathComponent("stdout")
    let errURL = directory.appendingPathComponent("stderr")
    let inURL = directory.appendingPathComponent("stdin")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: input ?? Data())
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = try FileHandle(forReadingFrom: inURL)
    try process.run()
    await process.exit(killAfter: killAfter)
    return CLIResult(
        stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
        stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
        status: process.terminationStatus
    )
}

/// Starts the built `xtree-cli` with `arguments`, in the test's environment with `environment`
/// added, what it prints (output and errors) going to the file `output`; then waits, up to
/// `tries` times 50 ms, for what it printed to satisfy `ready`. The process, and what it had
/// printed when ready (`nil` if it never was).
func startCLI(
    _ arguments: [String], environment: [String: String], output: String, tries: Int = 100,
    until ready: (String) -> Bool
) async throws -> (process: Process, printed: String?) {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent("xtree-cli")
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    process.environment = merged
    _ = FileManager.default.createFile(atPath: output, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = process.standardOutput
    try process.run()
    for _ in 0..<tries {
        if let text = try? String(contentsOfFile: output, encoding: .utf8), ready(text) { return (process, text) }
        try await Task.sleep(nanoseconds: 50_000_000)
    }
    return (process, nil)
}

extension Process {
    /// Waits for the process to end, killing it with SIGKILL after `killAfter` seconds if
    /// given. Waits by sleeping, not by blocking a thread: the tests share the concurrency
    /// pool with servers whose handlers must run while a process is waited for.
    func exit(killAfter: Double? = nil) async {
        let start = DispatchTime.now().uptimeNanoseconds
        var killed = false
        while isRunning {
            if let killAfter, !killed, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 > killAfter {
                killed = true
                _ = Terminal.send(.kill, to: processIdentifier)
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        // `isRunning` turns false when the child is reaped; its status is read the same way.
        waitUntilExit()
    }
}

/// The build products folder: the test bundle lives there, and so does `xtree-cli`. On macOS the
/// tests run inside a runner (`xctest`, or Swift Testing's), so the first argument names the
/// runner: the bundle is found among the loaded bundles instead.
let productsDirectory: URL = {
    #if os(macOS)
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
    #endif
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("xtree-cli").path) {
        url.deleteLastPathComponent()
    }
    return url
}()

/// The built `xtree-cli`.
let builtCLI = productsDirectory.appendingPathComponent("xtree-cli").path

/// Whether the file system refuses names that are not UTF-8 (`EILSEQ`), as Apple's do; so does
/// the Darwin personality (`Scripts/darwin-personality.sh`).
let namesMustBeUTF8: Bool = {
    #if os(macOS) || os(iOS) || XTREE_DARWIN_PERSONALITY
        true
    #else
        false
    #endif
}()

/// A scratch file path that is removed at the end of the test.
final class ScratchFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("xtree-e2e-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return path(name)
    }
}

/// An app's launch executable as a user runs it, keeping its flight record in `folder`, once
/// `xtree-cli list` shows it as `name`: its process, the environment that finds it, and its
/// inspectors' folder (in `folder`).
func servedAsAUserRuns(
    _ executable: String, named name: String, in folder: ScratchFolder, _ base: [String: String]
) async throws -> (Process, [String: String], String) {
    var environment = base
    let inspectors = folder.path("inspectors")
    environment["XTREE_INSPECTOR_DIR"] = inspectors
    try FileManager.default.createDirectory(atPath: inspectors, withIntermediateDirectories: false)
    try Files.changePermissions(at: inspectors, to: 0o700)
    let app = Process()
    app.executableURL = URL(fileURLWithPath: executable)
    var served = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    served["XTREE_FLIGHTRECORD_DIR"] = folder.url.path
    app.environment = served
    app.standardOutput = FileHandle.nullDevice
    app.standardError = FileHandle.nullDevice
    try app.run()
    var serving = false
    for _ in 0..<400 where !serving {
        serving = try await cliProcess(["list"], environment: environment).stdout.contains(name)
        if !serving { try await Task.sleep(nanoseconds: 25_000_000) }
    }
    #expect(serving)
    return (app, environment, inspectors)
}

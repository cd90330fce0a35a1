import Foundation
import Testing
import XTreeArgumentParser
import XTreePlatform

@testable import XTreeTargets

/// The one runner of child apps (`Children`, used by `LaunchedApp`): a group of its own,
/// default signals, a bounded tail of its output, stopped with its group and reaped by pid,
/// and ended with the CLI even when the CLI is killed.
@Suite struct ChildRunnerTests {
    typealias Launcher = LaunchTests.Launcher

    @MainActor
    @Test func aHelperHoldingTheChildsOutputNeitherHangsTheStopNorOutlivesIt() throws {
        let launcher = try Launcher(
            #"sleep 300 & echo $! > "$(dirname "$0")/helper"; exec "$XTREE_CLI" serve "$@" --as-launched"#)
        let launched = try LaunchedApp(launcher.script, environment: launcher.environment)
        let helper = try #require(
            Int32(
                try String(contentsOfFile: launcher.folder.path("helper"), encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        #expect(Terminal.canSignal(helper))
        let started = Date()
        launched.stop()
        #expect(Date().timeIntervalSince(started) < 10)
        // Reaped by the system's init once its group was killed: give it a moment.
        let deadline = Date().addingTimeInterval(5)
        while Terminal.canSignal(helper), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!Terminal.canSignal(helper), "the helper \(helper) outlived its app")
        #expect(launcher.leftovers.isEmpty)
    }

    /// What the app started that ignores SIGTERM is killed after it: stop sends SIGKILL to the
    /// group, and nothing of it is left.
    @MainActor
    @Test func aHelperThatIgnoresSIGTERMIsKilledWithTheGroup() throws {
        let launcher = try Launcher(
            #"(trap '' TERM; exec sleep 300) & echo $! > "$(dirname "$0")/helper"; "#
                + #"exec "$XTREE_CLI" serve "$@" --as-launched"#)
        let launched = try LaunchedApp(launcher.script, environment: launcher.environment)
        let helper = try #require(
            Int32(
                try String(contentsOfFile: launcher.folder.path("helper"), encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        launched.stop()
        let deadline = Date().addingTimeInterval(5)
        while Terminal.canSignal(helper), Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!Terminal.canSignal(helper), "a helper that ignores SIGTERM outlived its app: no SIGKILL was sent")
        #expect(launcher.leftovers.isEmpty)
    }

    @MainActor
    @Test func aChildThatPrintsWithoutEndCostsABoundedTail() throws {
        let launcher = try Launcher("head -c 20000000 /dev/zero | tr '\\0' x; echo; echo the end; exit 3")
        let error = #expect(throws: CLIError.self) {
            try LaunchedApp(launcher.script, environment: launcher.environment)
        }
        let message = error?.message ?? ""
        #expect(message.contains("exited with status 3 before it served; its last output: "), "\(message.suffix(300))")
        #expect(message.hasSuffix(#" | "the end""#) && message.utf8.count < 3_000, "\(message.suffix(300))")
        #expect(launcher.leftovers.isEmpty)
    }

    #if os(Linux)
        @MainActor
        @Test func aChildStartsWithDefaultSignalsAndNothingBlocked() throws {
            Terminal.ignore(.brokenPipe)
            let launcher = try Launcher(
                #"grep -E '^Sig(Ign|Blk)' /proc/self/status; echo pgid $(ps -o pgid= -p $$) pid $$; exit 3"#)
            let error = #expect(throws: CLIError.self) {
                try LaunchedApp(launcher.script, environment: launcher.environment)
            }
            let message = error?.message ?? ""
            #expect(message.contains(#""SigBlk:\t0000000000000000""#), "\(message)")
            // The standard signals, 1 to 31; glibc's own above them are its business.
            let ignored = message.split(separator: "\"").first { $0.hasPrefix("SigIgn:") }
                .flatMap { UInt64($0.suffix(16), radix: 16) }
            #expect(ignored.map { $0 & 0x7fff_ffff } == 0, "\(message)")
            // Its own group: the group's number is its pid.
            let words = message.split(separator: "\"").last { $0.hasPrefix("pgid") }?.split(separator: " ") ?? []
            #expect(words.count == 4 && words[1] == words[3], "\(words)")
        }
    #endif

    @Test func aServedAppEndsWhenTheCLIThatLaunchedItIsGone() async throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("inspectors"), withIntermediateDirectories: false)
        try Files.changePermissions(at: folder.path("inspectors"), to: 0o700)
        var environment = ProcessInfo.processInfo.environment
        environment["XTREE_INSPECTOR_DIR"] = folder.path("inspectors")
        environment["XTREE_LAUNCH_PIPE"] = "1"
        for arguments in [["serve"], ["serve", "--as-launched"]] {
            let child = try Children.spawn(
                productsDirectory.appendingPathComponent("xtree-cli").path, arguments: arguments.map { Array($0.utf8) },
                environment: environment.map { "\($0.key)=\($0.value)" })
            defer { Files.close(child.output) }
            var byte = [UInt8](repeating: 0, count: 1)
            // `serving …`: it is up.
            _ = byte.withUnsafeMutableBytes { try? Files.read(child.output, into: $0) }
            #expect(try Children.ending(of: child.pid, wait: false) == nil)
            // As when the CLI is killed: the system closes its end of the pipe.
            Files.close(child.input)
            // Long enough for a build under ThreadSanitizer, several times slower.
            let deadline = Date().addingTimeInterval(60)
            var ending: ChildEnding?
            while ending == nil, Date() < deadline {
                ending = try Children.ending(of: child.pid, wait: false)
                try await Task.sleep(nanoseconds: 10_000_000)
            }
            // What it printed, for the message: a sanitizer's report goes there.
            var printed: [UInt8] = []
            if ending != nil {
                var chunk = [UInt8](repeating: 0, count: 4096)
                while let count = chunk.withUnsafeMutableBytes({ try? Files.read(child.output, into: $0) }), count > 0 {
                    printed += chunk[..<count]
                }
            }
            #expect(ending == .exited(0), "\(arguments): \(String(decoding: printed.suffix(6000), as: UTF8.self))")
            if ending == nil {
                _ = Children.send(.kill, toGroup: child.pid)
                _ = try? Children.ending(of: child.pid, wait: true)
            }
        }
    }

    /// `serve` ends cleanly on a SIGTERM sent the moment its discovery file appears: nothing
    /// is left in the inspector directory.
    @Test func aSIGTERMRightAfterTheDiscoveryFileLeavesNothing() async throws {
        let folder = try ScratchFolder()
        let directory = folder.path("inspectors")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try Files.changePermissions(at: directory, to: 0o700)
        var environment = ProcessInfo.processInfo.environment
        environment["XTREE_INSPECTOR_DIR"] = directory
        for arguments in [["serve"], ["serve", "--as-launched"]] {
            let child = try Children.spawn(
                productsDirectory.appendingPathComponent("xtree-cli").path, arguments: arguments.map { Array($0.utf8) },
                environment: environment.map { "\($0.key)=\($0.value)" })
            defer {
                Files.close(child.output)
                Files.close(child.input)
            }
            let deadline = Date().addingTimeInterval(30)
            while !FileManager.default.fileExists(atPath: directory + "/\(child.pid).json"), Date() < deadline {
                try await Task.sleep(nanoseconds: 1_000_000)
            }
            #expect(Terminal.send(.terminate, to: child.pid))
            var ending: ChildEnding?
            let stopBy = Date().addingTimeInterval(10 * testPatience)
            while ending == nil, Date() < stopBy {
                ending = try Children.ending(of: child.pid, wait: false)
                try await Task.sleep(nanoseconds: 5_000_000)
            }
            if ending == nil {
                _ = Children.send(.kill, toGroup: child.pid)
                _ = try? Children.ending(of: child.pid, wait: true)
            }
            #expect(ending == .exited(0), "\(arguments): a SIGTERM right after the discovery file was lost")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(arguments)")
        }
    }
}

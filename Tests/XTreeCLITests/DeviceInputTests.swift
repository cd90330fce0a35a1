#if os(Linux)
    import Foundation
    import Testing
    import XTreePlatform

    @Suite struct DeviceInputTests {
        /// Darwin's `poll` takes no device but a pty (`/dev/tty` is `POLLNVAL`, `poll(2)`):
        /// `watch` reading such a device prints what another client did as it happens, not
        /// after the next line typed. Here `/dev/tty`, a pty's (the Darwin personality, like
        /// Darwin, polls the pty itself but not `/dev/tty`).
        @Test func watchWithADeviceForInputPrintsTheAppsChangesAsTheyCome() async throws {
            let served = try await ServedApp()
            let (master, terminal) = try #require(Terminal.openPseudoTerminal())
            defer { Files.close(master) }
            let watch = Process()
            // In a session of its own whose controlling terminal is the pty, reading `/dev/tty`.
            watch.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
            watch.arguments = [
                "--ctty", "/bin/sh", "-c", #"exec "$0" watch --attach "$1" < /dev/tty"#,
                productsDirectory.appendingPathComponent("xtree-cli").path, served.name,
            ]
            var environment = ProcessInfo.processInfo.environment
            for (key, value) in served.environment { environment[key] = value }
            watch.environment = environment
            let output = served.folder.path("watch.out")
            _ = FileManager.default.createFile(atPath: output, contents: nil)
            watch.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
            watch.standardError = watch.standardOutput
            watch.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: terminal))
            try watch.run()
            func printed() -> String { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
            for _ in 0..<200 where !printed().contains("> ") { try await Task.sleep(nanoseconds: 50_000_000) }
            #expect(printed().contains("watching"))

            let opened = try await served.cli("open", "--attach", served.name, "recipes://tab/settings")
            #expect(opened.status == 0)
            for _ in 0..<200 where !printed().contains(#"tab "meat" -> "settings""#) {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            #expect(printed().contains(#"tab "meat" -> "settings""#), "\(printed())")

            try Array("quit\n".utf8).withUnsafeBytes { try Files.writeAll($0, to: master) }
            await watch.exit(killAfter: 10)
            #expect(watch.terminationStatus == 0)
        }
    }
#endif

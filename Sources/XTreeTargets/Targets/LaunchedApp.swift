import Foundation
import XTree
import XTreeArgumentParser
import XTreeInspectorClient
import XTreePlatform

/// An app the CLI starts as a child process for one command run (`--launch PATH`), attached
/// through a discovery directory of its own, and stopped when the command ends: the one
/// runner of child apps.
///
/// The child is an executable that serves a `DeepLinkableApp` type with
/// `Inspector.serve(App.self)`. It is given `XTREE_INSPECTOR_DIR`, a directory made for it
/// alone (mode 0700, removed at the end), and `XTREE_LAUNCH_NAME`; what it prints goes to a
/// file there, whose end is shown if it fails to serve. A restore to the start gives it a
/// fresh root, so one child serves every case of a command; one that dies or stops answering
/// is reported with how it ended, and ``relaunch()`` starts another.
@MainActor
package final class LaunchedApp {
    /// The executable, as given.
    package let path: String
    /// The arguments it is started with.
    package let arguments: [String]
    /// How long to wait for a child to serve, in seconds.
    package let startTimeout: Double
    /// How long to wait for each reply of a child, in seconds.
    package let replyTimeout: Double
    private let environment: [String: String]
    private var process: Process?
    private var directory: String?
    /// The attached child.
    package private(set) var target: AttachedTarget?
    /// How many children were started.
    package private(set) var starts = 0
    /// The journal event of the last case's fresh root (its restore): the objects that leave
    /// the tree from then on are that case's.
    package private(set) var caseStart = 0

    /// Starts `path` with `arguments` and attaches to it.
    ///
    /// - Parameters:
    ///   - environment: The CLI's environment: the child's, with its directory and name added;
    ///     `XTREE_LAUNCH_TIMEOUT` (seconds, default 60) bounds its start, and
    ///     `XTREE_REPLY_TIMEOUT` (default 30) each reply.
    package init(_ path: String, arguments: [String] = [], environment: [String: String]) throws(CLIError) {
        self.path = path
        self.arguments = arguments
        self.environment = environment
        startTimeout = Self.seconds(environment["XTREE_LAUNCH_TIMEOUT"]) ?? 60
        replyTimeout = Self.seconds(environment["XTREE_REPLY_TIMEOUT"]) ?? 30
        try start()
    }

    /// A positive number of seconds of at most a day, if `text` is one.
    private static func seconds(_ text: String?) -> Double? {
        guard let text, let seconds = Double(text), seconds > 0, seconds <= 86_400 else { return nil }
        return seconds
    }

    /// How a child ended: with a status, or by a signal.
    package enum Ending: Sendable, Hashable, CustomStringConvertible {
        case exited(Int32)
        case signal(Int32)

        /// `exited with status N` or `was ended by signal N (NAME)`.
        package var description: String {
            switch self {
            case .exited(let status): "exited with status \(status)"
            case .signal(let number):
                "was ended by signal \(number)" + (LaunchedApp.signalNames[number].map { " (\($0))" } ?? "")
            }
        }
    }

    /// How the child ended, if it has.
    package var ended: Ending? {
        guard let process, !process.isRunning else { return nil }
        let status = process.terminationStatus
        return process.terminationReason == .exit ? .exited(status) : .signal(status)
    }

    /// How the child ended, if it has: `exited with status N` or `was ended by signal N (NAME)`.
    package var ending: String? { ended?.description }

    /// The signals a crash ends with, whose numbers Linux and Darwin share.
    nonisolated private static let signalNames: [Int32: String] = [
        4: "SIGILL: a trap, such as a failed precondition or a force-unwrap of nil",
        5: "SIGTRAP: a trap, such as a failed precondition or a force-unwrap of nil",
        6: "SIGABRT", 9: "SIGKILL", 11: "SIGSEGV: a bad memory access, or a stack overflow", 15: "SIGTERM",
    ]

    /// After a request that failed other than by the app's refusal: how the child ended, given
    /// a moment to be reaped if its connection closed; `nil` if it still ran (it hung), in
    /// which case it is killed. The child is stopped either way.
    package func reap(after error: InspectorError) -> Ending? {
        if case .noAnswer = error {
        } else {
            let deadline = Date().addingTimeInterval(2)
            while process?.isRunning == true, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        }
        let ended = self.ended
        if ended == nil, let pid = process?.processIdentifier {
            _ = Terminal.send(.kill, to: pid)
            process?.waitUntilExit()
        }
        stop()
        return ended
    }

    /// Why a case failed: the app's own refusal, or how the child ended.
    package struct CaseFailure: Error, CustomStringConvertible {
        package var description: String

        package init(description: String) {
            self.description = description
        }
    }

    /// Runs one case on a fresh root: restores the child to the start (a fresh root from its
    /// type), then runs `body` with its client. A case that kills the child, or leaves it
    /// without an answer past the reply timeout, fails saying how the child ended; the next
    /// case gets a new child. Whatever else `body` throws fails the case with its message.
    package func runCase<Value>(
        _ body: (InspectorClient) throws(InspectorError) -> Value
    ) -> Result<Value, CaseFailure> {
        do throws(CLIError) {
            if target == nil { try start() }
        } catch {
            return .failure(CaseFailure(description: "the app could not be started again: \(error)"))
        }
        guard let client = target?.client else { preconditionFailure("a started app is attached") }
        do throws(InspectorError) {
            caseStart = try client.restore(to: 0).result.event
            return .success(try body(client))
        } catch {
            if case .refused(let reason) = error { return .failure(CaseFailure(description: reason)) }
            // The child crashed or hung: say how, and have a new one for the next case.
            let how = reap(after: error).map { "the app \($0)" } ?? "the app stopped answering, and was stopped"
            return .failure(CaseFailure(description: "\(how) (\(error.description))"))
        }
    }

    /// Stops the child (if it runs) and starts another: after a case that killed or hung it.
    package func relaunch() throws(CLIError) {
        stop()
        try start()
    }

    private func start() throws(CLIError) {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .failure("cannot launch \(TerminalText.escaped(path)): no executable file there")
        }
        let directory = try Self.makePrivateDirectory(environment: environment)
        self.directory = directory
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = environment
        environment["XTREE_INSPECTOR_DIR"] = directory
        // Its flight record goes to its own folder: never over the record of the app's own runs.
        environment["XTREE_FLIGHTRECORD_DIR"] = directory
        environment["XTREE_LAUNCH_NAME"] = URL(fileURLWithPath: path).lastPathComponent
        process.environment = environment
        let output = directory + "/output"
        _ = FileManager.default.createFile(atPath: output, contents: nil, attributes: [.posixPermissions: 0o600])
        guard let handle = FileHandle(forWritingAtPath: output) else {
            throw .failure("cannot launch \(TerminalText.escaped(path)): cannot write its output to \(output)")
        }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do {
            try Self.run(process)
        } catch {
            removeDirectory()
            let reason = Self.systemError(under: error)?.description ?? error.localizedDescription
            throw .failure("cannot launch \(TerminalText.escaped(path)): \(reason)")
        }
        self.process = process
        starts += 1
        let discovery = "\(directory)/\(process.processIdentifier).json"
        let deadline = Date().addingTimeInterval(startTimeout)
        while !FileManager.default.fileExists(atPath: discovery) {
            guard process.isRunning else {
                let error = failure("\(ending ?? "ended") before it served")
                removeDirectory()
                throw error
            }
            guard Date() < deadline else {
                stop()
                throw .failure(
                    "\(TerminalText.escaped(path)) did not serve within \(Int(startTimeout)) s "
                        + "(XTREE_LAUNCH_TIMEOUT); it must call Inspector.serve(YourApp.self)")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let target = try AttachedTarget(String(process.processIdentifier), in: directory)
        target.client.replyTimeout = replyTimeout
        target.applierName = "launched"
        self.target = target
    }

    /// The system call's error beneath one of Foundation's, if any: Foundation's own says only
    /// "NSCocoaErrorDomain error 256" when a child cannot be started.
    private static func systemError(under error: any Error) -> SystemError? {
        guard let cause = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
            cause.domain == NSPOSIXErrorDomain, let code = Int32(exactly: cause.code)
        else { return nil }
        return SystemError(code)
    }

    /// Starts `process`, trying again for up to about a second while its executable is open
    /// for writing somewhere (`ETXTBSY`): just written by a build, or held by a child that
    /// another thread is starting, between its fork and its exec.
    private static func run(_ process: Process) throws {
        for attempt in 1... {
            do {
                return try process.run()
            } catch {
                guard attempt < 50, systemError(under: error)?.is(.textFileBusy) == true else { throw error }
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
    }

    /// An error that says how the child ended, with the end of what it printed.
    package func failure(_ what: String) -> CLIError {
        var message = "the launched app \(TerminalText.escaped(path)) \(what)"
        if let directory, let data = Self.tail(of: directory + "/output", bytes: 2_048), !data.isEmpty {
            let tail = String(decoding: data, as: UTF8.self)
            let lines = tail.split(separator: "\n", omittingEmptySubsequences: true).suffix(3)
            message += "; its last output: " + lines.map { TerminalText.quoted(String($0)) }.joined(separator: " | ")
        }
        return .failure(message)
    }

    /// The last `bytes` of a file, read without reading the rest: a child may print without end.
    private static func tail(of path: String, bytes: Int) -> Data? {
        guard let descriptor = try? Files.open(path, [], mode: 0) else { return nil }
        defer { Files.close(descriptor) }
        guard let size = try? Files.status(of: descriptor).size, Files.seek(descriptor, to: max(0, size - Int64(bytes)))
        else { return nil }
        var buffer = [UInt8](repeating: 0, count: bytes)
        let count = buffer.withUnsafeMutableBytes { (try? Files.read(descriptor, into: $0)) ?? 0 }
        return Data(buffer[..<count])
    }

    /// Ends the child (`SIGTERM`, then `SIGKILL` after 2 s) and removes its directory.
    package func stop() {
        target = nil
        if let process, process.isRunning {
            _ = Terminal.send(.terminate, to: process.processIdentifier)
            let deadline = Date().addingTimeInterval(2)
            while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            if process.isRunning { _ = Terminal.send(.kill, to: process.processIdentifier) }
            process.waitUntilExit()
        }
        removeDirectory()
    }

    private func removeDirectory() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
        directory = nil
    }

    /// A new directory only the user can enter, in the temporary directory.
    private static func makePrivateDirectory(environment: [String: String]) throws(CLIError) -> String {
        let temporary =
            environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? Files.userTemporaryDirectory ?? "/tmp"
        let base = temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let path = base + "/xtree-launch-" + String(generator.next() as UInt64, radix: 36)
            do {
                try Files.makeDirectory(path, permissions: 0o700)
                return path
            } catch  where error.is(.alreadyExists) {
                continue
            } catch {
                throw .failure("cannot make a directory for the launched app in \(base): \(error)")
            }
        }
        throw .failure("cannot make a directory for the launched app in \(base)")
    }
}

/// The apps a command launched, stopped together when it ends.
@MainActor
package final class LaunchedApps {
    package var apps: [LaunchedApp] = []

    /// Stops every app launched.
    package func stopAll() {
        for app in apps { app.stop() }
        apps = []
    }
}

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
/// alone (mode 0700, removed at the end), where its flight record goes too
/// (`XTREE_FLIGHTRECORD_DIR`), and `XTREE_LAUNCH_NAME`. It runs in a process group of its own
/// with default signal actions (``Children``); the last 64 KiB of what it prints are kept, and
/// shown if it fails to serve; its standard input is a pipe from the CLI, whose end tells it
/// the CLI is gone even after a `SIGKILL` (`XTREE_LAUNCH_PIPE`). A restore to the start gives
/// it a fresh root, so one child serves every case of a command; one that dies or stops
/// answering is reported with how it ended, and ``relaunch()`` starts another.
@MainActor
package final class LaunchedApp {
    /// The executable, as given.
    package let path: String
    /// The arguments it is started with, as bytes (a path need not be UTF-8).
    package let arguments: [[UInt8]]
    /// How failures name it, where the path would not (`the recipes app`); else by its path.
    /// Given for the example apps' children, which are this tool: their failures are said in
    /// its own words (its `error:` line).
    package let title: String?
    /// How long to wait for a child to serve, in seconds.
    package let startTimeout: Double
    /// How long to wait for each reply of a child, in seconds.
    package let replyTimeout: Double
    private let environment: [String: String]
    private var child: SpawnedChild?
    /// How the child ended, once it was reaped.
    private var reaped: ChildEnding?
    var output: OutputTail?
    private var directory: String?
    /// The attached child.
    package private(set) var target: AttachedTarget?
    /// The child's private directory, where it announces itself, while it runs.
    package var inspectorDirectory: String? { target == nil ? nil : directory }
    /// How many children were started.
    package private(set) var starts = 0
    /// How long each child waits for a link it holds to be delivered (`--hold-timeout`).
    package var holdTimeout: Double? {
        didSet { target?.client.holdTimeout = holdTimeout }
    }
    /// How long the last child took to serve, in seconds.
    package private(set) var startSeconds = 0.0
    /// The journal event of the last case's fresh root (its restore): the objects that leave
    /// the tree from then on are that case's.
    package private(set) var caseStart = 0

    /// Starts `path` with `arguments` and attaches to it.
    ///
    /// - Parameters:
    ///   - environment: The CLI's environment: the child's, with its directory and name added;
    ///     `XTREE_LAUNCH_TIMEOUT` (seconds, default 60) bounds its start, and
    ///     `XTREE_REPLY_TIMEOUT` (default 30) each reply.
    package init(
        _ path: String, arguments: [[UInt8]] = [], title: String? = nil, environment: [String: String]
    ) throws(CLIError) {
        self.path = path
        self.arguments = arguments
        self.title = title
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
    package typealias Ending = ChildEnding

    /// How the child ended, if it has (reaping it).
    package var ended: Ending? {
        guard let child else { return nil }
        if reaped == nil { reaped = try? Children.ending(of: child.pid, wait: false) }
        return reaped
    }

    private var isRunning: Bool { child != nil && ended == nil }

    /// The child's process group (its pid), while it runs.
    package var processGroup: Int32? { child?.pid }

    /// How the child ended, if it has: `exited with status N` or `was ended by signal N (NAME)`.
    package var ending: String? { ended?.description }

    /// The signals a crash ends with, whose numbers Linux and Darwin share.
    nonisolated static let signalNames: [Int32: String] = [
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
            while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        }
        let ended = self.ended
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

    /// Whether the child returns to its start when asked (`restore` to event 0: an app served
    /// with `Inspector.serve` makes a fresh root, one with a restoration restores its first
    /// state); asked once, of the first child. One that cannot is started again for each case.
    package private(set) var restoresItsStart: Bool?
    /// Whether the child is as it started: no case ran in it yet.
    private var fresh = false

    /// Runs one case on a fresh root: a new child's, or the child's returned to its start
    /// (``restoresItsStart``), else a child started again; then runs `body` with its client. A
    /// case that kills the child, or leaves it without an answer past the reply timeout, fails
    /// saying how the child ended; the next case gets a new child. Whatever else `body` throws
    /// fails the case with its message.
    package func runCase<Value>(
        _ body: (InspectorClient) throws(InspectorError) -> Value
    ) -> Result<Value, CaseFailure> {
        do throws(CLIError) {
            if target == nil {
                try start()
            } else if !fresh, restoresItsStart == false {
                // A child that ended since the last case (a task of its links) ended in this one.
                if let ended { return .failure(CaseFailure(description: "the app \(ended)")) }
                try relaunch()
            }
        } catch {
            return .failure(CaseFailure(description: "the app could not be started again: \(error)"))
        }
        let returning = !fresh
        fresh = false
        guard let client = target?.client else { preconditionFailure("a started app is attached") }
        do throws(InspectorError) {
            if returning, restoresItsStart != false {
                do throws(InspectorError) {
                    caseStart = try client.restore(to: 0).result.event
                    restoresItsStart = true
                } catch .refused {
                    // It cannot return to its start: this case, and each after it, in a new child.
                    restoresItsStart = false
                    return runCase(body)
                }
            }
            return .success(try body(client))
        } catch {
            if case .refused(let reason) = error { return .failure(CaseFailure(description: reason)) }
            // The child crashed or hung: say how, and have a new one for the next case.
            let ended = reap(after: error)
            let how = ended.map { "the app \($0)" } ?? "the app stopped answering, and was stopped"
            // The app's own message, where it left one: what a finding's reader needs first.
            let said = ended == nil ? nil : fatalMessage.map { "; it said: \(TerminalText.quoted($0))" }
            return .failure(CaseFailure(description: "\(how) (\(error.description))\(said ?? "")"))
        }
    }

    /// Finds out, on the child as it started, whether it returns to its start
    /// (``restoresItsStart``), for a command to say what each case will cost.
    package func probeRestore() -> Bool {
        if let restoresItsStart { return restoresItsStart }
        guard let client = target?.client else { return false }
        do throws(InspectorError) {
            caseStart = try client.restore(to: 0).result.event
            restoresItsStart = true
        } catch {
            if case .refused = error { restoresItsStart = false }
        }
        return restoresItsStart ?? false
    }

    /// What a command says when ``restoresItsStart`` is false: each `unit` starts a child.
    package func restartNote(per unit: String) -> String {
        "note: \(TerminalText.escaped(URL(fileURLWithPath: path).lastPathComponent)) does not return to its start "
            + "(its inspector holds its own root and restores no states), so each \(unit) starts it again "
            + "(about \(Int((startSeconds * 1000).rounded())) ms each); a launch executable that calls "
            + "Inspector.serve(YourApp.self) gives a fresh root per \(unit) at no such cost\n"
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
        var environment = environment
        environment["XTREE_INSPECTOR_DIR"] = directory
        // Its flight record goes to its own folder: never over the record of the app's own runs.
        environment["XTREE_FLIGHTRECORD_DIR"] = directory
        environment["XTREE_LAUNCH_NAME"] = URL(fileURLWithPath: path).lastPathComponent
        environment["XTREE_LAUNCH_PIPE"] = "1"
        let child: SpawnedChild
        do {
            child = try Self.spawn(path, arguments: arguments, environment: environment)
        } catch {
            removeDirectory()
            throw .failure("cannot launch \(TerminalText.escaped(path)): \(error)")
        }
        self.child = child
        reaped = nil
        output = OutputTail(reading: child.output)
        starts += 1
        let began = Date()
        defer { startSeconds = Date().timeIntervalSince(began) }
        let discovery = "\(directory)/\(child.pid).json"
        let deadline = Date().addingTimeInterval(startTimeout)
        while !FileManager.default.fileExists(atPath: discovery) {
            if let ended {
                var how = "\(ended) before it served"
                if ended == .signal(9) {
                    how +=
                        " (killed by the system: on macOS, one that is not validly signed is killed at launch; "
                        + "check it with codesign --verify)"
                } else if ended == .exited(1) {
                    // Inspector.serve's status when its inspector cannot start: a launch executable
                    // with the App Sandbox may write only in its container, not the folder made for it.
                    how +=
                        " (if it could not start its inspector: it must be able to write to \(directory), which a "
                        + "sandboxed executable cannot; build the launch executable without the App Sandbox)"
                }
                let error = failure(how)
                stop()
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
        let target = try AttachedTarget(String(child.pid), in: directory)
        target.client.replyTimeout = replyTimeout
        target.client.holdTimeout = holdTimeout
        target.applierName = "launched"
        target.launched = self
        // A request that fails other than by the app's refusal: how the child ended, and what
        // it said, instead of a closed connection.
        target.explain = { [weak self] error in
            guard let self, case .disconnected = error else { return .failure(error.description) }
            return self.failure(self.reap(after: error).map(\.description) ?? "stopped answering, and was stopped")
        }
        self.target = target
        fresh = true
        caseStart = 0
    }

    /// Starts the child. On Linux, an executable still open for writing somewhere (`ETXTBSY`:
    /// just written by a build, or held by a child that another thread is starting, between
    /// its fork and its exec) is tried again for up to about 5 s (a busy test run holds one for seconds); Darwin never refuses an
    /// exec for that (its check in `kern_exec.c` is compiled out), so it is not tried there.
    private static func spawn(_ path: String, arguments: [[UInt8]], environment: [String: String]) throws(SystemError)
        -> SpawnedChild
    {
        let words = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        for attempt in 1... {
            do {
                return try Children.spawn(path, arguments: arguments, environment: words)
            } catch {
                #if os(Linux)
                    guard attempt < 250, error.is(.textFileBusy) else { throw error }
                    Thread.sleep(forTimeInterval: 0.02)
                #else
                    throw error
                #endif
            }
        }
        preconditionFailure("the loop returns or throws")
    }

    /// Ends the child as its command ends, for an app that saves its state then (an example
    /// app's `--save-state`): `SIGTERM`, and up to the reply timeout for it to end. A child that
    /// ends otherwise than with status 0 fails the command with what it said.
    package func finish() throws(CLIError) {
        guard let child, ended == nil else { return }
        _ = Children.send(.terminate, toGroup: child.pid)
        let deadline = Date().addingTimeInterval(replyTimeout)
        while ended == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
        switch ended {
        case .exited(0)?: stop()
        case let ending?: throw failure("\(ending) as it stopped")
        case nil: throw failure("did not stop within \(Int(replyTimeout)) s of SIGTERM")
        }
    }

    /// Ends the child and whatever it started (`SIGTERM` to its group, then `SIGKILL` after
    /// 2 s), reaps it by its pid (never waiting on its output, which a grandchild may hold),
    /// and removes its directory.
    package func stop() {
        target = nil
        if let child {
            if ended == nil {
                _ = Children.send(.terminate, toGroup: child.pid)
                let deadline = Date().addingTimeInterval(2)
                while ended == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
            }
            // Whatever of its group is left, the child itself included if it still runs.
            _ = Children.send(.kill, toGroup: child.pid)
            if reaped == nil { reaped = try? Children.ending(of: child.pid, wait: true) }
            Files.close(child.input)
            self.child = nil
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

extension ChildEnding: CustomStringConvertible {
    /// `exited with status N` or `was ended by signal N (NAME)`.
    package var description: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signal(let number):
            "was ended by signal \(number)" + (LaunchedApp.signalNames[number].map { " (\($0))" } ?? "")
        }
    }
}

import Dispatch
import Foundation
import XTree
import XTreeDebugger
import XTreePlatform

extension Inspector {
    /// The app's root now: where the inspector owns it, the fresh one of the last restore to
    /// the start.
    @MainActor
    package var root: any DeepLinkable { core.hub.root }

    /// Makes `root` the tree a debugger's `xtree` commands read (`xtree_command`, and the
    /// command files in `Scripts/debugger/`), without starting an inspector: for an app that
    /// runs none. Starting an inspector registers its root by itself.
    @MainActor
    public static func registerForDebugger(_ root: any DeepLinkable) {
        DebuggerView.shared.register(root)
    }

    /// Serves a fresh `App` with its inspector until the process ends: the whole of the small
    /// executable target that `xtree-cli --launch` starts.
    ///
    /// ```swift
    /// // Sources/podcasts-launch/main.swift
    /// import Podcasts
    /// import XTreeInspector
    ///
    /// Inspector.serve(PodcastsApp.self)
    /// ```
    ///
    /// The root is made with ``DeepLinkableApp/makeRoot()`` and held by the inspector alone, so
    /// a client's restore to the start (`xtree-cli` does one before each case it checks) makes
    /// a fresh root again instead of restoring a captured state. State the app keeps elsewhere
    /// (singletons, `UserDefaults`, files) carries over from one root to the next. Links are
    /// applied with the type's ``DeepLinkableApp/open(_:in:)``.
    ///
    /// The inspector announces itself where `XTREE_INSPECTOR_DIR` says (the CLI gives each app
    /// it launches a private directory), under `name`, else `XTREE_LAUNCH_NAME`, else the
    /// type's name; then one line, `serving NAME (pid PID)`, goes to standard output. If the
    /// inspector cannot start, the reason goes to standard error and the process exits with
    /// status 1. SIGTERM and SIGINT end it cleanly, its discovery file and socket removed (an
    /// app's own `Inspector(…)` leaves the app's signals alone). Started by `xtree-cli` (`XTREE_LAUNCH_PIPE` set), it exits when its standard
    /// input ends: the CLI that launched it is gone, even if it was killed.
    @MainActor
    public static func serve<App: DeepLinkableApp>(_ app: App.Type, name: String? = nil) -> Never {
        // Before the inspector announces itself: a SIGTERM or SIGINT sent as soon as it can be
        // found ends the app through `exit`, whose handlers remove its discovery file and socket.
        terminationSources = [SignalName.interrupt, .terminate].map { signal in
            Terminal.ignore(signal)
            let source = DispatchSource.makeSignalSource(signal: Terminal.number(of: signal), queue: .main)
            source.setEventHandler { Terminal.exit(0) }
            source.resume()
            return source
        }
        let environment = ProcessInfo.processInfo.environment
        let name = name ?? environment["XTREE_LAUNCH_NAME"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(App.self)"
        do {
            let inspector = try Inspector(
                name: name, root: app.makeRoot(), directory: nil, loopbackPort: nil,
                journalCapacity: defaultJournalCapacity, restoration: nil,
                releaseGracePeriod: defaultReleaseGracePeriod,
                open: nil, definition: AppDefinition(app, ownsRoot: true))
            FileHandle.standardOutput.write(Data("serving \(name) (pid \(inspector.app.pid))\n".utf8))
            whenLauncherEnds { Terminal.exit(0) }
        } catch {
            FileHandle.standardError.write(Data("error: cannot start the inspector: \(error)\n".utf8))
            Terminal.exit(1)
        }
        dispatchMain()
    }

    /// Calls `end` on the main queue once standard input ends, if the process was started by
    /// `xtree-cli`, which says so with `XTREE_LAUNCH_PIPE=1` and holds the other end of that
    /// pipe: its end means the CLI is gone, however it ended. A read source on the main queue,
    /// not a thread: nothing but the main queue touches what `end` stops.
    @MainActor
    package static func whenLauncherEnds(_ end: @escaping @Sendable () -> Void) {
        guard ProcessInfo.processInfo.environment["XTREE_LAUNCH_PIPE"] == "1" else { return }
        let source = DispatchSource.makeReadSource(fileDescriptor: Terminal.standardInput, queue: .main)
        source.setEventHandler {
            var bytes = [UInt8](repeating: 0, count: 512)
            let count = bytes.withUnsafeMutableBytes { (try? Files.read(Terminal.standardInput, into: $0)) ?? 0 }
            guard count <= 0 else { return }
            source.cancel()
            end()
        }
        source.resume()
        launcherSource = source
    }

    /// The source that watches standard input, kept for the process's life.
    @MainActor private static var launcherSource: (any DispatchSourceRead)?

    /// The signal sources of ``serve(_:name:)``, kept for the process's life.
    @MainActor private static var terminationSources: [any DispatchSourceSignal] = []
}

import Foundation
import XTree
import XTreeDebugger
import XTreeJournal
import XTreePlatform
import XTreeSupport

/// Serves a running app's tree to `xtree-cli` over a local socket: snapshots, searches by
/// name, links applied with their search traces, and a stream of changes.
///
/// Start it in debug builds, with the app's ``DeepLinkableApp`` type and its root (or, for an
/// app without such a type, the root and the handler that applies a link):
///
/// ```swift
/// #if DEBUG
/// let inspector = try Inspector(name: "Recipes", app: RecipesApp.self, root: home)
/// #endif
/// ```
///
/// Then `xtree-cli list` shows the app, and `xtree-cli tree --attach Recipes` prints its tree.
///
/// An inspector serves until ``stop()`` is called or the process exits, whether or not the
/// value is kept: `_ = try Inspector(…)` serves too. At exit, the discovery file and the
/// socket are removed.
///
/// ## Access
/// The socket is a Unix domain socket (mode 0600) in the user's inspector directory (mode
/// 0700, see ``InspectorDirectory``), beside a discovery file (mode 0600) that holds its
/// address and a random token; a client must present the token first. Loopback TCP
/// (127.0.0.1) is opt-in, or taken where the socket's path would not fit (an app in the iOS
/// simulator), and guarded by the same token. Other users cannot enter the directory, so
/// they cannot learn the token or reach the socket; any process of the same user can. The
/// TCP port is reachable by every local user, who still needs the token.
///
/// ## The app's side of a request
/// One thread polls every connection (``EventLoop``); each request is answered by a task that
/// touches the tree on the main actor for as long as one snapshot (or the link handler)
/// takes, and nothing waits for the main actor. Encoding and writing happen off it, a block
/// at a time. A client that stops reading is cut off after a timeout, and a follower that falls far
/// behind is dropped: neither ever blocks the app.
public final class Inspector: Sendable {
    /// Where the app listens: `unix:PATH`, and `tcp:127.0.0.1:PORT` if enabled.
    public let addresses: [String]
    /// The discovery entry written for this app.
    public let app: InspectableApp

    let core: InspectorCore
    private let stopped = Locked(false)
    private let discoveryFile: String
    private let socketPath: String

    /// Starts serving `root`.
    ///
    /// - Parameters:
    ///   - name: What `xtree-cli list` shows and `--attach` accepts.
    ///   - root: The app's root.
    ///   - directory: Where to announce the app instead of the default ``InspectorDirectory``.
    ///   - loopbackPort: Also listen on 127.0.0.1 at this port (0: any free port), for the
    ///     simulator; `nil` (the default) for the Unix socket only. Where the Unix socket's
    ///     path would not fit the system's limit (an iOS app's temporary directory is deep),
    ///     no Unix socket is made, and the inspector listens on 127.0.0.1 alone, at this port
    ///     or any free one.
    ///   - journalCapacity: How many events the journal keeps (see ``defaultJournalCapacity``);
    ///     0 keeps none and observes the tree only while a client watches.
    ///   - restoration: How the app captures and restores its state, for `xtree-cli restore`
    ///     (see ``Restoration``); `nil` (the default) refuses restores.
    ///   - releaseGracePeriod: How long, in seconds, an object that left the tree may stay
    ///     alive before it is reported to `watch` and `log` (see
    ///     ``defaultReleaseGracePeriod``). Objects are watched while the tree is.
    ///   - open: Applies a link and returns the object it ended on; `nil` if the app takes no
    ///     links from the inspector.
    /// - Throws: ``InspectorError`` if the directory is unsafe or a socket cannot be made.
    @MainActor
    public convenience init(
        name: String,
        root: any DeepLinkable,
        directory: String? = nil,
        loopbackPort: UInt16? = nil,
        journalCapacity: Int = Inspector.defaultJournalCapacity,
        restoration: Restoration? = nil,
        releaseGracePeriod: Double = Inspector.defaultReleaseGracePeriod,
        open: (@MainActor @Sendable (URL) async throws -> (any DeepLinkable)?)? = nil
    ) throws(InspectorError) {
        try self.init(
            name: name, root: root, directory: directory, loopbackPort: loopbackPort,
            journalCapacity: journalCapacity, restoration: restoration, releaseGracePeriod: releaseGracePeriod,
            open: open, definition: nil)
    }

    /// Starts serving `root`, the root of an app that `app` describes: links from clients
    /// are applied with `app`'s ``DeepLinkableApp/open(_:in:)``, and sessions recorded from it
    /// name `app`'s module and type, so that `xtree-cli export-test` can make them tests.
    ///
    /// ```swift
    /// #if DEBUG
    /// let inspector = try Inspector(name: "Recipes", app: RecipesApp.self, root: home)
    /// #endif
    /// ```
    ///
    /// The other parameters are those of ``init(name:root:directory:loopbackPort:journalCapacity:restoration:releaseGracePeriod:open:)``.
    ///
    /// - Throws: ``InspectorError`` if the directory is unsafe or a socket cannot be made.
    @MainActor
    public convenience init<App: DeepLinkableApp>(
        name: String,
        app: App.Type,
        root: App.Root,
        directory: String? = nil,
        loopbackPort: UInt16? = nil,
        journalCapacity: Int = Inspector.defaultJournalCapacity,
        restoration: Restoration? = nil,
        releaseGracePeriod: Double = Inspector.defaultReleaseGracePeriod
    ) throws(InspectorError) {
        try self.init(
            name: name, root: root, directory: directory, loopbackPort: loopbackPort,
            journalCapacity: journalCapacity, restoration: restoration, releaseGracePeriod: releaseGracePeriod,
            open: { url in try await App.open(url.absoluteString, in: root) }, definition: AppDefinition(app))
    }

    @MainActor
    package init(
        name: String,
        root: any DeepLinkable,
        directory: String?,
        loopbackPort: UInt16?,
        journalCapacity: Int,
        restoration: Restoration?,
        releaseGracePeriod: Double,
        open: (@MainActor @Sendable (URL) async throws -> (any DeepLinkable)?)?,
        definition: AppDefinition?
    ) throws(InspectorError) {
        precondition(journalCapacity >= 0, "a journal cannot keep a negative number of events")
        precondition(
            releaseGracePeriod >= 0 && releaseGracePeriod <= 86_400, "a grace period is 0 to 86,400 seconds")
        let directory = try InspectorDirectory.path(directory)
        _ = try? InspectorDirectory.runningApps(in: directory)  // removes the files of apps that are gone
        let pid = Terminal.processID
        let plan = Self.listeningPlan(in: directory, pid: pid, loopbackPort: loopbackPort)
        socketPath = plan.socketPath ?? ""
        discoveryFile = InspectorDirectory.file(for: pid, in: directory)
        let token = Self.makeToken()

        var listeners: [(descriptor: Int32, place: InspectorCore.Place)] = []
        var addresses: [String] = []
        if let path = plan.socketPath {
            listeners.append((try Self.listen(unixPath: path), .unix(path)))
            addresses.append("unix:\(path)")
        }
        if let port = plan.loopbackPort {
            do {
                let (descriptor, bound) = try Self.listen(loopbackPort: port)
                listeners.append((descriptor, .loopback(bound)))
                addresses.append("tcp:127.0.0.1:\(bound)")
            } catch {
                for (descriptor, _) in listeners { Files.close(descriptor) }
                InspectorDirectory.removeSocket(socketPath)
                guard plan.socketPath == nil else { throw error }
                // The socket's path did not fit (a sandboxed Mac app's `/var/folders/…/T/BUNDLE-ID/`
                // holds a bundle id of about 33 characters), and loopback needs an entitlement.
                let path = InspectorDirectory.socketPath(for: pid, in: directory)
                throw .io(
                    "\(error.description); the socket path \(path) is \(path.utf8.count) bytes, over the "
                        + "\(Sockets.maximumLocalPathBytes) a socket's path holds, so the inspector listens on "
                        + "127.0.0.1 instead, which a sandboxed Mac app may do only with the "
                        + "com.apple.security.network.server entitlement (or set XTREE_INSPECTOR_DIR to a shorter "
                        + "folder)")
            }
        }
        self.addresses = addresses
        app = InspectableApp(
            name: name, pid: pid, address: addresses[0], loopback: addresses.first { $0.hasPrefix("tcp:") },
            token: token, version: InspectorProtocol.version)
        let hub = WatchHub(
            root: root, journal: Journal(capacity: journalCapacity), restoration: restoration,
            gracePeriod: releaseGracePeriod, landing: definition?.landing ?? .whenOpenReturns)
        if journalCapacity > 0 { hub.start() }
        AppDefinition.registerForDebugger(definition, hub: hub)
        // Where the inspector owns the root, links go to the root it holds now.
        var open = open
        if let definition, definition.makeRoot != nil {
            open = { [hub] url in try await definition.open(url.absoluteString, hub.root) }
        }
        do {
            core = try InspectorCore(
                name: name, token: token, hub: hub, open: open, definition: definition, listeners: listeners)
            try InspectorDirectory.announce(app, in: directory)
        } catch {
            for (descriptor, _) in listeners { Files.close(descriptor) }
            InspectorDirectory.removeSocket(socketPath)
            throw error as? InspectorError ?? .io("cannot start the inspector: \(error)")
        }
        core.loop.start(core, name: "XTree inspector")
        Self.keep(self)
    }

    /// Listens again on the inspector's socket and port, after the system took them away:
    /// call it when the app returns to the foreground.
    ///
    /// iOS makes a suspended app's sockets defunct: after a trip to the background the
    /// listener accepts nothing, and nothing tells the inspector. Where the system reports a
    /// listener shut down (Linux does), the inspector listens again by itself.
    ///
    /// ```swift
    /// NotificationCenter.default.addObserver(
    ///     forName: UIApplication.willEnterForegroundNotification, object: nil, queue: .main
    /// ) { _ in inspector.resume() }
    /// ```
    ///
    /// Connections already made are kept; the socket path, port and token stay the same.
    public func resume() {
        core.loop.post { [core] loop in
            for index in 0..<loop.listenerCount { core.listenAgain(index) }
        }
    }

    /// Makes the listeners defunct as iOS does a suspended app's: closed under the inspector,
    /// which is not told, before it returns (in the Darwin personality, defunct as its model of Darwin makes
    /// them). For tests of ``resume()``.
    package func simulateSuspension() async {
        core.loop.post { loop in
            #if XTREE_DARWIN_PERSONALITY
                loop.makeListenersDefunct()
            #else
                for index in 0..<loop.listenerCount { loop.replaceListener(index, with: nil) }
            #endif
        }
        await loopIsIdle()
    }

    /// Returns once the loop has run what was posted to it before (such as ``resume()``'s
    /// work). For tests; it must not be called after ``stop()``.
    package func loopIsIdle() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            core.loop.post { _ in done.resume() }
        }
    }

    /// Shuts the listeners down without telling the inspector, as a system that reports it
    /// (Linux's `poll` says `POLLHUP`) lets it find out. For tests.
    package func shutDownListeners() {
        core.loop.post { loop in loop.shutDownListeners() }
    }

    /// How many events the journal keeps unless told otherwise: 1,000.
    ///
    /// An event holds its diff, so its memory grows with the nodes it added, removed or
    /// changed: a recipes link's event takes 2 to 4 KB (`xtree-bench`'s journal section), so
    /// a full journal of such events a few megabytes.
    public static let defaultJournalCapacity = 1_000

    /// Applies a link the app received itself (a notification, a URL, Handoff) with
    /// `handler`, and journals it as the inspector journals the links its clients send: its
    /// time, duration, outcome, searches and diff, with the source `app`.
    ///
    /// ```swift
    /// func handle(_ url: URL) async throws {
    ///     #if DEBUG
    ///     try await inspector.journaling(link: url.absoluteString) {
    ///         try await home.open(DeepLink(url: url)).reached
    ///     }
    ///     #else
    ///     try await home.open(DeepLink(url: url))
    ///     #endif
    /// }
    /// ```
    ///
    /// Without a journal or a watching client, it only runs `handler`. Searches are counted,
    /// not traced; the snapshot after the link is taken on the main actor, and the diff
    /// computed off it.
    ///
    /// - Parameters:
    ///   - link: The link, as the journal shows it.
    ///   - handler: Applies the link and returns the object it ended on, if any.
    /// - Returns: What `handler` returned.
    /// - Throws: What `handler` throws, once the failure is journaled.
    @MainActor
    @discardableResult
    public func journaling(
        link: String,
        _ handler: @MainActor () async throws -> (any DeepLinkable)?
    ) async throws -> (any DeepLinkable)? {
        let (result, _) = await core.hub.apply(link, source: .app, tracing: false, needsSnapshot: false, handler)
        return try result.get()
    }

    /// Waits until every event journaled so far is in the journal: for measurements.
    package func settleJournal() {
        core.hub.journal.settle()
    }

    /// Stops serving: closes the sockets and every connection, removes the discovery file, and
    /// forgets the tree and journal kept for a debugger's calls off the main thread.
    public func stop() {
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }
                return !stopped
            })
        else { return }
        core.loop.stop()
        DebuggerView.shared.forget(ownedBy: core.hub.journal)
        try? Files.remove(discoveryFile)
        InspectorDirectory.removeSocket(socketPath)
        Self.running.withLock { $0[ObjectIdentifier(self)] = nil }
    }

    /// The inspectors serving now: each is kept until it is stopped, so that one whose value
    /// was dropped goes on serving.
    private static let running = Locked<[ObjectIdentifier: Inspector]>([:])

    /// The inspectors serving now.
    static var serving: [Inspector] { running.withLock { Array($0.values) } }

    private static let stopsAtExit: Void = {
        Terminal.atExit {
            for inspector in Inspector.serving { inspector.stop() }
        }
    }()

    private static func keep(_ inspector: Inspector) {
        _ = stopsAtExit
        running.withLock { $0[ObjectIdentifier(inspector)] = inspector }
    }

    deinit { stop() }

    /// Where an inspector listens: the Unix socket in `directory`, if its path fits the
    /// system's limit, and 127.0.0.1 if a port was asked for or the socket's path does not fit.
    package struct ListeningPlan: Equatable, Sendable {
        /// The Unix socket's path, or `nil` for none.
        package var socketPath: String?
        /// The loopback port (0: any free one), or `nil` for none.
        package var loopbackPort: UInt16?
    }

    /// Where the inspector of process `pid` listens, given a directory and a port asked for.
    ///
    /// - Parameter maximumPathBytes: The most bytes a Unix socket's path may have: the
    ///   platform's (103 on Apple's systems, whose `sun_path` holds 104).
    package static func listeningPlan(
        in directory: String, pid: Int32, loopbackPort: UInt16?,
        maximumPathBytes: Int = Sockets.maximumLocalPathBytes
    ) -> ListeningPlan {
        let path = InspectorDirectory.socketPath(for: pid, in: directory)
        guard path.utf8.count <= maximumPathBytes else { return ListeningPlan(loopbackPort: loopbackPort ?? 0) }
        return ListeningPlan(socketPath: path, loopbackPort: loopbackPort)
    }

    static func listen(unixPath: String) throws(InspectorError) -> Int32 {
        // A socket left by an earlier process with this pid; anything else makes `bind` fail.
        InspectorDirectory.removeSocket(unixPath)
        let descriptor: Int32
        do {
            descriptor = try Sockets.makeStreamSocket(for: .local(unixPath))
        } catch {
            throw .io("cannot make a socket: \(error)")
        }
        // The socket is made 0600 from the start: no moment when others could connect.
        let previous = Files.setCreationMask(0o177)
        defer { _ = Files.setCreationMask(previous) }
        do {
            try Sockets.bind(descriptor, to: .local(unixPath))
            try Files.changePermissions(at: unixPath, to: 0o600)
            try Sockets.listen(descriptor, backlog: 16)
        } catch {
            Files.close(descriptor)
            throw .io("cannot listen on \(unixPath): \(error)")
        }
        return descriptor
    }

    /// 256 random bits in hexadecimal: what a client must present.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    package static func listen(loopbackPort: UInt16) throws(InspectorError) -> (Int32, UInt16) {
        do throws(SystemError) {
            let descriptor = try Sockets.makeStreamSocket(for: .loopback(port: loopbackPort))
            do {
                try Sockets.reuseAddress(descriptor)
                try Sockets.bind(descriptor, to: .loopback(port: loopbackPort))
                try Sockets.listen(descriptor, backlog: 16)
                return (descriptor, try Sockets.boundPort(of: descriptor))
            } catch {
                Files.close(descriptor)
                throw error
            }
        } catch {
            throw .io("cannot listen on 127.0.0.1:\(loopbackPort): \(error)")
        }
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

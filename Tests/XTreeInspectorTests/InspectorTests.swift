import Foundation
import Observation
import Testing
import XTree
import XTreePlatform

@testable import XTreeInspector
@testable import XTreeInspectorClient

// A small app to serve.

@MainActor protocol Page: DeepLinkable {
    var slug: String { get }
}

@MainActor final class Book: ObservableObject, ViewModel {
    @Published var pages: [PageScreen] = []
    var children: [any DeepLinkable] { pages }
    var nodeLabel: String { "Book" }
}

@MainActor final class PageScreen: Page {
    let slug: String
    init(_ slug: String) { self.slug = slug }
    var nodeLabel: String { slug }
    var nodeAttributes: [(key: String, value: String)] { [("slug", slug)] }
}

/// A node that may hold a page it does not list: what the `audit` request finds.
@MainActor final class Shelf: DeepLinkable {
    let listed = PageScreen("a")
    var forgotten: PageScreen?
    var children: [any DeepLinkable] { [listed] }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable final class Bookmark: DeepLinkable {
    var page = 1
    var nodeAttributes: [(key: String, value: String)] { [("page", "\(page)")] }
}

/// Each test's own inspector directory.
final class InspectorFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("xi-\(UUID().uuidString.prefix(8))").path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Blocking client work, off the main actor (which the inspector needs to answer) and off
/// the concurrency pool (which a blocked thread would starve: it has one thread per core).
func offMain<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// A raw connection to the app's socket, to say what a well-behaved client would not.
func rawConnection(to app: InspectableApp) -> Connection? {
    // As the client connects: a refused connect is tried again (Darwin refuses a burst).
    (try? InspectorClient.connect(to: app.address)).map { Connection(descriptor: $0) }
}

/// A client that waits as long as the test run may keep the main actor busy (the suites of
/// million-node trees run there too).
func patient(_ client: InspectorClient) -> InspectorClient {
    client.replyTimeout = 600
    return client
}

func openDescriptors() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd").count) ?? -1
}

@MainActor
@Suite struct InspectorTests {
    func book(_ slugs: String...) -> Book {
        SearchableProtocols.register((any Page).self)
        let book = Book()
        book.pages = slugs.map(PageScreen.init)
        return book
    }

    @Test func servesSnapshotsSearchesAndLinksWithTheirTraces() async throws {
        let folder = try InspectorFolder()
        let root = book("a", "b")
        let inspector = try Inspector(name: "Book", root: root, directory: folder.path) { url in
            root.pages.append(PageScreen(url.lastPathComponent))
            return root.firstReceiver(as: (any Page).self) { $0.slug == url.lastPathComponent }
        }
        defer { inspector.stop() }
        #expect(FileManager.default.fileExists(atPath: folder.path + "/\(Terminal.processID).json"))

        let path = folder.path
        let (snapshot, found, opened) = try await offMain {
            let client = try patient(InspectorClient(InspectorClient.resolve("Book", in: path)))
            return (
                try client.snapshot(), try client.find("Page", conditions: [NodeCondition("slug=b")!]),
                try client.open("book://page/c")
            )
        }
        #expect(snapshot == TreeSnapshot(of: book("a", "b")))
        #expect(found.trace.match?.order == 2)
        #expect(opened.result.error == nil)
        #expect(opened.result.path == [0, 3])
        #expect(opened.result.traces.map(\.receiverType) == ["Page"])
        #expect(opened.snapshot == TreeSnapshot(of: root))
    }

    /// A client that will not print the searches is sent none of their steps; the app still
    /// counts them, and explains the miss, in its journal.
    @Test func aLinkOpenedWithoutTracesIsCountedNotTraced() async throws {
        let folder = try InspectorFolder()
        let root = book("a", "b")
        let inspector = try Inspector(name: "Book", root: root, directory: folder.path) { url in
            root.firstReceiver(as: (any Page).self) { $0.slug == url.lastPathComponent }
        }
        defer { inspector.stop() }
        let app = inspector.app
        let (untraced, traced, journal) = try await offMain {
            let client = try patient(InspectorClient(app))
            return (
                try client.open("book://page/z", traces: false), try client.open("book://page/z"),
                try client.journalEvents().events
            )
        }
        #expect(untraced.result.traces.isEmpty)
        #expect(untraced.result.path.isEmpty && untraced.snapshot == TreeSnapshot(of: root))
        #expect(traced.result.traces.map(\.steps.count) == [3])
        let links = journal.compactMap(\.link)
        #expect(links.map(\.searches) == [1, 1])
        #expect(links.map(\.visits) == [3, 3])
        #expect(links.map { $0.explanation?.last } == Array(repeating: links.last?.explanation?.last, count: 2))
        #expect(links.last?.explanation?.last?.contains("its test refused") == true)
    }

    @Test func theAppAuditsItsTreeOnRequestAndSaysItsGracePeriod() async throws {
        let folder = try InspectorFolder()
        let shelf = Shelf()
        let inspector = try Inspector(
            name: "Shelf", root: shelf, directory: folder.path, releaseGracePeriod: 0.5, open: nil)
        defer { inspector.stop() }
        let path = folder.path
        let (grace, clean) = try await offMain {
            let client = try patient(InspectorClient(InspectorClient.resolve("Shelf", in: path)))
            return (client.releaseGracePeriod, try client.audit())
        }
        #expect(grace == 0.5)
        #expect(clean.isEmpty)
        shelf.forgotten = PageScreen("z")
        let problems = try await offMain {
            try patient(InspectorClient(InspectorClient.resolve("Shelf", in: path))).audit()
        }
        #expect(problems.count == 1)
        #expect(problems.first?.contains("\"forgotten\" but does not list it") == true, "\(problems)")
    }

    @Test func loopbackTCPIsOptInAndGuardedByTheSameToken() async throws {
        let folder = try InspectorFolder()
        let plain = try Inspector(name: "Plain", root: book("a"), directory: folder.path)
        #expect(plain.addresses.count == 1)
        plain.stop()
        let inspector = try Inspector(name: "Book", root: book("a"), directory: folder.path, loopbackPort: 0)
        defer { inspector.stop() }
        #expect(inspector.addresses.count == 2)
        #expect(inspector.app.loopback == inspector.addresses[1])
        var app = try InspectorClient.resolve(inspector.addresses[1], in: folder.path)
        #expect(app.address.hasPrefix("tcp:127.0.0.1:"))
        let viaTCP = app
        let snapshot = try await offMain { try patient(InspectorClient(viaTCP)).snapshot() }
        #expect(snapshot.nodes.count == 2)
        app.token = String(repeating: "0", count: 64)
        let forged = app
        let refused = await #expect(throws: InspectorError.self) {
            try await offMain { _ = try InspectorClient(forged) }
        }
        #expect(refused == .refused("wrong token"))
    }

    /// An iOS app's temporary directory: on a device, and in the simulator (a Mac user's
    /// home, then the device's and the app's containers).
    nonisolated static let appTemporaryDirectories = [
        "/private/var/mobile/Containers/Data/Application/9C7A2B1E-3F4D-4E5A-8B6C-1D2E3F4A5B6C/tmp/",
        "/Users/appleseed/Library/Developer/CoreSimulator/Devices/5C3D3C0E-9A59-4C8B-9B6E-6F3E1A4C2B7D/data/"
            + "Containers/Data/Application/9C7A2B1E-3F4D-4E5A-8B6C-1D2E3F4A5B6C/tmp/",
    ]

    @Test(arguments: appTemporaryDirectories)
    func inAnIOSAppTheDefaultSocketFitsOrTheInspectorListensOnLoopbackAlone(temporary: String) {
        // Darwin's `sun_path` holds 104 bytes, its NUL included.
        let directory = InspectorDirectory.defaultPath(environment: ["TMPDIR": temporary], userID: 501)
        let plan = Inspector.listeningPlan(in: directory, pid: 99_999, loopbackPort: nil, maximumPathBytes: 103)
        if let socket = plan.socketPath {
            #expect(socket.utf8.count <= 103, "\(socket) is \(socket.utf8.count) bytes")
        } else {
            #expect(plan.loopbackPort == 0, "no socket and no loopback: the app could not be reached")
        }
        #expect(plan.socketPath == nil, "\(directory): this deep a directory leaves no room for a socket")
        // A Mac's own temporary directory is short: the socket is made there.
        let mac = InspectorDirectory.defaultPath(
            environment: ["TMPDIR": "/var/folders/2x/k7r0mmyd3gs5ddwnrcqzt3xr0000gn/T/"], userID: 501)
        let macPlan = Inspector.listeningPlan(in: mac, pid: 99_999, loopbackPort: nil, maximumPathBytes: 103)
        #expect(macPlan.socketPath != nil)
    }

    /// The fallback follows the limit it is given, to the byte: Darwin's 103 and Linux's 107
    /// each with a path at the limit (a socket) and one byte over (loopback alone).
    @Test(arguments: [103, 107, Sockets.maximumLocalPathBytes])
    func theSocketFitsUpToTheLimitToTheByte(limit: Int) {
        for length in [limit - 4, limit, limit + 1] {
            // "/99999.sock" is 11 bytes.
            let directory = "/" + String(repeating: "d", count: length - 12)
            let plan = Inspector.listeningPlan(in: directory, pid: 99_999, loopbackPort: nil, maximumPathBytes: limit)
            #expect((plan.socketPath?.utf8.count ?? length) == length)
            #expect((plan.socketPath != nil) == (length <= limit), "a path of \(length) bytes, the limit \(limit)")
            #expect(plan.loopbackPort == (length <= limit ? nil : 0))
        }
        let atDefault = "/" + String(repeating: "d", count: Sockets.maximumLocalPathBytes - 12)
        #expect(Inspector.listeningPlan(in: atDefault, pid: 99_999, loopbackPort: nil).socketPath != nil)
        #expect(Inspector.listeningPlan(in: atDefault + "d", pid: 99_999, loopbackPort: nil).socketPath == nil)
    }

    @Test func anInspectorWhoseSocketCannotFitListensOnLoopbackAndIsReached() async throws {
        let folder = try InspectorFolder()
        let deep = folder.path + "/" + String(repeating: "d", count: Sockets.maximumLocalPathBytes)
        try FileManager.default.createDirectory(
            atPath: deep, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let inspector = try Inspector(name: "Deep", root: book("a"), directory: deep)
        defer { inspector.stop() }
        #expect(inspector.addresses.count == 1)
        #expect(inspector.app.address.hasPrefix("tcp:127.0.0.1:"))
        let snapshot = try await offMain {
            try patient(InspectorClient(InspectorClient.resolve("Deep", in: deep))).snapshot()
        }
        #expect(snapshot.nodes.count == 2)
    }

    @Test func theDirectorySocketAndDiscoveryFileAreTheUsersAlone() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book(), directory: folder.path)
        func mode(_ path: String) -> UInt32? {
            (try? Files.status(at: path, followingLinks: false)).map { $0.permissions & 0o777 }
        }
        #expect(mode(folder.path) == 0o700)
        #expect(mode(folder.path + "/\(Terminal.processID).sock") == 0o600)
        #expect(mode(folder.path + "/\(Terminal.processID).json") == 0o600)
        #expect(inspector.app.token.count == 64)
        inspector.stop()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aDirectoryOthersCanEnterOrALinkIsRefused() throws {
        let folder = try InspectorFolder()
        mkdir(folder.path, 0o755)
        chmod(folder.path, 0o755)
        #expect(throws: InspectorError.unsafeDirectory(folder.path, "is open to other users (mode 755)")) {
            try InspectorDirectory.path(folder.path)
        }
        let link = folder.path + "-link"
        chmod(folder.path, 0o700)
        symlink(folder.path, link)
        defer { unlink(link) }
        #expect(throws: InspectorError.unsafeDirectory(link, "is not a directory")) {
            try InspectorDirectory.path(link)
        }
    }

    @Test func aWrongMissingOrLateTokenIsRejected() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book(), directory: folder.path)
        defer { inspector.stop() }
        var app = inspector.app
        app.token = String(app.token.reversed())
        let forged = app
        let wrong = await #expect(throws: InspectorError.self) { try await offMain { _ = try InspectorClient(forged) } }
        #expect(wrong == .refused("wrong token"))

        app = inspector.app
        let replies = try await offMain { [app] () -> [String] in
            var replies: [String] = []
            for first in [#"{"id":1,"method":"snapshot"}"#, "not json", #"{"id":1,"method":"hello","version":9}"#] {
                guard let connection = rawConnection(to: app) else { return [] }
                _ = connection.write(Array((first + "\n").utf8), timeout: 1)
                if case .line(let line) = connection.readLine(limit: 4096, timeout: 5) {
                    replies.append(String(decoding: line, as: UTF8.self))
                }
                // Then the app closes the connection.
                if case .closed = connection.readLine(limit: 4096, timeout: 5) { continue }
                replies.append("still open")
            }
            return replies
        }
        #expect(
            replies == [
                #"{"error":"the first request must be hello with the token","ok":false}"#,
                #"{"error":"the first request must be hello with the token","ok":false}"#,
                #"{"error":"protocol version 9 is not spoken; this app speaks \#(InspectorProtocol.version)","id":1,"ok":false}"#,
            ])
    }

    @Test func followersGetCoalescedChangesWithTheirDiffs() async throws {
        let folder = try InspectorFolder()
        let root = book("a")
        let inspector = try Inspector(name: "Book", root: root, directory: folder.path)
        defer { inspector.stop() }
        let path = folder.path
        let client = try await offMain { () -> UncheckedBox<InspectorClient> in
            let client = try patient(InspectorClient(InspectorClient.resolve("Book", in: path)))
            _ = try client.follow()
            return UncheckedBox(client)
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        root.pages.append(PageScreen("b"))
        root.pages.append(PageScreen("c"))
        let change = try await offMain { try client.value.nextEvent(timeout: 120) }
        #expect(change?.event.notifications == 2)
        #expect(change?.event.kind == .change)
        #expect(change?.diff.added.map(\.label) == ["b", "c"])
        root.pages.removeFirst()
        let next = try await offMain { try client.value.nextEvent(timeout: 120) }
        #expect(next?.diff.removed.count == 1)
        #expect(next?.event.sequence == change.map { $0.event.sequence + 1 })
    }

    @Test func anOutboxThatFallsTooFarBehindOverflows() {
        let outbox = Outbox()
        let event = JournalEvent(sequence: 1, time: 0, kind: .change, notifications: 1, objects: 1, edit: TreeEdit())
        for _ in 0..<Outbox.limit { outbox.receive(event) }
        guard case .events(let events) = outbox.take() else {
            Issue.record("overflowed at the limit")
            return
        }
        #expect(events.count == Outbox.limit)
        for _ in 0...Outbox.limit { outbox.receive(event) }
        guard case .overflowed = outbox.take() else {
            Issue.record("did not overflow past the limit")
            return
        }
    }

    @Test func observableObjectsAreWatchedToo() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let folder = try InspectorFolder()
        let mark = Bookmark()
        let inspector = try Inspector(name: "Mark", root: mark, directory: folder.path)
        defer { inspector.stop() }
        let path = folder.path
        let client = try await offMain { () -> UncheckedBox<InspectorClient> in
            let client = try patient(InspectorClient(InspectorClient.resolve("Mark", in: path)))
            _ = try client.follow()
            return UncheckedBox(client)
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        mark.page = 2
        let change = try await offMain { try client.value.nextEvent(timeout: 120) }
        #expect(change?.diff.changed.first?.changes.map(\.new) == ["2"])
    }
}

/// Heavy: a thousand connections, a 100 MB flood, a stalled follower. Kept out of the ThreadSanitizer run, as
/// the million-node suite is; serialized, so descriptor counts are not disturbed by its own
/// tests.
@MainActor
@Suite(.serialized) struct InspectorStressTests {
    func book(_ slugs: String...) -> Book {
        let book = Book()
        book.pages = slugs.map(PageScreen.init)
        return book
    }

    @Test func aThousandConnectionsLeaveNoDescriptorBehind() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: book("a"), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        // Warm up what the process opens once, lazily (the clients' and timers' own).
        try await offMain { _ = try InspectorClient(app) }
        try await Task.sleep(nanoseconds: 100_000_000)
        let before = openDescriptors()
        try await offMain {
            for index in 0..<1_000 {
                if index % 2 == 0 {
                    _ = try InspectorClient(app)
                } else {
                    rawConnection(to: app)?.close()
                }
            }
        }
        // The app closes its ends as its threads notice; give them a moment.
        var after = openDescriptors()
        for _ in 0..<50 where after > before {
            try await Task.sleep(nanoseconds: 100_000_000)
            after = openDescriptors()
        }
        // Other tests' connections may still be closing: fewer is fine, more is a leak.
        #expect(after <= before)
    }

    @Test func aFloodingClientAndASilentOneAreCutOffWhileOthersAreServed() async throws {
        let folder = try InspectorFolder()
        let root = book("a")
        let inspector = try Inspector(name: "Book", root: root, directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        async let silent = offMain { () -> Bool in
            guard let connection = rawConnection(to: app) else { return false }
            // Never says hello: told so and closed after the handshake timeout.
            while true {
                switch connection.readLine(limit: 4096, timeout: 15) {
                case .closed: return true
                case .line: continue
                case .timedOut, .tooLong: return false
                }
            }
        }
        async let flood = offMain { () -> Int in
            guard let connection = rawConnection(to: app) else { return -1 }
            let request = InspectorRequest(id: 1, .hello(version: InspectorProtocol.version, token: app.token))
            _ = connection.write(request.line, timeout: 5)
            _ = connection.readLine(limit: 4096, timeout: 5)
            let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
            var sent = 0
            while sent < 100 << 20, connection.write(chunk, timeout: 5) { sent += chunk.count }
            return sent
        }
        let snapshot = try await offMain { try patient(InspectorClient(app)).snapshot() }
        #expect(snapshot.nodes.count == 2)
        let sent = try await flood
        #expect(sent >= 0 && sent < 100 << 20)
        #expect(try await silent)
    }

    @Test func aFollowerThatStopsReadingNeverBlocksTheApp() async throws {
        let folder = try InspectorFolder()
        let root = book()
        let inspector = try Inspector(name: "Book", root: root, directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let stalled = try await JournalTests.follower(of: app)
        // Large changes, each announced to a follower that reads none of them: its socket
        // fills, and only its own thread waits. Were the app to wait, this loop would hang.
        for round in 0..<20 {
            root.pages = (0..<2_000).map { PageScreen("\(round)-\($0)") }
            try await Task.sleep(nanoseconds: 60_000_000)
        }
        let snapshot = try await offMain { try patient(InspectorClient(app)).snapshot() }
        #expect(snapshot.nodes.count == 2_001)
        // Past the app's write timeout it gives up on the follower: reading what it was sent
        // then ends in a closed connection.
        try await Task.sleep(nanoseconds: UInt64((InspectorCore.writeTimeout + 2) * 1e9))
        let cutOff = await #expect(throws: InspectorError.self) {
            try await offMain { while try stalled.value.nextEvent(timeout: 60) != nil {} }
        }
        #expect(cutOff == .disconnected("the connection closed"))
    }
}

/// A client handed between the test and its blocking helpers, used by one at a time.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// iOS makes a suspended app's listener defunct and tells it nothing; `resume()` listens again.
/// Where the system reports the listener shut down, the inspector listens again by itself.
@MainActor
@Suite struct ResumeTests {
    @Test(arguments: [false, true])
    func aDefunctListenerIsMadeAgainByResume(loopback: Bool) async throws {
        let folder = try InspectorFolder()
        let book = Book()
        let inspector = try Inspector(
            name: "Book", root: book, directory: folder.path, loopbackPort: loopback ? 0 : nil)
        defer { inspector.stop() }
        var reached = inspector.app
        if loopback, let tcp = reached.loopback { reached.address = tcp }
        let app = reached
        let kept = try await offMain { UncheckedBox(try patient(InspectorClient(app))) }
        await inspector.simulateSuspension()
        #if XTREE_DARWIN_PERSONALITY
            // Darwin takes the connect on a defunct listener and fails the accept with EBADF:
            // the inspector listens again at once, so the client that came first is answered
            // on a second try, or told the app went away; before, it waited its whole reply
            // timeout. No resume() is needed.
            let first = try await offMain { () -> String? in
                do {
                    _ = try InspectorClient(app)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            #expect(first == nil || first?.contains("went away") == true, "\(first ?? "")")
        #else
            let refused = await #expect(throws: InspectorError.self) {
                try await offMain { _ = try InspectorClient(app) }
            }
            #expect("\(String(describing: refused))".contains("cannot connect"), "\(String(describing: refused))")
            inspector.resume()
        #endif
        await inspector.loopIsIdle()
        let snapshot = try await offMain { try patient(InspectorClient(app)).snapshot() }
        #expect(snapshot.nodes.first?.type == "Book")
        // A connection made before is kept.
        let again = try await offMain { try kept.value.snapshot() }
        #expect(again == snapshot)
    }

    @Test func aListenerShutDownUnderTheInspectorIsMadeAgain() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Book", root: Book(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        _ = try await offMain { try patient(InspectorClient(app)).snapshot() }
        // What a system that reports it does: the listener hangs up.
        inspector.shutDownListeners()
        try await Task.sleep(nanoseconds: 100_000_000)
        let snapshot = try await offMain { try patient(InspectorClient(app)).snapshot() }
        #expect(snapshot.nodes.first?.type == "Book")
    }
}

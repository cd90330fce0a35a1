import Testing
import XTree

// The listings of the article "Adopting XTree in an app with its own router", compiled and run:
// a mail app as its team wrote it (its own coordinator base class, routes and router), then the
// lines the adoption adds.

/// The app's own routes.
enum MailRoute: Equatable, CustomStringConvertible {
    case inbox
    case thread(String)

    /// `mail://inbox` or `mail://thread/<id>`.
    init?(link: String) {
        let parts = link.split(separator: "/", omittingEmptySubsequences: true)
        switch (parts.first, parts.dropFirst().first, parts.count) {
        case ("mail:", "inbox", 2): self = .inbox
        case ("mail:", "thread", 3): self = .thread(String(parts[2]))
        default: return nil
        }
    }

    var description: String {
        switch self {
        case .inbox: "inbox"
        case .thread(let id): "thread \(id)"
        }
    }
}

/// Why the app's router refused a link.
enum MailLinkError: Error {
    case unknown(String)
    case unhandled(String)
}

/// Every coordinator's base class, as the app has it: children it started, and the router's
/// questions.
@MainActor
class MailCoordinator {
    let name: String
    private(set) var childCoordinators: [MailCoordinator] = []

    init(_ name: String) { self.name = name }

    func add(_ child: MailCoordinator) { childCoordinators.append(child) }
    func canHandle(_ route: MailRoute) -> Bool { false }
    func handle(_ route: MailRoute) {}
}

/// An account's inbox: it handles a thread's route by opening the thread.
@MainActor
final class InboxCoordinator: MailCoordinator {
    private(set) var openThread: String?

    override func canHandle(_ route: MailRoute) -> Bool { route != .inbox }
    override func handle(_ route: MailRoute) {
        if case .thread(let id) = route { openThread = id }
    }
}

extension MailCoordinator: DeepLinkable {
    var children: [any DeepLinkable] { childCoordinators }
    var nodeLabel: String { name }
}

extension MailCoordinator {
    var nodeAttributes: [(key: String, value: String)] { NodeDescribers.attributes(of: self) ?? [] }
}

enum MailDescribers {
    @MainActor static func register() {
        NodeDescribers.register(InboxCoordinator.self) { inbox in inbox.openThread.map { [("thread", $0)] } ?? [] }
    }
}

extension MailCoordinator {
    /// The coordinator that can handle `route`, in the router's own order: depth first.
    func find(_ route: MailRoute) -> MailCoordinator? {
        firstReceiver(as: MailCoordinator.self, order: .depthFirst) { $0.canHandle(route) }
    }
}

enum MailApp: DeepLinkableApp {
    static func makeRoot() -> MailCoordinator {
        let root = MailCoordinator("Mail")
        let accounts = MailCoordinator("Accounts")
        accounts.add(InboxCoordinator("Work"))
        root.add(accounts)
        root.add(InboxCoordinator("Home"))
        return root
    }

    static func open(_ link: String, in root: MailCoordinator) async throws -> any DeepLinkable {
        guard let route = MailRoute(link: link) else { throw MailLinkError.unknown(link) }
        guard let handler = root.find(route) else { throw MailLinkError.unhandled(link) }
        handler.handle(route)
        return handler
    }

    static func route(_ link: String, in root: MailCoordinator) -> LinkRoute {
        guard let route = MailRoute(link: link) else { return .refused("not a mail link") }
        guard let handler = root.find(route) else { return .unhandled(route: "\(route)") }
        return .handled(route: "\(route)", by: handler)
    }
}

@Suite @MainActor struct AdoptionArticleTests {
    /// The tree is the app's own coordinators, and the search keeps the router's depth-first
    /// order: the work inbox, under the accounts, before the home inbox a breadth-first search
    /// would find first.
    @Test func theRoutersOwnOrderFindsItsOwnHandler() async throws {
        let root = MailApp.makeRoot()
        #expect(TreeSnapshot(of: root).nodes.map(\.label) == ["Mail", "Accounts", "Home", "Work"])
        let reached = try await MailApp.open("mail://thread/42", in: root)
        let inbox = try #require(reached as? InboxCoordinator)
        #expect(inbox.name == "Work" && inbox.openThread == "42")
        let breadthFirst = root.firstReceiver(as: MailCoordinator.self) { $0.canHandle(.thread("42")) }
        #expect(breadthFirst?.name == "Home")
    }

    /// A subclass's attributes come from its describer, through the base's one conformance.
    @Test func anInboxSaysItsOpenThreadThroughItsDescriber() async throws {
        MailDescribers.register()
        let root = MailApp.makeRoot()
        _ = try await MailApp.open("mail://thread/42", in: root)
        let attributes = TreeSnapshot(of: root).nodes.map { $0.attributes.map { "\($0.key)=\($0.value)" } }
        #expect(attributes == [[], [], [], ["thread=42"]])
    }

    /// `route(_:in:)` answers without handling: the same handler, nothing changed.
    @Test func theRouteIsToldWithoutHandlingIt() {
        let root = MailApp.makeRoot()
        guard case .handled(let route, let handler) = MailApp.route("mail://thread/7", in: root) else {
            Issue.record("not handled")
            return
        }
        #expect(route == "thread 7")
        #expect((handler as? InboxCoordinator)?.name == "Work")
        #expect((handler as? InboxCoordinator)?.openThread == nil)
        guard case .unhandled = MailApp.route("mail://inbox", in: root) else {
            Issue.record("the inbox route has a handler")
            return
        }
        guard case .refused = MailApp.route("https://example.com", in: root) else {
            Issue.record("a foreign link was routed")
            return
        }
    }
}

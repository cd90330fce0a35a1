import Foundation
import XTree

// The adoption: what the team adds to make the routers XTree's tree, without changing them.

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension AppRouter: DeepLinkable {
    /// The tab shown, and the tabs not mounted yet.
    public var nodeAttributes: [(key: String, value: String)] {
        let unmounted = Tab.allCases.filter { routers[$0] == nil }.map(\.rawValue)
        return [("tab", selectedTab.rawValue)]
            + (unmounted.isEmpty ? [] : [("unmounted", unmounted.joined(separator: ","))])
    }

    /// The mounted tabs' routers, in the tab bar's order.
    public var children: [any DeepLinkable] { Tab.allCases.compactMap { routers[$0] } }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension RouterPath: DeepLinkable {
    /// The tab, which also tells the routers apart.
    public var nodeLabel: String { tab.rawValue }
    /// The tab.
    public var nodeIdentity: String? { tab.rawValue }
    /// None: the path and the sheet are its children.
    public var nodeAttributes: [(key: String, value: String)] { [] }

    /// The path's destinations, then the sheet.
    public var children: [any DeepLinkable] {
        path.map(ValueNode.init)
        presentedSheet.map(ValueNode.init)
    }
}

/// Why the app did not take a link.
public enum SocialLinkError: Error, CustomStringConvertible {
    case notTaken(String)

    /// The refusal in words.
    public var description: String {
        switch self {
        case .notTaken(let link): "the app takes no link such as \(link)"
        }
    }
}

/// The social fixture as tools rebuild it, built as SwiftUI apps navigate: an account on
/// `social.example` (and the servers
/// `SOCIAL_HOSTS` adds, separated by commas); a lookup takes 50 ms (`SOCIAL_LOOKUP_DELAY`
/// seconds, 0 to 5). A link goes to the shown tab's router, which pushes its destination once
/// looked up: its links land later.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public enum SocialApp: DeepLinkableApp {
    /// The app at launch.
    public static func makeRoot() -> AppRouter {
        let environment = ProcessInfo.processInfo.environment
        let delay = environment["SOCIAL_LOOKUP_DELAY"].flatMap(Double.init).flatMap { (0...5).contains($0) ? $0 : nil }
        let added = (environment["SOCIAL_HOSTS"] ?? "").split(separator: ",").map { $0.lowercased() }
        return AppRouter(
            client: Client(hosts: Set(["social.example"] + added), lookupDelay: UInt64((delay ?? 0.05) * 1e9)))
    }

    /// Links land once the tab's router has pushed what they name: when the tree has been quiet
    /// for 100 ms (`SOCIAL_QUIET` seconds, 0.01 to 10).
    public static var linkLanding: LinkLanding {
        let quiet = ProcessInfo.processInfo.environment["SOCIAL_QUIET"].flatMap(Double.init)
        return .whenQuiet(quiet: quiet.flatMap { (0.01...10).contains($0) ? $0 : nil } ?? 0.1, atMost: 20)
    }

    /// A tab link selects its tab; any other goes to the shown tab's router; a navigation call
    /// recorded from a button is made again.
    public static func open(_ link: String, in root: AppRouter) async throws -> any DeepLinkable {
        if let entry = Entry(link) { return try call(entry, in: root, link) }
        guard let url = URL(string: link) else { throw SocialLinkError.notTaken(link) }
        if let tab = SocialLinks.tab(of: url) {
            root.select(tab)
            return root.router(for: tab)
        }
        let router = root.router(for: root.selectedTab)
        guard router.handle(url: url) else { throw SocialLinkError.notTaken(link) }
        return router
    }

    /// The navigation call `entry` names, made on the shown tab's router (or the app's, to
    /// select a tab); what it returns is the object that made the call.
    private static func call(_ entry: Entry, in root: AppRouter, _ link: String) throws -> any DeepLinkable {
        guard case .navigation(let action, let values) = entry, let to = values["to"] else {
            throw SocialLinkError.notTaken(link)
        }
        let router = root.router(for: root.selectedTab)
        switch action {
        case "navigate":
            guard let destination = to.decoded(as: Destination.self) else { throw SocialLinkError.notTaken(link) }
            router.navigate(to: destination)
        case "present":
            guard let sheet = to.decoded(as: SheetDestination.self) else { throw SocialLinkError.notTaken(link) }
            router.present(sheet)
        case "select":
            guard let tab = to.decoded(as: Tab.self) else { throw SocialLinkError.notTaken(link) }
            root.select(tab)
            return root
        default:
            throw SocialLinkError.notTaken(link)
        }
        return router
    }

    /// Where the app's router would send a link: the shown tab's router, with the destination
    /// it would push, read with the servers the app is connected to now.
    public static func route(_ link: String, in root: AppRouter) -> LinkRoute {
        guard let url = URL(string: link) else { return .refused(SocialLinkError.notTaken(link).description) }
        if let tab = SocialLinks.tab(of: url) { return .handled(route: "tab \(tab.rawValue)", by: root) }
        guard let destination = SocialLinks.destination(of: url, connectedHosts: root.client.hosts) else {
            return .refused(SocialLinkError.notTaken(link).description)
        }
        return .handled(route: "\(destination)", by: root.router(for: root.selectedTab))
    }

    /// One link of each form; each but the tab link pushes its destination again each time
    /// it is opened, as a button does.
    public static let linkExamples = [
        LinkExample(
            form: "https://<server>/@<user>", link: "https://social.example/@ada", reaches: "Destination.account",
            opensNewEachTime: true),
        LinkExample(
            form: "https://<server>/@<user>/<status>", link: "https://social.example/@ada/1042",
            reaches: "Destination.status", opensNewEachTime: true),
        LinkExample(
            form: "https://<other server>/@<user>/<status>", link: "https://other.example/@bob/7",
            reaches: "Destination.remoteStatus", opensNewEachTime: true),
        LinkExample(
            form: "https://<server>/tags/<tag>", link: "https://social.example/tags/swift", reaches: "tag",
            opensNewEachTime: true),
        LinkExample(
            form: "social://<server>/lists/<list>", link: "social://social.example/lists/42", reaches: "list",
            opensNewEachTime: true),
        LinkExample(form: "social://app/tab/<tab>", link: "social://app/tab/explore", reaches: "RouterPath"),
    ]

    /// What buttons do: a status opened from the timeline, the composer presented, a reply.
    public static let actions = [
        AppAction<AppRouter>("tap-status", help: "open status 1042 from the shown tab, as its row's button does") {
            $0.router(for: $0.selectedTab).navigate(to: .status(id: "1042"))
            return nil
        },
        AppAction<AppRouter>("tap-compose", help: "present the composer on the shown tab") {
            $0.router(for: $0.selectedTab).present(.compose(replyTo: nil))
            return nil
        },
        AppAction<AppRouter>("tap-reply", help: "reply to the last status opened on the shown tab") {
            let router = $0.router(for: $0.selectedTab)
            let status = router.path.compactMap { if case .status(let id) = $0 { id } else { nil } }.last
            router.present(.compose(replyTo: status ?? "0"))
            return nil
        },
    ]
}

import Foundation
import Observation
import XTree

// The app's own navigation, as SwiftUI apps write it today: each tab's router holds its stack
// as a path of values and its sheet as a value, screens navigate from buttons, and links of any
// server are handled at once and land later, once what they name has been looked up. What
// knows of XTree is one line in each navigation call, which records it; the rest of the
// adoption is SocialApp.swift.

/// Where a tab's `NavigationStack(path:)` can go.
public enum Destination: Hashable, Codable, Sendable {
    case account(user: String)
    case status(id: String)
    /// A status of a server the user has no account on, opened by its address.
    case remoteStatus(url: String)
    case tag(String)
    case list(id: String)
}

/// What a tab can present as a sheet.
public enum SheetDestination: Hashable, Codable, Sendable {
    case compose(replyTo: String?)
    case settings
}

/// The app's tabs, in the tab bar's order.
public enum Tab: String, CaseIterable, Codable, Sendable {
    case timeline, notifications, explore
}

/// The servers the user's accounts are on, and how long a lookup takes.
public struct Client: Sendable {
    /// The servers, in lower case.
    public var hosts: Set<String>
    /// How long a lookup takes, in nanoseconds.
    public var lookupDelay: UInt64

    /// What a link names, once looked up: an account on another server by its full name.
    func resolve(_ destination: Destination) async -> Destination {
        try? await Task.sleep(nanoseconds: lookupDelay)
        return destination
    }
}

/// One tab's router.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable public final class RouterPath {
    /// The router's tab.
    public let tab: Tab
    /// The stack, the first destination at the bottom.
    public var path: [Destination] = []
    /// The sheet shown, if any.
    public var presentedSheet: SheetDestination?
    let client: Client

    init(tab: Tab, client: Client) {
        self.tab = tab
        self.client = client
    }

    /// What a button does.
    public func navigate(to destination: Destination) {
        NavigationRecording.record("navigate", destination, by: self) { path.append(destination) }
    }

    /// What a compose or settings button does.
    public func present(_ sheet: SheetDestination) {
        NavigationRecording.record("present", sheet, by: self) {
            // The app's defect, kept on purpose: the composer reads the status on top of the
            // stack, and a tag's screen has none.
            if case .compose(let status?) = sheet, case .tag = path.last {
                preconditionFailure("a reply to \(status) from a tag's screen, which shows no status")
            }
            presentedSheet = sheet
        }
    }

    /// Takes a link of any server: `true` at once if the app takes it, and the destination is
    /// pushed once it has been looked up.
    public func handle(url: URL) -> Bool {
        guard let destination = SocialLinks.destination(of: url, connectedHosts: client.hosts) else { return false }
        let client = client
        Task { @MainActor in self.path.append(await client.resolve(destination)) }
        return true
    }
}

/// The app: its tabs' routers, each made when its tab is first shown.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable public final class AppRouter {
    /// The tab shown.
    public private(set) var selectedTab = Tab.timeline
    /// The routers of the tabs shown so far.
    public private(set) var routers: [Tab: RouterPath] = [:]
    /// The servers and their lookups.
    public let client: Client

    /// The app at launch: its first tab mounted.
    public init(client: Client) {
        self.client = client
        _ = router(for: .timeline)
    }

    /// The tab's router, mounted if it was not.
    public func router(for tab: Tab) -> RouterPath {
        if let router = routers[tab] { return router }
        let router = RouterPath(tab: tab, client: client)
        routers[tab] = router
        return router
    }

    /// What tapping a tab does.
    public func select(_ tab: Tab) {
        NavigationRecording.record("select", tab, by: self) {
            selectedTab = tab
            _ = router(for: tab)
        }
    }
}

/// The links the app takes, on any server: `https://<server>/@<user>`, `…/@<user>/<status>`,
/// `…/tags/<tag>` (or `/tag/`), `…/lists/<list>`, the same under `social://<server>/`, and
/// `social://app/tab/<tab>`.
public enum SocialLinks {
    /// The tab a link selects, if it is a tab link.
    public static func tab(of link: URL) -> Tab? {
        let url = link.standardized
        guard url.scheme?.lowercased() == "social", url.host?.lowercased() == "app" else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        return parts.count == 2 && parts[0] == "tab" ? Tab(rawValue: parts[1]) : nil
    }

    /// Where a link goes, or `nil` if the app does not take it. A server's name is read without
    /// its case; a status of a server the user is not on is opened by its address.
    public static func destination(of link: URL, connectedHosts: Set<String>) -> Destination? {
        let url = link.standardized
        guard ["https", "social"].contains(url.scheme?.lowercased() ?? ""), let host = url.host?.lowercased(),
            !host.isEmpty, host != "app"
        else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        let connected = connectedHosts.contains(host)
        switch parts.count {
        case 1 where parts[0].hasPrefix("@") && parts[0].count > 1:
            let user = String(parts[0].dropFirst())
            return .account(user: connected ? user : "\(user)@\(host)")
        case 2 where parts[0].hasPrefix("@") && !parts[1].isEmpty && parts[1].allSatisfy(\.isNumber):
            return connected ? .status(id: parts[1]) : .remoteStatus(url: "https://\(host)/\(parts[0])/\(parts[1])")
        case 2 where parts[0] == "tags" || parts[0] == "tag":
            return .tag(parts[1].lowercased())
        case 2 where parts[0] == "lists" && connected && parts[1].allSatisfy(\.isNumber):
            return .list(id: parts[1])
        default:
            return nil
        }
    }
}

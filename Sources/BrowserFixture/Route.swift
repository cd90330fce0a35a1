import Foundation
import XTree
import XTreeRoutes

/// What a link asks the browser for.
public enum Route: Equatable, Sendable {
    case search(query: String)
    /// A new tab each time, by design.
    case openURL(String)
    /// Blank tabs, from the home-screen shortcut.
    case newTabs(count: Int)
    case settings(section: String)
    case homePanel(String)
    /// A tab of a window, counted from 0: `browser://window/<window>/tab/<index>`.
    case tab(window: String, index: Int)
}

/// The links the team declared in a table when it added them, beside the builder's hand-written
/// forms: two values and a query item (`ref`, where the link came from) the form ignores.
public enum BrowserLinks {
    /// The table: one form, read by the route builder before its own forms.
    public static let routes = RouteTable<Route>(
        scheme: "browser",
        [
            RouteForm(
                "window/{window}/tab/{index}", Route.tab,
                { if case .tab(let window, let index) = $0 { (window, index) } else { nil } },
                reaches: BrowserCoordinator.self, samples: [("main", 0), ("private", 2)]
            ).ignoringQueryItems("ref")
        ])
}

/// The settings sections a link can open.
public let settingsSections = ["general", "privacy", "theme", "search"]

/// Makes a route of a link, as the app's own route builder does: `browser://search?q=…`,
/// `browser://open-url?url=…`, `browser://deep-link?url=/settings/<section>` (a path in a query
/// value), `browser://deep-link?url=/homepanel/<panel>`.
public enum RouteBuilder {
    /// The route of `link`, or `nil` if it is none. An entry text (``Entry``) is read as the
    /// entry it is: a browsing activity (Handoff, a universal link) opens its page, the new-tab
    /// shortcut as many blank tabs as its user info's `tabs` says (one if it says none), a
    /// notification the page its payload names.
    public static func makeRoute(_ link: String) -> Route? {
        if let entry = Entry(link) { return makeRoute(entry) }
        if let route = try? BrowserLinks.routes.parse(link) { return route }
        guard let components = URLComponents(string: link), components.scheme?.lowercased() == "browser" else {
            return nil
        }
        let items = components.queryItems ?? []
        func value(_ name: String) -> String? {
            items.first { $0.name == name }?.value.flatMap { $0.isEmpty ? nil : $0 }
        }
        switch components.host?.lowercased() {
        case "search": return value("q").map { .search(query: $0) }
        case "open-url": return value("url").map { .openURL($0) }
        case "deep-link":
            guard let path = value("url") else { return nil }
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "settings": return settingsSections.contains(parts[1]) ? .settings(section: parts[1]) : nil
            case "homepanel":
                return ["top-sites", "bookmarks", "history"].contains(parts[1]) ? .homePanel(parts[1]) : nil
            default: return nil
            }
        default: return nil
        }
    }

    /// The route of an entry, or `nil` if the browser takes none such.
    public static func makeRoute(_ entry: Entry) -> Route? {
        switch entry {
        case .activity(type: "org.example.browser.browsing", url: let url?, _): .openURL(url)
        case .shortcut(type: "org.example.browser.new-tab", let info):
            if let tabs = info["tabs"] { Int(tabs.json).map { .newTabs(count: $0) } } else { .newTabs(count: 1) }
        case .notification(let payload): payload["url"]?.string.map(Route.openURL)
        default: nil
        }
    }
}

import Foundation

/// What a link asks the browser for.
public enum Route: Equatable, Sendable {
    case search(query: String)
    /// A new tab each time, by design.
    case openURL(String)
    case settings(section: String)
    case homePanel(String)
}

/// The settings sections a link can open.
public let settingsSections = ["general", "privacy", "theme", "search"]

/// Makes a route of a link, as the app's own route builder does: `browser://search?q=…`,
/// `browser://open-url?url=…`, `browser://deep-link?url=/settings/<section>` (a path in a query
/// value), `browser://deep-link?url=/homepanel/<panel>`.
public enum RouteBuilder {
    /// The route of `link`, or `nil` if it is none.
    public static func makeRoute(_ link: String) -> Route? {
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
}

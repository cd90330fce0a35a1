import Foundation
import XTree

/// The window's coordinator: the root. During launch it can handle nothing, and the links that
/// arrive are held (the app's "saved routes") until launch finishes, then delivered.
@MainActor
public final class SceneCoordinator: BaseCoordinator {
    /// The links that came before launch finished.
    public let savedLinks = LinkHolder(name: "SceneCoordinator")
    /// Whether launch finished: only then can a link be handled.
    public private(set) var hasFinishedLaunching = false

    /// Finishes launching after `delay` seconds (0: at once), or once a file exists at `path`
    /// if one is named; never if `never`.
    public func start(finishingAfter delay: Double, never: Bool, when path: String? = nil) {
        guard !never else { return }
        // A delay of 0: launched at once, before any link can come.
        if delay == 0, path == nil {
            hasFinishedLaunching = true
            add(child: BrowserCoordinator())
            return
        }
        Task { @MainActor [weak self] in
            if let path {
                while !FileManager.default.fileExists(atPath: path) { try? await Task.sleep(nanoseconds: 20_000_000) }
            } else {
                try? await Task.sleep(nanoseconds: UInt64(delay * 1e9))
            }
            await self?.didFinishLaunch()
        }
    }

    /// Launch finished: the browser starts, and the saved links are delivered to it.
    public func didFinishLaunch() async {
        guard !hasFinishedLaunching else { return }
        hasFinishedLaunching = true
        add(child: BrowserCoordinator())
        await savedLinks.deliver { link in
            guard let reached = try self.route(link) as? any DeepLinkable else {
                throw BrowserLinkError.nobodyCanHandle(link)
            }
            return reached
        }
    }

    /// Routes `link` now: the coordinator that handled it.
    public func route(_ link: String) throws -> any Coordinator {
        guard let route = RouteBuilder.makeRoute(link) else { throw BrowserLinkError.noRoute(link) }
        guard let handler = findAndHandle(route) else { throw BrowserLinkError.nobodyCanHandle(link) }
        return handler
    }
}

/// The browser: handles every route once the scene launched it.
@MainActor
public final class BrowserCoordinator: BaseCoordinator {
    override init() {
        super.init()
        screens = [Screen("Browser")]
    }

    public override func canHandle(_ route: Route) -> Bool {
        if case .settings = route { return !childCoordinators.contains { $0 is SettingsCoordinator } }
        return true
    }

    public override func handle(_ route: Route) -> Bool {
        switch route {
        case .search(let query): screens.append(Screen("Search", query))
        case .openURL(let url):
            // A defect kept on purpose, as the real app had one: an outside link of a scheme
            // the browser never opens traps a debug build.
            precondition(!url.lowercased().hasPrefix("javascript:"), "a javascript: URL reached a tab")
            // A new tab each time, kept when the next link dismisses the browser's screens.
            add(child: TabCoordinator(url))
        case .newTabs(let count):
            // Another defect kept on purpose: a count the shortcut's user info carries is
            // trusted, and a range up to 0 traps.
            for _ in 1...count { screens.append(Screen("Tab", "about:blank")) }
        case .settings:
            let settings = SettingsCoordinator()
            add(child: settings)
            return settings.handle(route) || true
        case .tab(let window, let index):
            // A defect kept on purpose, found by fuzzing the form's own samples together: the
            // private window counted its tabs from 1, and tab 0 of it traps.
            precondition(window != "private" || index > 0, "the private window has no tab 0")
            screens.append(Screen("Tab", "\(window) #\(index)"))
        case .homePanel(let panel):
            // Shown a moment later, from a task, as the app's panels are.
            Task { @MainActor [weak self] in self?.screens.append(Screen("Home", panel)) }
        }
        return true
    }
}

/// A tab opened from outside, showing its page.
@MainActor
public final class TabCoordinator: BaseCoordinator {
    init(_ url: String) {
        super.init()
        screens = [Screen("Tab", url)]
    }
}

/// The settings, once open: handles every settings section itself.
@MainActor
public final class SettingsCoordinator: BaseCoordinator {
    public override func canHandle(_ route: Route) -> Bool {
        if case .settings = route { return true }
        return false
    }

    public override func handle(_ route: Route) -> Bool {
        guard case .settings(let section) = route else { return false }
        screens = [Screen("Settings", section)]
        return true
    }
}

/// Why the browser refused a link.
public enum BrowserLinkError: Error, CustomStringConvertible {
    case noRoute(String)
    case nobodyCanHandle(String)

    /// What went wrong, with the link.
    public var description: String {
        switch self {
        case .noRoute(let link): "the browser makes no route of \(link)"
        case .nobodyCanHandle(let link): "no coordinator can handle \(link) now"
        }
    }
}

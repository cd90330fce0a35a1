import Foundation
import XTree

// The adoption: what the team adds to make the app's own coordinators XTree's tree, without
// changing a coordinator.

extension BaseCoordinator: DeepLinkable {
    /// What each kind of coordinator says of itself, from the describers registered for it.
    public var nodeAttributes: [(key: String, value: String)] {
        BrowserApp.describers
        return NodeDescribers.attributes(of: self) ?? []
    }

    /// Its screens, then its child coordinators.
    public var children: [any DeepLinkable] {
        screens.map { $0 as any DeepLinkable } + childCoordinators.compactMap { $0 as? any DeepLinkable }
    }
}

extension Screen: DeepLinkable {
    /// The screen's title, and what it shows.
    public var nodeLabel: String { detail.isEmpty ? title : "\(title): \(detail)" }
}

/// The browser fixture as tools rebuild it: a fresh scene that finishes launching 50 ms after it
/// is made (`BROWSER_LAUNCH_DELAY` seconds if set, 0 at once; once the file `BROWSER_LAUNCH_WHEN` names
/// exists, if set; never, with `BROWSER_NEVER_LAUNCHES=1`);
/// links are routed by the app's own builder and depth-first search, and held until launch
/// finishes. What a link reaches is the coordinator that handled it, as the app's router says.
public enum BrowserApp: DeepLinkableApp {
    /// Registered once, before the first description: a scene says the links it holds while it
    /// launches.
    static let describers: Void = NodeDescribers.register(
        SceneCoordinator.self,
        attributes: { scene in scene.savedLinks.held.isEmpty ? [] : [("held", String(scene.savedLinks.held.count))] })

    /// A scene that starts launching.
    public static func makeRoot() -> SceneCoordinator {
        let scene = SceneCoordinator()
        let environment = ProcessInfo.processInfo.environment
        let delay = environment["BROWSER_LAUNCH_DELAY"].flatMap(Double.init).flatMap {
            (0...60).contains($0) ? $0 : nil
        }
        scene.start(
            finishingAfter: delay ?? 0.05, never: environment["BROWSER_NEVER_LAUNCHES"] == "1",
            when: environment["BROWSER_LAUNCH_WHEN"])
        return scene
    }

    /// Routes `link` with the app's own builder and search, holding it until launch finishes.
    public static func open(_ link: String, in root: SceneCoordinator) async throws -> any DeepLinkable {
        guard RouteBuilder.makeRoute(link) != nil else { throw BrowserLinkError.noRoute(link) }
        guard root.hasFinishedLaunching else { return try await root.savedLinks.hold(link) }
        guard let handler = try root.route(link) as? any DeepLinkable else {
            throw BrowserLinkError.nobodyCanHandle(link)
        }
        return handler
    }

    /// Where the app's router would send `link` now, without handling it: its route builder's
    /// route, and the coordinator its search finds (`canHandle` has no side effects), or the
    /// scene's saved links while it launches.
    public static func route(_ link: String, in root: SceneCoordinator) -> LinkRoute {
        guard let route = RouteBuilder.makeRoute(link) else {
            return .refused(BrowserLinkError.noRoute(link).description)
        }
        guard root.hasFinishedLaunching else { return .held(route: "\(route)", by: root.savedLinks.name) }
        guard let handler = root.find(route) as? any DeepLinkable else { return .unhandled(route: "\(route)") }
        return .handled(route: "\(route)", by: handler)
    }

    /// One link of each form.
    public static let linkExamples =
        entryExamples + [
            LinkExample(
                form: "browser://search?q=<query>", link: "browser://search?q=swift", reaches: "BrowserCoordinator"),
            LinkExample(
                form: "browser://open-url?url=<url>", link: "browser://open-url?url=https://swift.org",
                opensNewEachTime: true),
            LinkExample(
                form: "browser://deep-link?url=/settings/<section>", link: "browser://deep-link?url=/settings/privacy",
                reaches: "BrowserCoordinator"),
            LinkExample(
                form: "browser://deep-link?url=/homepanel/<panel>", link: "browser://deep-link?url=/homepanel/bookmarks"
            ),
        ] + BrowserLinks.routes.examples
    /// Values of the forms' parts.
    public static let sampleValues = ["swift", "privacy", "bookmarks"]
    /// The table's form with each combination of its own samples.
    public static let sampleLinks = BrowserLinks.routes.sampleLinks

    /// A user activity, a shortcut and a notification, each as its entry text; the activity and
    /// the notification open their page in a new tab each time, as `open-url` does.
    static let entryExamples = [
        LinkExample(
            form: "activity org.example.browser.browsing",
            link: Entry.activity(type: "org.example.browser.browsing", url: "https://swift.org/blog", info: [:])
                .description, opensNewEachTime: true),
        LinkExample(
            form: "shortcut org.example.browser.new-tab {tabs}",
            link: Entry.shortcut(type: "org.example.browser.new-tab", info: ["tabs": Entry.JSONText(json: "2")!])
                .description),
        LinkExample(
            form: "notification {url}",
            link: Entry.notification(payload: ["url": Entry.JSONText("https://swift.org/news")]).description,
            opensNewEachTime: true),
    ]
}

import BrowserFixture
import Foundation
import Testing
import XTree
import XTreeFuzzing
import XTreeInspector
import XTreeInspectorClient
import XTreeJournal

/// The app's own router as the truth: what `why` says of a link (the app's `route(_:in:)`) is
/// what `open` then does, on every link of the fixture's forms, their mutants and a seeded run.
@MainActor
@Suite struct AppRouterTests {
    /// Every example, each with every sample value in its place, and every mutant of those.
    static var links: [String] {
        let examples = BrowserApp.linkExamples.map(\.link)
        var links = examples
        for example in examples {
            for sample in BrowserApp.sampleValues {
                for other in BrowserApp.sampleValues where other != sample {
                    if let link = LinkMutation.link(example, replacing: sample, with: other) { links.append(link) }
                }
            }
        }
        return (links + links.flatMap { LinkMutation.mutants(of: $0).map(\.link) }).filter { !traps($0) }
    }

    /// Whether `link` reaches one of the fixture's defects kept on purpose, which trap the
    /// process: those run in child processes (`EntryEndToEndTests`, `HeldLinkTests`), not here.
    static func traps(_ link: String) -> Bool {
        switch RouteBuilder.makeRoute(link) {
        case .openURL(let url)?: url.lowercased().hasPrefix("javascript:")
        case .newTabs(let count)?: count < 1
        case .tab(let window, let index)?: window == "private" && index < 1
        default: false
        }
    }

    /// Asks the router, then applies the link; records where they disagree.
    static func agree(on link: String, in root: SceneCoordinator) async -> Bool {
        let said = BrowserApp.route(link, in: root)
        do {
            let reached = try await BrowserApp.open(link, in: root)
            guard case .handled(_, let handler) = said, handler === reached else {
                Issue.record("\(link): why said \(said), open reached \(reached)")
                return false
            }
        } catch {
            switch said {
            case .refused(let reason) where reason == "\(error)": break
            case .unhandled where "\(error)" == BrowserLinkError.nobodyCanHandle(link).description: break
            default:
                Issue.record("\(link): why said \(said), open failed: \(error)")
                return false
            }
        }
        return true
    }

    @Test func whyAndOpenAgreeOnEveryLinkOfTheFixturesForms() async {
        let links = Self.links
        #expect(links.count > 50, "\(links.count) links")
        // In order, on one app: each link from the state the ones before left.
        let root = BrowserApp.makeRoot()
        await root.didFinishLaunch()
        var agreed = 0
        for link in links where await Self.agree(on: link, in: root) { agreed += 1 }
        #expect(agreed == links.count)
        // A seeded run: 500 links in a shuffled order on a fresh app.
        var generator = SeededGenerator(seed: 7)
        let shuffled = (0..<500).map { _ in links[Int(generator.next() % UInt64(links.count))] }
        let fresh = BrowserApp.makeRoot()
        await fresh.didFinishLaunch()
        for link in shuffled where !(await Self.agree(on: link, in: fresh)) { break }
    }

    /// While the app launches, the router says it would hold a link of its own, and who holds it.
    @Test func whileTheAppLaunchesTheRouterSaysWhoWouldHoldTheLink() {
        let root = BrowserApp.makeRoot()
        guard case .held(let route, let holder) = BrowserApp.route("browser://search?q=swift", in: root) else {
            Issue.record("not held")
            return
        }
        #expect(route == #"search(query: "swift")"#)
        #expect(holder == "SceneCoordinator")
        guard case .refused(let reason) = BrowserApp.route("browser://nowhere", in: root) else {
            Issue.record("not refused")
            return
        }
        #expect(reason == "the browser makes no route of browser://nowhere")
    }
}

/// What becomes of a held link after the tool that sent it stopped waiting is journaled: its
/// delivery with the change it made, or its drop.
@MainActor
@Suite struct LateHeldLinkTests {
    /// Opens `link` with a short hold, which fails still held; returns the inspector's client.
    static func openUntilTheHoldEnds(_ link: String, in scene: SceneCoordinator, folder: InspectorFolder) async throws
        -> (Inspector, UncheckedBox<InspectorClient>)
    {
        let inspector = try Inspector(name: "Browser", app: BrowserApp.self, root: scene, directory: folder.path)
        let app = inspector.app
        let client = try await offMain { UncheckedBox(patient(try InspectorClient(app))) }
        client.value.holdTimeout = 0.1
        let opened = try await offMain { try client.value.open(link, traces: false).result }
        #expect(opened.error == "\(link) is held by SceneCoordinator, and was not delivered within 0.1 s")
        return (inspector, client)
    }

    @Test func aLateDeliveryIsJournaledWithTheChangeItMade() async throws {
        let folder = try InspectorFolder()
        let scene = SceneCoordinator()
        let (inspector, client) = try await Self.openUntilTheHoldEnds(
            "browser://search?q=swift", in: scene, folder: folder)
        defer { inspector.stop() }
        await scene.didFinishLaunch()
        let events = try await offMain { try client.value.journal().events.map(\.event) }
        let links = events.compactMap(\.link)
        #expect(links.map(\.delivery) == [nil, .delivered])
        #expect(links.map(\.held) == ["SceneCoordinator", "SceneCoordinator"])
        #expect(links.last?.error == nil)
        #expect(links.last?.reached.last?.type == "BrowserCoordinator")
        #expect(events.last?.edit.isEmpty == false)
        let summary = events.last?.summary ?? ""
        let said = " delivered held link browser://search?q=swift (app, "
        #expect(summary.contains(said), "\(summary)")  // availability: Foundation's contains(_:) of a string
    }

    @Test func aLateDropIsJournaledAsAFailedLink() async throws {
        let folder = try InspectorFolder()
        let scene = SceneCoordinator()
        let (inspector, client) = try await Self.openUntilTheHoldEnds(
            "browser://search?q=swift", in: scene, folder: folder)
        defer { inspector.stop() }
        scene.savedLinks.dropAll(reason: "the window closed")
        for _ in 0..<50 { await Task.yield() }
        let links = try await offMain { try client.value.journal().events.compactMap(\.event.link) }
        #expect(links.map(\.delivery) == [nil, .dropped])
        #expect(
            links.last?.error
                == "browser://search?q=swift was held by SceneCoordinator, and dropped: the window closed")
    }
}

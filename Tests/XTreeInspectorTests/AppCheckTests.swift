import Foundation
import ShopDomain
import Testing
import XTree
import XTreeReachability

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// An app's own reachability check (`CheckedApp`) runs inside the app, its rows sent a part at
/// a time: the report a client builds is the one the check makes where it runs.
@MainActor
@Suite struct AppCheckTests {
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func theAppsOwnCheckRunsInsideItAndArrivesWhole() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Shop", app: ShopApp.self, root: ShopApp.makeRoot(), directory: folder.path)
        defer { inspector.stop() }
        let local = await ShopApp.reachabilityCheck.run()
        let app = inspector.app
        let (checks, remote, forms, shown) = try await offMain {
            let client = patient(try InspectorClient(app))
            var shown: [Int] = []
            let (report, forms) = try client.runCheck(stopped: { false }, progress: { shown.append($0.results.count) })
            return (client.checks, report, forms, shown)
        }
        #expect(checks)
        #expect(remote.results.count == 7 && local.results.count == 7)
        // Row for row what the check makes in place, but for the time each took.
        let rows = { (report: ReachabilityReport) in
            report.results.map { [$0.link, $0.applier, $0.expected, $0.failure ?? "", $0.reached.description] }
        }
        #expect(rows(remote) == rows(local))
        #expect(remote.audit == local.audit && remote.audit != nil)
        #expect(remote.typesSeen == local.typesSeen && !remote.typesSeen.isEmpty)
        #expect(remote.passed)
        #expect(forms == ["shop://tab/<catalog|cart|account>", "shop://product/<sku>", "shop://checkout"], "\(forms)")
        #expect(shown.last == 7 && shown == shown.sorted())
        #expect(remote.text.hasSuffix("7 checks (7 links x 1 applier): 7 passed, 0 failed\n"), "\(remote.text)")
    }

    /// An app that declares no check says so, in the request's reply.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test func anAppWithoutACheckSaysSo() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Plain", root: ShopApp.makeRoot(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let refusal = try await offMain { () -> String in
            let client = patient(try InspectorClient(app))
            #expect(!client.checks)
            do {
                _ = try client.runCheck(stopped: { false }, progress: { _ in })
                return "no refusal"
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal.contains("this app declares no check of its own (CheckedApp)"), "\(refusal)")
    }

    /// A client that goes stops the app's run after the link under way: the app does not go on
    /// checking for nobody.
    @Test func aRunStopsWhenItsClientGoes() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Slow", app: SlowApp.self, root: SlowApp.makeRoot(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        // Run to its end: the client waits for each part, never asking for nothing new.
        let (whole, parts) = try await offMain { () -> (ReachabilityReport, Int) in
            let client = patient(try InspectorClient(app))
            var parts = 0
            let report = try client.runCheck(stopped: { false }, progress: { _ in parts += 1 }).report
            return (report, parts)
        }
        #expect(whole.results.count == 200 && whole.passed)
        #expect(parts > 4, "\(parts)")
        SlowApp.applied = 0
        let first = try await offMain { () -> Int in
            let client = patient(try InspectorClient(app))
            return try client.runCheck(stopped: { true }, progress: { _ in }).report.results.count
        }
        #expect(first < 200)
        // The client is gone; the run ends after the link under way.
        var last = -1
        while SlowApp.applied != last {
            last = SlowApp.applied
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        #expect(last < 200, "\(last)")
    }

    /// Parts from an app are held to one frame, in order, within the total.
    @Test func partsThatDoNotMakeOneReportAreRefused() throws {
        var report = try JSONDecoder().decode(
            ReachabilityReport.Part.self,
            from: Data(
                #"{"name":"App","total":2,"appliers":["open"],"linkWidth":10,"first":0,"results":[],"done":false}"#.utf8
            ))
        var framed = try ReachabilityReport(first: report)
        let row = try JSONDecoder().decode(
            ReachabilityReport.Result.self,
            from: Data(
                #"{"link":"app://a","applier":"open","expected":"a Screen","reached":[],"traces":[],"forgottenChildren":[],"seconds":0}"#
                    .utf8))
        report.results = [row]
        try framed.add(report)
        #expect(framed.results.count == 1)
        // The same part again: results out of order.
        #expect(throws: ReachabilityReport.PartProblem.self) { try framed.add(report) }
        report.first = 1
        report.results = [row, row]
        #expect(throws: ReachabilityReport.PartProblem.self) { try framed.add(report) }
        report.results = [row]
        report.name = "Other"
        #expect(throws: ReachabilityReport.PartProblem.self) { try framed.add(report) }
        for (total, appliers) in [(-1, ["open"]), (3, ["open", "search"]), (Int.max, ["open"]), (2, [])] {
            report.total = total
            report.appliers = appliers
            #expect(throws: ReachabilityReport.PartProblem.self) { try ReachabilityReport(first: report) }
        }
    }
}

/// An app whose check applies 200 links, each taking 5 ms, counting them.
@MainActor
private enum SlowApp: CheckedApp {
    static var applied = 0

    static func makeRoot() -> Leaf { Leaf() }
    static func open(_ link: String, in root: Leaf) async throws -> any DeepLinkable { root }

    static var reachabilityCheck: ReachabilityCheck<Leaf, String> {
        let apply: ReachabilityCheck<Leaf, String>.Applier = { leaf, _ in
            try await Task.sleep(nanoseconds: 5_000_000)
            applied += 1
            return leaf
        }
        var check = ReachabilityCheck<Leaf, String>("Slow", makeApp: { Leaf() }, apply: apply)
        for index in 0..<200 { check.expect("slow://\(index)", reaches: .receiver(Leaf.self)) }
        return check
    }
}

@MainActor
private final class Leaf: DeepLinkable {
    var children: [any DeepLinkable] { [] }
}

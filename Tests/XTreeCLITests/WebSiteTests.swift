import Foundation
import Testing
import XTreeInspectorClient
import XTreeTargets
import XTreeWeb

@testable import XTreeCommandLine

/// What `web` answers the page, on a served app it follows.
@MainActor
@Suite struct WebSiteTests {
    static func tree(of site: WebSite) async -> String {
        let answer = await site.answer(HTTPRequest(method: "GET", path: "/api/tree"))
        return String(decoding: answer.body, as: UTF8.self)
    }

    /// The page's tree is the one it was sent edits for: a change the server has not read yet
    /// is not in it (the page would apply its edit a second time), and is once read and sent.
    @Test func theTreeThePageFetchesIsTheOneItWasSentEditsFor() async throws {
        let app = try await ServedApp(name: "Paged")
        let target = try AttachedTarget("Paged", in: app.environment["XTREE_INSPECTOR_DIR"])
        try target.startWatching()
        let site = WebSite(target: target, takesLinks: true)
        let before = await Self.tree(of: site)
        #expect(before.hasPrefix("{\"version\":1,\"snapshot\":{\"nodes\":["), "\(before.prefix(80))")
        #expect(!before.contains("Irish Stew"))
        // Another client changes the app; this server has not read the change.
        let opened = try await app.cli("open", "recipes://recipes/irish-stew", "--attach", "Paged")
        #expect(opened.status == 0, "\(opened.stderr)")
        site.changed()
        #expect(await Self.tree(of: site) == before.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"))
        var changes: [FollowedEvent] = []
        for _ in 0..<Int(500 * testPatience) where changes.isEmpty {
            changes = try target.arrivedChanges()
            if changes.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        }
        site.changed(by: changes)
        let after = await Self.tree(of: site)
        #expect(after.contains("Irish Stew"), "\(after.prefix(200))")
    }
}

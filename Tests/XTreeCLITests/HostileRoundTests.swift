import Foundation
import Testing
import XTreePlatform

/// What the hostile round found beyond its own suites: each fails on the behaviour it found.
@Suite struct HostileRoundTests {
    /// A link over the inspector's request limit is refused by the client, with the reason,
    /// instead of being sent to an app that closes the connection (which looked like a crash,
    /// blamed on the next link).
    @MainActor
    @Test func aLinkOverTheRequestLimitIsRefusedBeforeItIsSent() async throws {
        let served = try await ServedApp(name: "Limit")
        let huge = "recipes://recipes/" + String(repeating: "a", count: 1 << 20)
        let refused = try await cli(["open", "--attach", "Limit", huge], environment: served.environment)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("over the inspector's limit of 1048576"), "\(refused.stderr.prefix(300))")
        let after = try await served.cli("open", "--attach", "Limit", "recipes://recipes/irish-stew")
        #expect(after.status == 0, "\(after.stderr)")
    }
}

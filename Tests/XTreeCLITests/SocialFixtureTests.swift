import Foundation
import Testing

/// The social fixture, built as SwiftUI apps navigate: a router per tab holding a path of
/// values and a sheet value, links of any server handled at once and pushed once looked up.
@Suite struct SocialFixtureTests {
    static var social: String { productsDirectory.appendingPathComponent("social-launch").path }

    /// A scratch folder for launched apps' directories; the app's quiet period is longer in a
    /// sanitized run, where a pushed destination may come later.
    static func environment(_ extra: [String: String] = [:]) throws -> (ScratchFolder, [String: String]) {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("tmp"), withIntermediateDirectories: false)
        let base = ["TMPDIR": folder.path("tmp"), "SOCIAL_QUIET": "\(0.1 * testPatience)"]
        return (folder, base.merging(extra) { $1 })
    }

    /// Each link ends on the destination it pushed, waited for until the tree is quiet, not on
    /// the router that took it: `check` holds each example to the value's type and case.
    @Test func checkWaitsForEachLinkToLandAndHoldsItToTheDestinationPushed() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(["check", "--launch", Self.social], environment: environment)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        for (link, reached) in [
            ("https://social.example/@ada/1042", "2 Destination.status #"),
            ("https://other.example/@bob/7", "2 Destination.remoteStatus #"),
            ("social://social.example/lists/42", "2 Destination.list #"),
            ("social://app/tab/explore", "2 RouterPath #"),
        ] {
            let row = result.stdout.split(separator: "\n").first { $0.contains(" \(link) ") }
            #expect(row?.contains(reached) == true, "\(link): \(result.stdout)")
        }
        #expect(result.stdout.contains("6 checks (6 links x 1 applier): 6 passed, 0 failed"), "\(result.stdout)")
    }

    /// A value's node id comes from the value: the same in two launches, and `find` finds the
    /// destination by its case and attribute.
    @Test func aDestinationsIdIsTheSameInTwoLaunchesAndFoundByCaseAndAttribute() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        var answers: [String] = []
        for _ in 0..<2 {
            let found = try await cliProcess(
                [
                    "find", "--launch", Self.social, "--open", "https://social.example/@ada/1042",
                    "--open", "https://social.example/tags/Swift", "Destination.status", "--where", "id=1042",
                ], environment: environment)
            #expect(found.status == 0, "\(found.stdout) \(found.stderr)")
            answers.append(found.stdout)
        }
        #expect(answers[0].hasPrefix("2 Destination.status #") && answers[0].contains(" id=1042\n"), "\(answers[0])")
        #expect(answers[0] == answers[1])
        let tag = try await cliProcess(
            [
                "find", "--launch", Self.social, "--open", "https://social.example/tags/Swift", "tag", "--where",
                "value=swift",
            ],
            environment: environment)
        #expect(tag.stdout.hasPrefix("2 Destination.tag #"), "\(tag.stdout) \(tag.stderr)")
    }

    /// `why` asks the app's own router, which reads the servers the app is connected to now: a
    /// status on a server the user has joined is local, on any other remote.
    @Test func whyAnswersForAServerTheAppAcceptsAtRunTime() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let link = "https://other.example/@bob/7"
        let remote = try await cliProcess(["why", "--launch", Self.social, link], environment: environment)
        #expect(
            remote.stdout.hasPrefix("\(link) is the app's route remoteStatus(url: "),
            "\(remote.stdout) \(remote.stderr)")
        let joined = try await cliProcess(
            ["why", "--launch", Self.social, link],
            environment: environment.merging(["SOCIAL_HOSTS": "other.example"]) { $1 })
        #expect(
            joined.stdout.hasPrefix("\(link) is the app's route status(id: \"7\")"), "\(joined.stdout) \(joined.stderr)"
        )
        let refused = try await cliProcess(
            ["why", "--launch", Self.social, "https://social.example/lists/x"], environment: environment)
        #expect(refused.status != 0 && refused.stderr.contains("the app takes no link such as"), "\(refused.stderr)")
    }

    /// The forms that push are declared so, and the links nobody wrote keep their properties.
    @Test func fuzzFindsNothingOnFormsThatPushAgainEachTime() async throws {
        let (folder, environment) = try Self.environment()
        defer { withExtendedLifetime(folder) {} }
        let result = try await cliProcess(
            ["fuzz", "--launch", Self.social, "--budget", "\(Int(6 * testPatience))s"], environment: environment)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains(": no findings\n"), "\(result.stdout)")
    }
}

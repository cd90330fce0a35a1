import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeRecorder

/// The listings of the article "When the app crashed", run: two launches of the recipes app
/// in a process of their own (an exit test), since the recorder and the redaction are the
/// process's. The first records a link whose query holds secrets; the second reads it back as
/// breadcrumbs with the secrets redacted.
@Suite struct ArticleRecorderTests {
    @MainActor
    static func launch(_ addBreadcrumb: (String) -> Void) throws -> FlightRecorder {
        let recorder = try FlightRecorder.start(for: RecipesApp.self)
        if let last = recorder.lastRun, !last.endedCleanly {
            for line in last.breadcrumbs {
                addBreadcrumb(line)
            }
        }
        return recorder
    }

    /// A link the app received itself, applied with the recorder and no inspector.
    @MainActor
    static func open(_ url: URL, in home: DefaultHomeCoordinator, recording recorder: FlightRecorder) async throws {
        try await recorder.recording(link: url.absoluteString) {
            try await home.open(DeepLink(url: url)).reached
        }
    }

    @MainActor
    static func twoLaunches() async throws -> [String] {
        LinkRedaction.current = .values(
            named: LinkRedaction.standardNames.union(["invite"]), afterPathSegments: ["invite"])
        try? FileManager.default.removeItem(atPath: FlightRecorder.defaultPath(for: RecipesApp.self))
        defer { try? FileManager.default.removeItem(atPath: FlightRecorder.defaultPath(for: RecipesApp.self)) }
        var lines: [String] = []
        do {
            let recorder = try launch { lines.append($0) }
            let home = RecipesApp.makeRoot()
            for url in [
                URL(string: "recipes://recipes/irish-stew")!, URL(string: "recipes://tab/veggie?invite=s3cr3t")!,
            ] {
                try? await open(url, in: home, recording: recorder)
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: recorder.path))
            guard bytes.range(of: Data("s3cr3t".utf8)) == nil else { return ["the secret was written"] }
            // The first launch's process ends here: its recorder lets go of the file.
            recorder.stopRecording()
        }
        _ = try launch { lines.append($0) }
        return lines
    }

    @Test func theLastRunsLinksBecomeBreadcrumbsWithoutTheirSecrets() async {
        await #expect(processExitsWith: .success) {
            let lines = try await ArticleRecorderTests.twoLaunches()
            let expected = [
                "xtree link 1 reached recipes://recipes/irish-stew",
                "xtree link 2 failed recipes://tab/veggie?invite=<private>",
            ]
            if lines != expected { throw CancellationError() }
        }
    }
}

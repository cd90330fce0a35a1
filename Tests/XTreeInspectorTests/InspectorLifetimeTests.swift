import Foundation
import Testing
import XTree

@testable import XTreeInspector

/// What a user's first hour met: an inspector not kept, and an app whose main actor is busy.
@MainActor
@Suite(.serialized) struct InspectorLifetimeTests {
    @Test func anInspectorWhoseValueIsDroppedGoesOnServingUntilStopped() async throws {
        let folder = try InspectorFolder()
        _ = try Inspector(name: "Dropped", root: Book(), directory: folder.path)
        let apps = try InspectorDirectory.runningApps(in: folder.path)
        #expect(apps.map(\.name) == ["Dropped"])
        let app = try #require(apps.first)
        let snapshot = try await offMain { try InspectorClient(app).snapshot() }
        #expect(snapshot.nodes.map(\.type) == ["Book"])
        let kept = try #require(Inspector.serving.first { $0.app.address == app.address })
        kept.stop()
        #expect(try InspectorDirectory.runningApps(in: folder.path).isEmpty)
        #expect(!Inspector.serving.contains { $0.app.address == app.address })
    }

    @Test func aBusyMainActorIsNamedAsTheLikelyCauseOfNoAnswer() async throws {
        let folder = try InspectorFolder()
        let inspector = try Inspector(name: "Busy", root: Book(), directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let client = try await offMain { UncheckedBox(try InspectorClient(app)) }
        client.value.replyTimeout = 0.5
        // The request waits for the main actor, which this test then holds for 1.5 s.
        async let failure = offMain { () -> InspectorError? in
            do throws(InspectorError) {
                _ = try client.value.snapshot()
                return nil
            } catch {
                return error
            }
        }
        usleep(1_500_000)
        let error = try await failure
        #expect(error == .noAnswer(seconds: 0.5))
        #expect(error?.description == "the app did not answer within 0.5 s; its main actor may be busy")
        #expect(InspectorError.noAnswer(seconds: 30).description.hasPrefix("the app did not answer within 30 s;"))
    }
}

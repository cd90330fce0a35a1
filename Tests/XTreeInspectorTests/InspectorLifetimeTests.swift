import Foundation
import Testing
import XTree

@testable import XTreeInspector
@testable import XTreeInspectorClient

/// What a user's first hour met: an inspector not kept, and an app whose main actor is busy.
@MainActor
@Suite(.serialized) struct InspectorLifetimeTests {
    @Test func anInspectorWhoseValueIsDroppedGoesOnServingUntilStopped() async throws {
        let folder = try InspectorFolder()
        _ = try Inspector(name: "Dropped", root: Book(), directory: folder.path)
        let apps = try InspectorDirectory.runningApps(in: folder.path)
        #expect(apps.map(\.name) == ["Dropped"])
        let app = try #require(apps.first)
        let snapshot = try await offMain { try patient(InspectorClient(app)).snapshot() }
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
        #expect(
            error?.description
                == "the app did not answer within 0.5 s; its main actor may be busy, it may be stopped at a breakpoint, "
                + "or (an iOS app in the background) suspended")
        #expect(InspectorError.noAnswer(seconds: 30).description.hasPrefix("the app did not answer within 30 s;"))
    }
}

/// Conditions in their three forms, locally and sent to an attached app as structured values.
@MainActor
@Suite struct ConditionTests {
    @Test func conditionsReadTheirThreeFormsAndRefuseTheRest() {
        #expect(NodeCondition("tab=veggie") == NodeCondition(key: "tab", value: "veggie"))
        #expect(NodeCondition("tab!=meat") == NodeCondition(key: "tab", .notEquals, value: "meat"))
        #expect(NodeCondition("title~Stew") == NodeCondition(key: "title", .contains, value: "Stew"))
        #expect(NodeCondition("query=") == NodeCondition(key: "query", value: ""))
        #expect(NodeCondition("url=a=b") == NodeCondition(key: "url", value: "a=b"))
        #expect(NodeCondition("a.b-c_d=1")?.key == "a.b-c_d")
        for bad in ["favorite==false", "x~=y", "a!==b", "=v", "key", "k y=v", "ké=v", "!=v", ""] {
            #expect(NodeCondition(bad) == nil, "\(bad)")
        }
    }

    @Test func eachComparisonMatchesAsItSays() {
        let node = TreeSnapshot.Node(
            id: "x", type: "T", label: "Irish Stew", attributes: [.init(key: "tab", value: "meat")], depth: 0,
            order: 0, parent: nil, links: [])
        #expect(NodeCondition("tab=meat")!.matches(node))
        #expect(!NodeCondition("tab!=meat")!.matches(node))
        #expect(NodeCondition("tab!=veggie")!.matches(node))
        #expect(NodeCondition("missing!=x")!.matches(node))
        #expect(NodeCondition("label~Stew")!.matches(node))
        #expect(!NodeCondition("missing~")!.matches(node))
    }

    @Test func anAttachedAppSearchesWithStructuredConditions() async throws {
        SearchableProtocols.register((any Page).self)
        let folder = try InspectorFolder()
        let book = Book()
        book.pages = ["a", "b", "c"].map(PageScreen.init)
        let inspector = try Inspector(name: "Book", root: book, directory: folder.path)
        defer { inspector.stop() }
        let app = inspector.app
        let (trace, _) = try await offMain {
            try patient(InspectorClient(app)).find(
                "Page", conditions: [NodeCondition("slug!=a")!, NodeCondition("slug~c")!], all: true)
        }
        #expect(trace.steps.filter { $0.verdict == .matched }.map(\.order) == [3])
    }

    @Test func anAppOfAnotherProtocolVersionIsRefusedByName() throws {
        let app = InspectableApp(
            name: "Old", pid: 77, address: "unix:/nonexistent", loopback: nil, token: "t", version: 1)
        #expect(
            throws: InspectorError.refused(
                "\"Old\" (pid 77) speaks inspector protocol version 1, and this client speaks \(InspectorProtocol.version); build both with the same XTree"
            )
        ) { try InspectorClient(app) }
    }
}

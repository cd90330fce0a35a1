import Testing
import XTree

@MainActor
@Suite struct SearchRecordingTests {
    func tree() -> TestNode {
        TestNode("root", [TestNode("a"), DetailModel("detail")])
    }

    @Test func everySearchKindIsRecordedInOrder() {
        let root = tree()
        let (_, traces) = withSearchRecording {
            _ = root.firstReceiver(as: DetailModel.self)
            _ = root.receivers(as: TestNode.self)
            _ = root.pathToFirstReceiver(as: DetailModel.self)
        }
        #expect(traces.map(\.receiverType) == ["DetailModel", "TestNode", "DetailModel"])
        #expect(traces[0].match?.label == "detail")
        #expect(traces[1].steps.count == 3)
    }

    @Test func outsideARecordingNothingIsRecordedAndTracingStillWorks() {
        let root = tree()
        let (_, outer) = withSearchRecording { () -> Void in }
        _ = root.firstReceiver(as: DetailModel.self)
        #expect(outer.isEmpty)
        let (match, trace) = root.tracingFirstReceiver(as: DetailModel.self)
        #expect(match != nil)
        #expect(trace.path == [0, 2])
    }

    @Test func recordingsNestAndTheOuterSeesTheInner() {
        let root = tree()
        let (inner, outer) = withSearchRecording {
            _ = root.firstReceiver(as: TestNode.self)
            return withSearchRecording { _ = root.firstReceiver(as: DetailModel.self) }.traces
        }
        #expect(inner.map(\.receiverType) == ["DetailModel"])
        #expect(outer.map(\.receiverType) == ["TestNode", "DetailModel"])
    }

    @Test func childTasksAndTasksCreatedInsideAreRecordedDetachedTasksAreNot() async {
        let root = tree()
        let (_, traces) = await withSearchRecording {
            async let child: Void = MainActor.run { _ = root.firstReceiver(as: DetailModel.self) }
            await child
            await Task { @MainActor in _ = root.firstReceiver(as: TestNode.self) }.value
            await Task.detached { @MainActor in _ = root.receivers(as: DetailModel.self) }.value
        }
        #expect(traces.map(\.receiverType) == ["DetailModel", "TestNode"])
    }
}

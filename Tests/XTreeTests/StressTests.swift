import Foundation
import Testing
import XTree

/// Hostile shapes, each taken through search, snapshot, every renderer, diff and a JSON
/// round trip; each must finish with every object visited exactly once.
@MainActor
@Suite struct StressTests {
    struct Shape: CustomTestStringConvertible, Sendable {
        let name: String
        let build: @MainActor @Sendable () -> (root: TestNode, objects: Int)
        var testDescription: String { name }
    }

    nonisolated static let shapes: [Shape] = [
        Shape(name: "cycle through the root") {
            let leaf = TestNode("leaf")
            let middle = TestNode("middle", [leaf])
            let root = TestNode("root", [middle])
            leaf.kids = [root]
            return (root, 3)
        },
        Shape(name: "a node that is its own child") {
            let root = TestNode("root")
            root.kids = [root, root]
            return (root, 1)
        },
        Shape(name: "the same child twice") {
            let child = TestNode("child")
            return (TestNode("root", [child, child, child]), 2)
        },
        Shape(name: "paths doubling at each of 30 levels") { doublingDAG(levels: 30) },
    ]

    @Test(arguments: shapes)
    func everyOperationVisitsEachObjectOnce(shape: Shape) throws {
        let (root, objects) = shape.build()
        var traversal = root.breadthFirst()
        var seen = Set<ObjectIdentifier>()
        while let visit = traversal.next() { #expect(seen.insert(ObjectIdentifier(visit.node)).inserted) }
        #expect(seen.count == objects)
        #expect(root.receivers(as: TestNode.self).count == objects)
        #expect(root.firstReceiver(as: DetailModel.self) == nil)

        let snapshot = TreeSnapshot(of: root)
        #expect(snapshot.nodes.count == objects)
        let childLinks = snapshot.linkCounts[.child, default: 0]
        #expect(childLinks == objects - 1)

        var text = CountingStream()
        TextRenderer().render(snapshot, to: &text)
        #expect(text.lastLine.hasPrefix("\(objects) node"))
        var dot = CountingStream()
        DOTRenderer().render(snapshot, to: &dot)
        var mermaid = CountingStream()
        MermaidRenderer().render(snapshot, to: &mermaid)
        #expect(dot.lines > objects && mermaid.lines > objects)

        let decoded = try TreeSnapshot(json: Data(JSONRenderer().rendered(snapshot).utf8))
        #expect(decoded == snapshot)
        #expect(TreeDiff(from: snapshot, to: decoded).unchangedCount == objects)
    }

    @Test func cyclesAndSharingAreLabelledApart() {
        let (root, _) = Self.shapes[1].build()
        #expect(TreeSnapshot(of: root).root.links.map(\.kind) == [.cycle, .cycle])
        let (twice, _) = Self.shapes[2].build()
        #expect(TreeSnapshot(of: twice).root.links.map(\.kind) == [.child, .shared, .shared])
    }
}

#if !canImport(Combine)
    /// The stand-in publisher's thread safety; under Combine this would test Combine.
    @Suite struct ConcurrencyTests {
        @Test func publisherSurvivesSubscribersComingAndGoingOnManyThreads() async {
            let publisher = Shared(ObservableObjectPublisher())
            let received = NSLockedArray()
            let stop = NSLockedBox<Bool>()
            let sender = Task.detached {
                while stop.value != true {
                    publisher.value.send()
                    await Task.yield()
                }
            }
            await withTaskGroup(of: Void.self) { group in
                for task in 0..<8 {
                    group.addTask {
                        var tokens: [AnyCancellable] = []
                        for round in 0..<300 {
                            tokens.append(publisher.value.sink { received.append("\(task)") })
                            if round % 3 == 0 { tokens.removeFirst(tokens.count / 2) }
                        }
                        for token in tokens { token.cancel() }
                    }
                }
            }
            stop.value = true
            await sender.value
            // After every token is cancelled, sending reaches nobody.
            let before = received.all.count
            publisher.value.send()
            #expect(received.all.count == before)
        }

        @Test func cancellingReleasesWhatTheSubscriberCaptured() {
            final class Payload: Sendable {}
            let publisher = ObservableObjectPublisher()
            var payload: Payload? = Payload()
            weak let weakPayload = payload
            let token = publisher.sink { [payload] _ in _ = payload }
            payload = nil
            #expect(weakPayload != nil)
            token.cancel()
            #expect(weakPayload == nil)
        }
    }

    /// Shares a stand-in publisher between tasks. Safe: the publisher's state is behind its
    /// lock, which is what these tests check; the type is not `Sendable` only to match Combine.
    struct Shared<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
#endif

final class NSLockedBox<Value: Sendable>: @unchecked Sendable {
    // Safe: `stored` is only touched under `lock`.
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

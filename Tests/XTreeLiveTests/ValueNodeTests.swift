import Testing
import XTree
import XTreeSnapshot

@testable import XTreeLive

/// A SwiftUI-style router's destinations: values, as `NavigationStack(path:)` holds them.
enum Destination: Hashable, Codable {
    case trending
    case statusDetail(id: String)
    case tag(String)
    case thread(String, reply: Int?)
}

/// A sheet that describes itself, with a secret its node must never show.
struct ComposeSheet: Hashable, NodeValueDescribing {
    var draft: String
    var token: String
    var nodeLabel: String { "Compose" }
    var privateAttributeKeys: Set<String> { ["token"] }
}

/// A router of the kind SwiftUI apps hold per tab: a path of values and a sheet value.
@MainActor final class TabRouter: ObservableObject, DeepLinkable {
    @Published var path: [Destination] = []
    @Published var sheet: ComposeSheet?
    var children: [any DeepLinkable] {
        path.map(ValueNode.init)
        sheet.map(ValueNode.init)
    }
}

// A button's call, recorded where an inspector serves the tree (NavigationRecordingTests).
extension TabRouter {
    /// Pushes `destination`, as a button does.
    public func navigate(to destination: Destination) {
        NavigationRecording.record("navigate", destination, by: self) { path.append(destination) }
    }
}

@MainActor
@Suite struct ValueNodeTests {
    static func router(_ path: [Destination], sheet: ComposeSheet? = nil) -> TabRouter {
        let router = TabRouter()
        router.path = path
        router.sheet = sheet
        return router
    }

    @Test func aValueIsANodeOfItsTypeAndCaseWithItsAssociatedValues() {
        let snapshot = TreeSnapshot(
            of: Self.router(
                [.trending, .statusDetail(id: "42"), .tag("swift"), .thread("t1", reply: nil)],
                sheet: ComposeSheet(draft: "hi", token: "s3cret")))
        let nodes = Array(snapshot.nodes.dropFirst())
        #expect(
            nodes.map(\.type) == [
                "Destination.trending", "Destination.statusDetail", "Destination.tag", "Destination.thread",
                "ComposeSheet",
            ])
        #expect(nodes[1].attributes == [.init(key: "id", value: "42")])
        #expect(nodes[2].attributes == [.init(key: "value", value: "swift")])
        #expect(nodes[3].attributes == [.init(key: "0", value: "t1"), .init(key: "reply", value: "nil")])
        #expect(nodes[1].identity == "id=42" && nodes[0].identity == nil)
        #expect(nodes[4].label == "Compose")
        #expect(nodes[4].attributes == [.init(key: "draft", value: "hi"), .init(key: "token", value: "<private>")])
        #expect(nodes[4].identity == "draft=hi", "a private value is never part of the identity")
        #expect(snapshot.root.attribute("sheet") == "ComposeSheet(draft: hi, token: <private>)")
    }

    @Test func aValueIsFoundByItsTypeItsCaseOrBothAndByItsAttributes() {
        let snapshot = TreeSnapshot(of: Self.router([.trending, .statusDetail(id: "7"), .statusDetail(id: "42")]))
        func found(_ name: String, _ where: (TreeSnapshot.Node) -> Bool = { _ in true }) -> [Int] {
            snapshot.search(forName: name, all: true, where: `where`).steps.filter { $0.verdict == .matched }.map(
                \.order)
        }
        #expect(found("Destination") == [1, 2, 3])
        #expect(found("Destination.statusDetail") == [2, 3])
        #expect(found("statusDetail") == [2, 3])
        #expect(found("XTreeLiveTests.Destination.statusDetail") == [2, 3])
        #expect(found("Destination.statusDetail") { $0.attribute("id") == "42" } == [3])
        #expect(found("tail") == [] && found("Destination.tag") == [])
        // An inspector's live view answers `find` as the snapshot does.
        let live = LiveTree(root: Self.router([.trending, .statusDetail(id: "7"), .statusDetail(id: "42")])) {}
        let answer = live.find(
            name: "Destination.statusDetail", conditions: [NodeCondition(key: "id", value: "42")], all: true, shown: 0)
        #expect(answer?.matches.map(\.node.order) == [3])
        #expect(answer?.matches.first?.path.map(\.type) == ["TabRouter", "Destination.statusDetail"])
    }

    /// Ids come from the values, so they are the same for the same path however it was made,
    /// and a destination keeps its id when one before it goes.
    @Test func aValuesIdIsTheSameAcrossTreesAndSurvivesItsSiblingsGoing() {
        let path: [Destination] = [.trending, .statusDetail(id: "42"), .tag("swift")]
        let one = TreeSnapshot(of: Self.router(path))
        let other = TreeSnapshot(of: Self.router(path))
        #expect(one.nodes.map(\.id) == other.nodes.map(\.id))
        let shorter = TreeSnapshot(of: Self.router(Array(path.dropFirst())))
        #expect(Set(shorter.nodes.map(\.id)).isSubset(of: Set(one.nodes.map(\.id))))
        let diff = TreeDiff(from: one, to: shorter)
        #expect(diff.removed.map(\.type) == ["Destination.trending"] && diff.added.isEmpty)
        #expect(diff.changed.map(\.node.type) == ["TabRouter"], "only the router's own path attribute")
        let other42 = TreeSnapshot(of: Self.router([.statusDetail(id: "43")]))
        #expect(other42.nodes[1].id != one.nodes[2].id)
    }

    /// An inspector's live view shows the values as a snapshot does, through every push, pop
    /// and sheet, and its edits are the snapshots' differences.
    @Test func theLiveViewFollowsAPathOfValues() throws {
        let router = Self.router([.trending])
        let live = LiveTree(root: router) {}
        var before = TreeSnapshot(of: router)
        var model = TreeModel(before)
        let changes: [(String, (TabRouter) -> Void)] = [
            ("push", { $0.path.append(.statusDetail(id: "42")) }),
            ("push the same case", { $0.path.append(.statusDetail(id: "43")) }),
            ("pop the first", { $0.path.removeFirst() }),
            ("present", { $0.sheet = ComposeSheet(draft: "a", token: "t") }),
            ("edit the sheet", { $0.sheet?.draft = "ab" }),
            ("replace the path", { $0.path = [.tag("swift"), .tag("swift")] }),
            (
                "dismiss and pop to root",
                {
                    $0.sheet = nil
                    $0.path = []
                }
            ),
        ]
        for (what, change) in changes {
            change(router)
            let update = live.update()
            let after = TreeSnapshot(of: router)
            try model.apply(update.edit)
            #expect(Array(model.snapshot().nodes) == Array(after.nodes), "the edit's tree, \(what)")
            #expect(Array(live.model().snapshot().nodes) == Array(after.nodes), "the view's tree, \(what)")
            let whole = TreeEdit(from: before, to: after)
            #expect(Set(update.edit.added.map(\.id)) == Set(whole.added.map(\.id)), "added, \(what)")
            #expect(Set(update.edit.removed.map(\.id)) == Set(whole.removed.map(\.id)), "removed, \(what)")
            before = after
        }
    }

    /// Where no inspector serves the tree, a recorded call only navigates.
    @Test func aRecordedCallWithNoInspectorOnlyNavigates() {
        let router = Self.router([.trending])
        router.navigate(to: .tag("swift"))
        #expect(router.path == [.trending, .tag("swift")])
    }

    @Test func aSearchTraceNamesAValueByItsTypeAndCase() {
        let router = Self.router([.statusDetail(id: "42")])
        let trace = router.tracingFirstReceiver(as: AnnouncingBox.self).trace
        #expect(trace.steps.map(\.type) == ["TabRouter", "Destination.statusDetail"], "\(trace)")
    }
}

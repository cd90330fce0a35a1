import Testing
import XTree

@testable import XTreeLive

/// A page, named by its label.
@MainActor final class LivePage: ObservableObject, DeepLinkable {
    let title: String
    init(_ title: String) { self.title = title }
    var children: [any DeepLinkable] { [] }
    var nodeLabel: String { title }
    var nodeAttributes: [(key: String, value: String)] { [] }
}

/// A screen below the root, describing itself by default.
@MainActor final class LiveHolder: ObservableObject, DeepLinkable {
    @Published var page: LivePage? = LivePage("Dune")
    var children: [any DeepLinkable] { [page].compactMap { $0 } }
}

/// A root that opts in: the whole tree reads object values by label.
@MainActor final class LiveReader: DeepLinkable, ReadableObjectValues {
    let holder = LiveHolder()
    var children: [any DeepLinkable] { [holder] }
    var nodeAttributes: [(key: String, value: String)] { [] }
}

@MainActor
@Suite struct ReadableObjectValuesLiveTests {
    /// The live view reads object values as a snapshot does, and follows a change.
    @Test func theLiveViewReadsThemAsASnapshotDoes() throws {
        let reader = LiveReader()
        let live = LiveTree(root: reader) {}
        #expect(live.model().snapshot().nodes[1].attribute("page") == "Dune")
        #expect(Array(live.model().snapshot().nodes) == Array(TreeSnapshot(of: reader).nodes))
        reader.holder.page = LivePage("Persuasion")
        _ = live.update()
        #expect(live.model().snapshot().nodes[1].attribute("page") == "Persuasion")
        #expect(Array(live.model().snapshot().nodes) == Array(TreeSnapshot(of: reader).nodes))
    }
}

import Testing
import XTree

// An app's own base class, made a node once in an extension; its subclasses describe themselves
// through registered describers, untouched.
@MainActor private class Base {
    var kids: [Base] = []
}

@MainActor private final class Scene: Base {
    var held = 2
}

@MainActor private class Tab: Base {
    let url: String
    init(_ url: String) { self.url = url }
}

@MainActor private final class PrivateTab: Tab {}

// The second test's own classes: the registry is the process's.
@MainActor private class Sheet: Base {
    let title: String
    init(_ title: String) { self.title = title }
}

@MainActor private final class PinnedSheet: Sheet {}

extension Base: DeepLinkable {
    var nodeAttributes: [(key: String, value: String)] { NodeDescribers.attributes(of: self) ?? [("base", "1")] }
    var children: [any DeepLinkable] { NodeDescribers.children(of: self) ?? kids }
}

@MainActor
@Suite struct NodeDescribersTests {
    @Test func eachSubclassDescribesItselfThroughTheBasesOneConformance() {
        NodeDescribers.register(Scene.self, attributes: { [("held", String($0.held))] })
        NodeDescribers.register(Tab.self, attributes: { [("url", $0.url)] }, children: { _ in [] })
        let scene = Scene()
        let tab = Tab("a.example")
        // A subclass of a registered class takes the nearest describer above it.
        let privateTab = PrivateTab("b.example")
        scene.kids = [tab, privateTab]
        tab.kids = [Base()]
        let snapshot = TreeSnapshot(of: scene)
        #expect(snapshot.nodes.map(\.type) == ["Scene", "Tab", "PrivateTab"])
        #expect(
            snapshot.nodes.map { $0.attributes.map { "\($0.key)=\($0.value)" } } == [
                ["held=2"], ["url=a.example"], ["url=b.example"],
            ])
        // A class nobody registered keeps the base's own description.
        #expect(Base().nodeAttributes.map(\.key) == ["base"])
    }

    /// Parts are found one by one: a subclass that registers only its attributes keeps the
    /// children registered above it, and a second registration replaces only what it gives.
    @Test func partsAreFoundOneByOneAndReplacedOneByOne() {
        NodeDescribers.register(Sheet.self, attributes: { [("title", $0.title)] }, children: { _ in [] })
        NodeDescribers.register(PinnedSheet.self, attributes: { _ in [("pinned", "true")] })
        let pinned = PinnedSheet("c")
        pinned.kids = [Base()]
        #expect(pinned.nodeAttributes.map(\.key) == ["pinned"])
        #expect(pinned.children.isEmpty)
        NodeDescribers.register(Sheet.self, children: { $0.kids })
        #expect(pinned.children.count == 1)
        #expect(Sheet("d").nodeAttributes.map(\.value) == ["d"])
    }
}

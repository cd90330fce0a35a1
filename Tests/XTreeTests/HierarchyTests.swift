import Testing
import XTree

@MainActor final class EveryBuilderForm: DeepLinkable {
    enum Mode { case list, grid, none }

    let single = TestNode("single")
    var optional: TestNode?
    var array: [TestNode] = []
    var existentials: [any DeepLinkable] = []
    var flag = false
    var mode = Mode.none
    var count = 0

    var children: [any DeepLinkable] {
        single
        optional
        array
        existentials
        if flag {
            TestNode("if")
        } else {
            TestNode("else")
        }
        if flag { TestNode("if only") }
        switch mode {
        case .list: TestNode("list")
        case .grid: TestNode("grid")
        case .none: [any DeepLinkable]()
        }
        for index in 0..<count { TestNode("for \(index)") }
        if #available(macOS 10.15, iOS 13, *) {
            TestNode("available")
        }
    }
}

@MainActor
@Suite struct HierarchyTests {
    private func titles(_ node: EveryBuilderForm) -> [String] {
        node.children.map { ($0 as? TestNode)?.title ?? "?" }
    }

    @Test func leafHasNoChildrenByDefault() {
        final class Leaf: DeepLinkable {}
        #expect(Leaf().children.isEmpty)
    }

    @Test func builderSkipsNilAndFalseBranches() {
        #expect(titles(EveryBuilderForm()) == ["single", "else", "available"])
    }

    @Test func builderIncludesEveryForm() {
        let node = EveryBuilderForm()
        node.optional = TestNode("optional")
        node.array = [TestNode("array 0"), TestNode("array 1")]
        node.existentials = [TestNode("existential")]
        node.flag = true
        node.mode = .grid
        node.count = 2
        #expect(
            titles(node) == [
                "single", "optional", "array 0", "array 1", "existential", "if", "if only", "grid", "for 0", "for 1",
                "available",
            ]
        )
        node.mode = .list
        #expect(titles(node).contains("list"))  // availability: an array's contains(_:), of an element
    }
}

@MainActor final class MoreBuilderForms: DeepLinkable {
    var optionalArray: [TestNode]? = [TestNode("optional array")]
    var missingArray: [TestNode]?
    var byID: [Int: TestNode] = [1: TestNode("from values")]
    var stack: [TestNode] = [TestNode("first"), TestNode("middle"), TestNode("last")]
    var empty: [TestNode] = []

    var children: [any DeepLinkable] {
        optionalArray
        missingArray
        byID.values
        [stack.first, stack.last]
        [empty.first]
    }
}

@MainActor
@Suite struct MoreBuilderFormTests {
    @Test func optionalArraysSequencesAndArraysOfOptionalsBuildChildren() {
        let titles = MoreBuilderForms().children.compactMap { ($0 as? TestNode)?.title }
        #expect(titles == ["optional array", "from values", "first", "last"])
    }
}

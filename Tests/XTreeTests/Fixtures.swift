import XTree

/// A screen of the test app: what protocol receivers are searched as.
@MainActor protocol Screen: DeepLinkable {
    var title: String { get }
}

/// A node with a title and a mutable list of children, to build any shape.
@MainActor class TestNode: DeepLinkable {
    var title: String
    var kids: [any DeepLinkable]

    init(_ title: String, _ kids: [any DeepLinkable] = []) {
        self.title = title
        self.kids = kids
    }

    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { title }
    // Declared here so subclasses can override it: a subclass's own declaration would not
    // replace the protocol extension's default, which this class's conformance uses.
    var nodeIdentity: String? { nil }
}

final class Home: TestNode {}
final class ListCoordinator: TestNode, Screen {}
final class ListModel: TestNode, Screen {}
final class DetailModel: TestNode, Screen {}
final class SettingsModel: TestNode {}

/// The recipes app's shape, by hand:
///
///     0 Home
///     ├── 1 ListCoordinator "Vegetarian"
///     │   ├── 4 ListModel "Vegetarian list"
///     │   └── 5 DetailModel "Orange Marmalade"
///     ├── 2 ListCoordinator "Meat"
///     │   └── 6 ListModel "Meat list"
///     └── 3 SettingsModel "Settings"
@MainActor struct RecipesShape {
    let home: Home
    let veggie: ListCoordinator
    let meat: ListCoordinator
    let settings: SettingsModel
    let veggieList: ListModel
    let detail: DetailModel
    let meatList: ListModel

    init() {
        veggieList = ListModel("Vegetarian list")
        detail = DetailModel("Orange Marmalade")
        meatList = ListModel("Meat list")
        veggie = ListCoordinator("Vegetarian", [veggieList, detail])
        meat = ListCoordinator("Meat", [meatList])
        settings = SettingsModel("Settings")
        home = Home("Home", [veggie, meat, settings])
    }
}

/// A chain of `count` nodes, built without recursion.
@MainActor func chain(_ count: Int) -> TestNode {
    let root = TestNode("0")
    var last = root
    for _ in 1..<count {
        let next = TestNode("")
        last.kids = [next]
        last = next
    }
    return root
}

/// Unlinks a chain from the top, so that releasing it does not recurse once per node
/// (Swift releases a chain of strong references recursively).
@MainActor func dismantle(_ root: TestNode) {
    var node = root
    while let next = node.kids.first as? TestNode {
        node.kids = []
        node = next
    }
}

/// A root with `count - 1` leaf children.
@MainActor func star(_ count: Int) -> TestNode {
    TestNode("hub", (1..<count).map { _ in TestNode("") })
}

/// `levels` levels of two nodes each, both linking to both nodes of the next level: the
/// number of paths doubles at every level, the number of objects only grows by two.
@MainActor func doublingDAG(levels: Int) -> (root: TestNode, objects: Int) {
    let root = TestNode("root")
    var level = [TestNode("a0"), TestNode("b0")]
    root.kids = level
    for index in 1..<levels {
        let next = [TestNode("a\(index)"), TestNode("b\(index)")]
        for node in level { node.kids = next }
        level = next
    }
    return (root, 1 + 2 * levels)
}

/// Counts what a renderer writes without keeping it.
struct CountingStream: TextOutputStream {
    var bytes = 0
    var lines = 0
    var lastLine = ""

    mutating func write(_ string: String) {
        bytes += string.utf8.count
        for byte in string.utf8 where byte == UInt8(ascii: "\n") { lines += 1 }
        if string.hasSuffix("\n") { lastLine = string }
    }
}

import Foundation
import XTree
import XTreeSupport

/// The tree every input is an edit of: a root with two children, the first with two of its own.
/// Made for each input: a global's lazily made columns look like a leak to LeakSanitizer.
func makeBase() -> TreeSnapshot {
    func node(_ id: String, _ order: Int, parent: Int?, _ children: [Int], depth: Int) -> TreeSnapshot.Node {
        TreeSnapshot.Node(
            id: id, type: "Box", label: id.uppercased(), attributes: [.init(key: "k", value: id)], depth: depth,
            order: order, parent: parent, links: children.map { TreeSnapshot.Link(kind: .child, node: $0) },
            names: ["Box"])
    }
    return try! TreeSnapshot(nodes: [
        node("root", 0, parent: nil, [1, 2], depth: 0), node("a", 1, parent: 0, [3, 4], depth: 1),
        node("b", 2, parent: 0, [], depth: 1), node("c", 3, parent: 1, [], depth: 2),
        node("d", 4, parent: 1, [], depth: 2),
    ])
}

/// libFuzzer entry point: arbitrary bytes as a tree edit, as a client reads one from an app
/// and applies it to the tree it holds.
///
/// Besides "no crash", it checks that an edit either applies to a tree that is a valid
/// snapshot, which the edit's inverse takes back to exactly the tree before, or is refused
/// with a message and leaves the tree as it was.
@_cdecl("LLVMFuzzerTestOneInput")
public func editFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard DecodingProblem.strictProblem(in: data) == nil,
        let edit = try? JSONDecoder().decode(TreeEdit.self, from: data)
    else { return 0 }
    let base = makeBase()
    var model = TreeModel(base)
    do {
        try model.apply(edit)
        let after = model.snapshot()
        guard (try? TreeSnapshot(nodes: Array(after.nodes))) != nil else {
            fatalError("an edit made an invalid tree")
        }
        try model.apply(edit.inverted)
        guard Array(model.snapshot().nodes) == Array(base.nodes) else {
            fatalError("the inverse did not undo the edit")
        }
    } catch {
        guard !error.description.isEmpty else { fatalError("a refusal without a message") }
        guard Array(model.snapshot().nodes) == Array(base.nodes) else { fatalError("a refused edit changed the tree") }
    }
    return 0
}

import Testing
import XTree

/// Edits applied to a tree: the right ones give the tree after, and undo exactly; every kind
/// of edit that does not fit is refused with what is wrong, and changes nothing.
@Suite struct TreeEditTests {
    /// A root with two children, the first with two of its own.
    static let base: TreeSnapshot = {
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
    }()

    static func box(_ id: String, label: String? = nil) -> TreeEdit.Node {
        TreeEdit.Node(
            id: id, type: "Box", label: label ?? id.uppercased(), attributes: [.init(key: "k", value: id)],
            names: ["Box"], identity: nil)
    }

    static func splice(_ parent: String, _ index: Int, _ removed: [String], _ inserted: [String]) -> TreeEdit.Splice {
        TreeEdit.Splice(parent: parent, index: index, removed: removed, inserted: inserted)
    }

    @Test func anEditMadeFromTwoTreesLeadsFromOneToTheOtherAndBack() throws {
        // b gets c, which leaves a; a new e goes first under the root; d is renamed.
        var nodes = Array(Self.base.nodes)
        nodes[4].label = "Dee"
        let after = try TreeSnapshot(
            nodes: [
                .init(
                    id: "root", type: "Box", label: "ROOT", attributes: [.init(key: "k", value: "root")], depth: 0,
                    order: 0, parent: nil,
                    links: [.init(kind: .child, node: 1), .init(kind: .child, node: 2), .init(kind: .child, node: 3)],
                    names: ["Box"]),
                .init(
                    id: "e", type: "Box", label: "E", attributes: [], depth: 1, order: 1, parent: 0, links: [],
                    names: ["Box"]),
                .init(
                    id: "a", type: "Box", label: "A", attributes: [.init(key: "k", value: "a")], depth: 1, order: 2,
                    parent: 0, links: [.init(kind: .child, node: 4)], names: ["Box"]),
                .init(
                    id: "b", type: "Box", label: "B", attributes: [.init(key: "k", value: "b")], depth: 1, order: 3,
                    parent: 0, links: [.init(kind: .child, node: 5)], names: ["Box"]),
                .init(
                    id: "d", type: "Box", label: "Dee", attributes: [.init(key: "k", value: "d")], depth: 2, order: 4,
                    parent: 2, links: [], names: ["Box"]),
                .init(
                    id: "c", type: "Box", label: "C", attributes: [.init(key: "k", value: "c")], depth: 2, order: 5,
                    parent: 3, links: [], names: ["Box"]),
            ])
        let edit = TreeEdit(from: Self.base, to: after)
        #expect(edit.added.map(\.id) == ["e"])
        #expect(edit.removed.isEmpty)
        #expect(edit.changed.map(\.new.label) == ["Dee"])
        #expect(Array(try Self.base.applying(edit).nodes) == Array(after.nodes))
        #expect(Array(try after.applying(edit.inverted).nodes) == Array(Self.base.nodes))
        // By ids: each id's node is where the edit puts it, whatever its number.
        #expect(Array(try Self.base.applying(edit).nodes).map(\.order) == [0, 1, 2, 3, 4, 5])
    }

    /// Each row: an edit of ``base`` and what the refusal says.
    static let refused: [(TreeEdit, String)] = [
        (TreeEdit(added: [], removed: [box("zz")], changed: [], splices: []), "the removed node zz is not in the tree"),
        (
            TreeEdit(added: [], removed: [box("b", label: "other")], changed: [], splices: []),
            "the removed node b is not described as the tree has it"
        ),
        (TreeEdit(added: [], removed: [box("b")], changed: [], splices: []), "the removed node b is still in the tree"),
        (
            TreeEdit(added: [], removed: [box("b"), box("b")], changed: [], splices: [splice("root", 1, ["b"], [])]),
            "node b is removed twice"
        ),
        (
            TreeEdit(added: [box("a")], removed: [], changed: [], splices: []),
            "the added node a is already in the tree or added twice"
        ),
        (
            TreeEdit(added: [box("e")], removed: [], changed: [], splices: []),
            "added nodes are not reachable from the root"
        ),
        (
            TreeEdit(
                added: [box("e"), box("f")], removed: [], changed: [],
                splices: [splice("e", 0, [], ["f"]), splice("f", 0, [], ["e"])]),
            "added nodes are not reachable from the root"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", 0, ["b"], [])]),
            "a splice of root's children does not match them"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", 3, [], [])]),
            "a splice of root's children does not match them"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", Int.max, [], [])]),
            "a splice of root's children does not match them"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", Int.max, ["a"], [])]),
            "a splice of root's children does not match them"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", Int.min, [], [])]),
            "a splice of root's children does not match them"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", 1, ["b", "b"], [])]),
            "a splice of root's children does not match them"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", -1, [], [])]),
            "a splice of root's children does not match them"
        ),
        // a leaves its parent's list with c and d still its children: they would be orphans.
        (
            TreeEdit(added: [], removed: [box("a")], changed: [], splices: [splice("root", 0, ["a"], [])]),
            "the removed node a is still in the tree"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("b", 0, [], ["zz"])]),
            "a splice inserts zz, which is not in the tree"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("zz", 0, [], [])]),
            "a splice names the parent zz, which is not in the tree"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [], splices: [splice("root", 1, ["b"], [])]),
            "node b is left in no list"
        ),
        // a moved under its own child: reachable from nothing.
        (
            TreeEdit(
                added: [], removed: [], changed: [], splices: [splice("root", 0, ["a"], []), splice("c", 0, [], ["a"])]),
            "3 nodes are not reachable from the root"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [.init(old: box("b"), new: box("c"))], splices: []),
            "node b is changed twice, or removed and changed"
        ),
        (
            TreeEdit(added: [], removed: [], changed: [.init(old: box("b", label: "x"), new: box("b"))], splices: []),
            "the changed node b is not described as the tree has it"
        ),
        (
            TreeEdit(added: [box("e")], removed: [], changed: [], splices: [], root: .init(old: "a", new: "e")),
            "the root's change does not name the root and an added node"
        ),
    ]

    @Test(arguments: refused)
    func anEditThatDoesNotFitIsRefusedAndChangesNothing(edit: TreeEdit, message: String) {
        var model = TreeModel(Self.base)
        #expect(throws: TreeEditError(message)) { try model.apply(edit) }
        #expect(Array(model.snapshot().nodes) == Array(Self.base.nodes))
    }
}

import Observation
import Testing
import XTree

@testable import XTreeLive

/// A node that announces through `objectWillChange`.
@MainActor final class AnnouncingBox: ObservableObject, DeepLinkable {
    @Published var name: String
    @Published var value = 0
    @Published var tag: String?
    @Published var kids: [any DeepLinkable] = []
    init(_ name: String) { self.name = name }
    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { name }
    var nodeAttributes: [String: String] { ["value": String(value)] }
    var nodeIdentity: String? { tag }
}

/// A node that cannot announce: it changes silently.
@MainActor final class QuietBox: DeepLinkable {
    var name: String
    var value = 0
    var tag: String?
    var kids: [any DeepLinkable] = []
    init(_ name: String) { self.name = name }
    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { name }
    var nodeAttributes: [String: String] { ["value": String(value)] }
    var nodeIdentity: String? { tag }
}

/// A node that announces through Observation.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable final class ObservedBox: DeepLinkable {
    var name: String
    var value = 0
    var tag: String?
    var kids: [any DeepLinkable] = []
    init(_ name: String) { self.name = name }
    var children: [any DeepLinkable] { kids }
    var nodeLabel: String { name }
    var nodeAttributes: [String: String] { ["value": String(value)] }
    var nodeIdentity: String? { tag }
}

/// SplitMix64: the same numbers for the same seed, everywhere.
struct SeededNumbers: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The kinds of nodes a tree of the test is made of.
enum BoxKinds: String, CaseIterable, Sendable {
    case announcing, quiet, observed, mixed
}

/// A live tree of boxes, changed at random as an app changes its own.
@MainActor
struct RandomTree {
    let kinds: BoxKinds
    var numbers: SeededNumbers
    let root: AnnouncingBox
    private var made = 0

    init(kinds: BoxKinds, seed: UInt64, size: Int) {
        self.kinds = kinds
        numbers = SeededNumbers(state: seed)
        root = AnnouncingBox("root")
        for _ in 0..<size { insert() }
    }

    mutating func box() -> any DeepLinkable {
        made += 1
        let name = ["Home", "List", "Row", "Sheet"][Int(numbers.next() % 4)] + String(made)
        var kind = kinds
        if kind == .mixed { kind = [.announcing, .quiet, .observed][Int(numbers.next() % 3)] }
        switch kind {
        case .quiet: return QuietBox(name)
        case .observed:
            if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { return ObservedBox(name) }
            return QuietBox(name)
        default: return AnnouncingBox(name)
        }
    }

    /// Every box in the tree, breadth first.
    var boxes: [any DeepLinkable] {
        var all: [any DeepLinkable] = [root]
        var next = 0
        while next < all.count {
            all += all[next].children
            next += 1
        }
        return all
    }

    mutating func pick() -> any DeepLinkable {
        let all = boxes
        return all[Int(numbers.next() % UInt64(all.count))]
    }

    mutating func insert() {
        let parent = pick()
        var kids = Self.kids(of: parent)
        kids.insert(box(), at: Int(numbers.next() % UInt64(kids.count + 1)))
        Self.set(kids, of: parent)
    }

    /// One change an app could make, chosen at random.
    mutating func change() -> String {
        let node = pick()
        var kids = Self.kids(of: node)
        switch numbers.next() % 9 {
        case 0, 1:
            Self.setValue(Int(numbers.next() % 5), of: node)
            return "a value"
        case 2:
            insert()
            return "a new child"
        case 3 where !kids.isEmpty:
            kids.remove(at: Int(numbers.next() % UInt64(kids.count)))
            Self.set(kids, of: node)
            return "a removed child"
        case 4 where kids.count > 1:
            kids.append(kids.removeFirst())
            Self.set(kids, of: node)
            return "a moved child"
        case 5 where !kids.isEmpty:
            // Another object of the same type in the same place: the same id.
            let index = Int(numbers.next() % UInt64(kids.count))
            kids[index] = Self.copy(kids[index])
            Self.set(kids, of: node)
            return "a replaced child"
        case 6 where node !== root:
            Self.setTag(numbers.next() % 2 == 0 ? nil : "t\(numbers.next() % 3)", of: node)
            return "an identity"
        case 7 where !kids.isEmpty:
            // To another parent, which only a full walk follows.
            let moved = kids.remove(at: 0)
            Self.set(kids, of: node)
            let others = boxes.filter { candidate in
                !Self.isInside(candidate, moved) && candidate !== node
            }
            guard !others.isEmpty else {
                Self.set(kids + [moved], of: node)
                return "nothing"
            }
            let target = others[Int(numbers.next() % UInt64(others.count))]
            Self.set(Self.kids(of: target) + [moved], of: target)
            return "a child moved to another parent"
        case 8:
            Self.setName("renamed\(numbers.next() % 100)", of: node)
            return "a label"
        default:
            return "nothing"
        }
    }

    static func isInside(_ node: any DeepLinkable, _ subtree: any DeepLinkable) -> Bool {
        if node === subtree { return true }
        return subtree.children.contains { isInside(node, $0) }
    }

    static func kids(of node: any DeepLinkable) -> [any DeepLinkable] { node.children }

    static func set(_ kids: [any DeepLinkable], of node: any DeepLinkable) {
        if let box = node as? AnnouncingBox { box.kids = kids }
        if let box = node as? QuietBox { box.kids = kids }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let box = node as? ObservedBox { box.kids = kids }
    }

    static func setValue(_ value: Int, of node: any DeepLinkable) {
        if let box = node as? AnnouncingBox { box.value = value }
        if let box = node as? QuietBox { box.value = value }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let box = node as? ObservedBox { box.value = value }
    }

    static func setName(_ name: String, of node: any DeepLinkable) {
        if let box = node as? AnnouncingBox { box.name = name }
        if let box = node as? QuietBox { box.name = name }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let box = node as? ObservedBox { box.name = name }
    }

    static func setTag(_ tag: String?, of node: any DeepLinkable) {
        if let box = node as? AnnouncingBox { box.tag = tag }
        if let box = node as? QuietBox { box.tag = tag }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let box = node as? ObservedBox { box.tag = tag }
    }

    /// A new object of the same type and description, without children.
    static func copy(_ node: any DeepLinkable) -> any DeepLinkable {
        if let box = node as? AnnouncingBox {
            let copy = AnnouncingBox(box.name)
            copy.value = box.value
            copy.tag = box.tag
            return copy
        }
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), let box = node as? ObservedBox {
            let copy = ObservedBox(box.name)
            copy.value = box.value
            copy.tag = box.tag
            return copy
        }
        let box = node as! QuietBox
        let copy = QuietBox(box.name)
        copy.value = box.value
        copy.tag = box.tag
        return copy
    }
}

/// The live view against full snapshots: after every change, the edit the view made takes the
/// tree before to exactly the tree a full snapshot finds, names the same nodes as a whole-tree
/// comparison does, and the view itself is that tree.
@MainActor
@Suite struct LiveTreeTests {
    @Test(arguments: BoxKinds.allCases, [1, 2, 3, 4, 5] as [UInt64])
    func theViewsEditsFollowEveryChangeExactly(kinds: BoxKinds, seed: UInt64) throws {
        var tree = RandomTree(kinds: kinds, seed: seed, size: 12)
        let live = LiveTree(root: tree.root) {}
        var before = TreeSnapshot(of: tree.root)
        var model = TreeModel(before)
        for step in 0..<60 {
            let what = tree.change()
            let update = live.update()
            let after = TreeSnapshot(of: tree.root)
            let context = "\(kinds) seed \(seed) step \(step): \(what)"
            // Only a move to another parent needs the whole tree walked.
            #expect(update.rebuilt == (what == "a child moved to another parent"), "a full walk, \(context)")
            try model.apply(update.edit)
            #expect(Array(model.snapshot().nodes) == Array(after.nodes), "the edit's tree, \(context)")
            #expect(Array(live.model().snapshot().nodes) == Array(after.nodes), "the view's tree, \(context)")
            let whole = TreeEdit(from: before, to: after)
            #expect(Array(try before.applying(whole).nodes) == Array(after.nodes), "the whole edit, \(context)")
            #expect(Array(try after.applying(whole.inverted).nodes) == Array(before.nodes), "undone, \(context)")
            #expect(Set(update.edit.added.map(\.id)) == Set(whole.added.map(\.id)), "added, \(context)")
            #expect(Set(update.edit.removed.map(\.id)) == Set(whole.removed.map(\.id)), "removed, \(context)")
            #expect(Set(update.edit.changed.map(\.new.id)) == Set(whole.changed.map(\.new.id)), "changed, \(context)")
            before = after
        }
    }
}

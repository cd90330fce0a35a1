import Observation
import Testing
import XTree
import XTreeReachability

// Fixtures that hold children in every way the audit reads, some of them forgotten.

@MainActor private final class Leaf: DeepLinkable {
    let name: String
    init(_ name: String) { self.name = name }
    var nodeLabel: String { name }
}

private enum Sheet {
    case none
    case showing(Leaf)
}

private struct Panel {
    var leaf: Leaf
    var count = 1
}

@MainActor private final class Holder: ObservableObject, DeepLinkable {
    // Listed.
    let listed = Leaf("listed")
    weak var parent: Holder?
    // Forgotten, one per way of holding.
    var optional: Leaf? = Leaf("optional")
    var array = [Leaf("array 0"), Leaf("array 1")]
    var dictionary = ["k": Leaf("dictionary")]
    var sheet = Sheet.showing(Leaf("enum payload"))
    var panel = Panel(leaf: Leaf("struct field"))
    var pair = (1, Leaf("tuple"))
    @Published var published: Leaf? = Leaf("published")
    @Store var stored: any AnyObservableObject = StoredModel()
    // A service is not a node's to list: what it holds is not reported.
    let service = Service()

    var children: [any DeepLinkable] {
        listed
        parent
    }
}

@MainActor private final class StoredModel: ObservableObject, ViewModel {}

@MainActor private final class Service {
    let cached = Leaf("in a service")
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable private final class ObservedHolder: DeepLinkable {
    var screen: Leaf? = Leaf("observable")
}

@MainActor private final class SharedScreen: DeepLinkable {
    var byDesign = false
    var isSharedByDesign: Bool { byDesign }
}

@MainActor private final class Parent: DeepLinkable {
    let kids: [any DeepLinkable]
    init(_ kids: [any DeepLinkable]) { self.kids = kids }
    var children: [any DeepLinkable] { kids }
}

/// A coordinator protocol of an app's own, whose conformers are not all nodes.
@MainActor private protocol Coordinator: AnyObject {}
@MainActor private final class TabCoordinator: Coordinator, DeepLinkable {}
@MainActor private final class SettingsCoordinator: Coordinator {}
@MainActor private final class Browser: DeepLinkable {
    var childCoordinators: [any Coordinator] = [TabCoordinator(), SettingsCoordinator(), TabCoordinator()]
    /// Only the conforming ones can be listed.
    var children: [any DeepLinkable] { childCoordinators.compactMap { $0 as? any DeepLinkable } }
    // Values of other kinds beside nodes are not objects a search could reach.
    var mixed: [Any] = [1, "two"]
}

@MainActor
@Suite struct ChildrenAuditTests {
    /// Children of another kind are reported, never dropped silently; plain objects in a
    /// collection without nodes (services, values) are not.
    @Test func anObjectOfAnotherKindAmongChildrenIsAProblem() {
        let browser = Browser()
        let audit = browser.auditChildren()
        #expect(audit.findings.map(\.kind) == [.unconforming])
        #expect(audit.problems.count == 1)
        #expect(
            audit.problems.first?.description
                == "0 Browser holds SettingsCoordinator in \"childCoordinators[1]\" among DeepLinkable objects, but it "
                + "is not DeepLinkable: no search reaches it")
        #expect(
            "\(audit)".hasSuffix(
                "conform each object of another kind to DeepLinkable, or keep it out of its owner's nodes\n"))
        browser.childCoordinators.remove(at: 1)
        #expect(browser.auditChildren().findings.isEmpty)
    }

    @Test func findsAForgottenChildInEveryWayAPropertyCanHoldIt() {
        let root = Holder()
        let child = Holder()
        child.parent = root
        let audit = Parent([root]).auditChildren()
        let unlisted = audit.problems.map {
            "\($0.owner.last?.order ?? -1) \($0.property ?? "") \($0.object?.label ?? "")"
        }
        #expect(
            unlisted == [
                "1 optional optional",
                "1 array[0] array 0",
                "1 array[1] array 1",
                "1 dictionary[\"k\"] dictionary",
                "1 sheet.showing enum payload",
                "1 panel.leaf struct field",
                "1 pair.1 tuple",
                "1 published published",
                "1 stored ",
            ]
        )
        #expect(audit.findings.allSatisfy { $0.kind == .unlisted })
        #expect(
            audit.problems[0].description
                == "0 Parent > 1 Holder holds Leaf \"optional\" in \"optional\" but does not list it, and nothing else in the tree does"
        )
    }

    @Test func objectsInTheTreeAreNotFindingsHoweverTheyAreHeld() {
        let root = Holder()
        // Everything the holder stores is now listed somewhere (the stored model too).
        let stored = root.stored as? StoredModel
        var everything: [any DeepLinkable] = [root]
        everything += [root.optional!, root.dictionary["k"]!, root.panel.leaf, root.pair.1, root.published!]
        everything += root.array
        if case .showing(let leaf) = root.sheet { everything.append(leaf) }
        if let stored { everything.append(stored) }
        #expect(Parent(everything).auditChildren().findings.isEmpty)
        #expect("\(Parent(everything).auditChildren())" == "every held object is listed\n")
    }

    @Test func readsTheStorageOfObservableClasses() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let audit = ObservedHolder().auditChildren()
        #expect(audit.problems.map(\.property) == ["screen"])
    }

    @Test func reportsObjectsListedByTwoParentsUnlessSharedByDesign() {
        let shared = SharedScreen()
        let root = Parent([Parent([shared]), Parent([shared])])
        let audit = root.auditChildren()
        #expect(audit.problems.isEmpty)
        #expect(audit.findings.map(\.kind) == [.shared])
        #expect(
            audit.findings[0].description
                == "3 SharedScreen #afqpca80 is listed by 0 Parent > 2 Parent and first by 0 Parent > 1 Parent")
        shared.byDesign = true
        #expect(root.auditChildren().findings.isEmpty)
    }

    @Test func stopsAtTheValueLimitAndSaysWhere() {
        let root = Holder()
        root.array = (0..<50).map { Leaf("\($0)") }
        let audit = Parent([root]).auditChildren(valueLimit: 20)
        let incomplete = audit.findings.filter { $0.kind == .incomplete }
        #expect(incomplete.count == 1)
        #expect(incomplete.first?.owner.map(\.type) == ["Parent", "Holder"])
        #expect(audit.problems.count < 20)
    }
}

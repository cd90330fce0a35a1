import Testing
import XTree

@MainActor protocol SheetModel: ViewModel {
    var title: String { get set }
}

@MainActor final class DefaultSheetModel: ObservableObject, SheetModel {
    @Published var title: String
    init(_ title: String) { self.title = title }
}

/// A coordinator that presents a sheet and pushes a stack of protocol-typed models.
@MainActor final class PresentingCoordinator: ObservableObject, ViewModel {
    @Published var sheet: (any SheetModel)?
    @Published var stack: [any SheetModel] = []

    var sheetBinding: Binding<(any SheetModel)?> {
        Binding(get: { @MainActor in self.sheet }, set: { @MainActor in self.sheet = $0 })
    }

    var stackBinding: Binding<[any SheetModel]> {
        Binding(get: { @MainActor in self.stack }, set: { @MainActor in self.stack = $0 })
    }
}

/// What SwiftUI's item-based presentation and navigation stacks need of protocol-typed
/// models, tested without SwiftUI: identity, and writing the UI's changes back.
@MainActor
@Suite struct PresentationTests {
    @Test func aModelsIdentityIsItsObjectsAndSurvivesItsChanges() {
        let model = DefaultSheetModel("a")
        let identity = ModelIdentity(model as any SheetModel)
        #expect(identity.id == ObjectIdentifier(model))
        model.title = "b"
        #expect(ModelIdentity(model as any SheetModel) == identity)
        #expect(ModelIdentity(model as any SheetModel).hashValue == identity.hashValue)
        #expect(ModelIdentity(DefaultSheetModel("a") as any SheetModel) != identity)
    }

    @Test func aDismissalWritesNilBackAndAReplacementIsANewItem() {
        let coordinator = PresentingCoordinator()
        let item = coordinator.sheetBinding.identified()
        #expect(item.wrappedValue == nil)
        let first = DefaultSheetModel("first")
        coordinator.sheet = first
        #expect(item.wrappedValue?.id == ObjectIdentifier(first))
        let second = DefaultSheetModel("second")
        coordinator.sheet = second
        #expect(item.wrappedValue?.id == ObjectIdentifier(second))
        item.wrappedValue = nil
        #expect(coordinator.sheet == nil)
        item.wrappedValue = ModelIdentity(first)
        #expect(coordinator.sheet === first)
    }

    @Test func aPopInTheUIRemovesTheModelsAndAppendedModelsArePushed() {
        let coordinator = PresentingCoordinator()
        let models = ["a", "b", "c"].map { DefaultSheetModel($0) }
        coordinator.stack = models
        let path = coordinator.stackBinding.identifiedStack()
        #expect(path.wrappedValue.map(\.id) == models.map(ObjectIdentifier.init))
        path.wrappedValue = Array(path.wrappedValue.prefix(1))
        #expect(coordinator.stack.map(ObjectIdentifier.init) == [ObjectIdentifier(models[0])])
        let pushed = DefaultSheetModel("d")
        coordinator.stack.append(pushed)
        #expect(path.wrappedValue.map(\.id) == [ObjectIdentifier(models[0]), ObjectIdentifier(pushed)])
        path.wrappedValue = []
        #expect(coordinator.stack.isEmpty)
    }
}

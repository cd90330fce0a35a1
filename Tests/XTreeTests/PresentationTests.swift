import Foundation
import Observation
import Testing
import XTree

@MainActor protocol SheetModel: ViewModel {
    var title: String { get set }
}

@MainActor final class DefaultSheetModel: ObservableObject, SheetModel {
    @Published var title: String
    init(_ title: String) { self.title = title }
}

/// A destination as a SwiftUI-native app's navigation path holds it.
enum ValueDestination: Hashable, Sendable { case home }

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

/// A coordinator observed through the Observation framework, as `@Bindable` binds to.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor @Observable final class ObservedPresentingCoordinator {
    var sheet: (any SheetModel)?

    var sheetBinding: Binding<(any SheetModel)?> {
        Binding(get: { @MainActor in self.sheet }, set: { @MainActor in self.sheet = $0 })
    }
}

/// Counts Observation's change calls, which come on the thread that makes the change (here
/// the test's).
final class Announcements: @unchecked Sendable {
    var count = 0
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

    /// A value wrapped by mistake (a SwiftUI-native app's destination) ends the process with
    /// what to do instead: Swift cannot refuse it when the code is compiled.
    @Test func aValueIsRefusedWithWhatToDoInstead() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ModelIdentity(ValueDestination.home)
        }
        let message = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(message.range(of: "a value is its own identity") != nil, "\(message)")
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

    @Test func writingTheObjectTheCoordinatorHoldsAnnouncesNothing() {
        let coordinator = PresentingCoordinator()
        let model = DefaultSheetModel("a")
        coordinator.sheet = model
        coordinator.stack = [model, DefaultSheetModel("b")]
        var changes = 0
        let subscription = coordinator.objectWillChange.sink { _ in changes += 1 }
        let item = coordinator.sheetBinding.identified()
        item.wrappedValue = item.wrappedValue
        item.wrappedValue = ModelIdentity(model as any SheetModel)
        let path = coordinator.stackBinding.identifiedStack()
        path.wrappedValue = path.wrappedValue
        #expect(changes == 0)
        path.wrappedValue = Array(path.wrappedValue.reversed())
        #expect(changes == 1)
        item.wrappedValue = nil
        #expect(changes == 2)
        subscription.cancel()
    }

    @Test func aReorderedOrReplacedPathIsWrittenBack() {
        let coordinator = PresentingCoordinator()
        let (a, b, c) = (DefaultSheetModel("a"), DefaultSheetModel("b"), DefaultSheetModel("c"))
        coordinator.stack = [a, b]
        let path = coordinator.stackBinding.identifiedStack()
        path.wrappedValue = [ModelIdentity(b as any SheetModel), ModelIdentity(a as any SheetModel)]
        #expect(coordinator.stack.map(ObjectIdentifier.init) == [ObjectIdentifier(b), ObjectIdentifier(a)])
        path.wrappedValue = [ModelIdentity(b as any SheetModel), ModelIdentity(c as any SheetModel)]
        #expect(coordinator.stack.map(ObjectIdentifier.init) == [ObjectIdentifier(b), ObjectIdentifier(c)])
    }

    @Test func anObservableCoordinatorTakesTheDismissalAndAnnouncesIt() {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let coordinator = ObservedPresentingCoordinator()
        let model = DefaultSheetModel("a")
        coordinator.sheet = model
        let item = coordinator.sheetBinding.identified()
        #expect(item.wrappedValue?.id == ObjectIdentifier(model))
        let announced = Announcements()
        withObservationTracking {
            _ = coordinator.sheet
        } onChange: {
            announced.count += 1
        }
        item.wrappedValue = ModelIdentity(model as any SheetModel)
        #expect(announced.count == 0)
        item.wrappedValue = nil
        #expect(announced.count == 1)
        #expect(coordinator.sheet == nil)
    }
}

import Testing
import XTree

// The listing of "Observing protocol-typed view models".

@MainActor protocol TallyModel: ViewModel {
    var count: Int { get set }
}

@MainActor final class DefaultTally: ObservableObject, TallyModel {
    @Published var count = 0  // no hand-written objectWillChange
}

@MainActor func changesOfOneIncrement() -> Int {
    @Store var model: any TallyModel = DefaultTally()
    var changes = 0
    let subscription = $model.objectWillChange.sink { _ in changes += 1 }
    $model.count.wrappedValue += 1  // a Binding<Int> to the model's count
    subscription.cancel()
    return changes
}

@MainActor
@Suite struct ArticleExampleTests {
    @Test func oneIncrementThroughTheStoreIsOneChange() {
        #expect(changesOfOneIncrement() == 1)
    }

    @Test func aTallyIsFoundThroughItsProtocol() {
        let tally = DefaultTally()
        tally.count = 3
        #expect(tally.firstReceiver(as: (any TallyModel).self)?.count == 3)
    }
}

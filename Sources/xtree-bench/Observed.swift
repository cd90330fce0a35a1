import XTree

/// A view model as the README writes one: `@Published` and the synthesised publisher.
@MainActor final class ObservedCounter: ObservableObject {
    @Published var count = 0
    var plain = 0
}

/// Nanoseconds per operation of observation: a `@Published` set with no subscriber and with
/// one, a plain stored property set for reference, and a read of `objectWillChange`.
@MainActor
func measureObservation(minimumRuns: Int, minimumTime: Double) async -> [(name: String, nanoseconds: Double)] {
    let repetitions = 10_000
    func perOperation(_ body: @escaping @MainActor (Int) -> Void) async -> Double {
        await medianNanoseconds(minimumRuns: minimumRuns, minimumTime: minimumTime) {
            for value in 0..<repetitions { body(value) }
        } / Double(repetitions)
    }
    let quiet = ObservedCounter()
    let plain = await perOperation { quiet.plain = $0 }
    consume(quiet.plain)
    let unobserved = await perOperation { quiet.count = $0 }
    let observed = ObservedCounter()
    var fired = 0
    let subscription = observed.objectWillChange.sink { fired &+= 1 }
    let oneSubscriber = await perOperation { observed.count = $0 }
    let read = await perOperation { _ in consume(observed.objectWillChange) }
    subscription.cancel()
    consume(fired)
    return [
        ("plain stored property set", plain), ("@Published set, never observed", unobserved),
        ("@Published set, one subscriber", oneSubscriber), ("objectWillChange read", read),
    ]
}

import XTreeObservation

/// A screen whose user produces a value that a flow awaits: stars picked, a comment written,
/// an order confirmed.
///
/// A flow presents the screen with ``FlowNavigator/present(_:)`` and continues with
/// ``FlowStep/then(_:)`` once the screen submits through its ``outlet``:
///
/// ```swift
/// @MainActor final class StarsScreen: ObservableObject, FlowScreen {
///     let outlet = FlowOutlet<Int>()
///     func choose(_ stars: Int) { outlet.submit(stars) }
/// }
/// ```
@MainActor
public protocol FlowScreen: ViewModel {
    /// What the screen produces.
    associatedtype Output: Sendable
    /// Where the screen sends what its user entered.
    var outlet: FlowOutlet<Output> { get }
}

/// Where a ``FlowScreen`` submits its output to the flow step that presented it.
///
/// Each submission runs the rest of the flow with the value. A submission after the user went
/// back to the screen cancels the rest of the flow that ran with the previous value, then runs
/// it again. A submission while no step listens (before the screen is presented, or after its
/// step ended) is ignored: a screen still on view while its flow is dismissed changes nothing.
@MainActor
public final class FlowOutlet<Output: Sendable> {
    private var receiver: ((Output) -> Void)?

    /// Creates an outlet no step listens to yet.
    public init() {}

    /// Sends `output` to the step listening, if any.
    public func submit(_ output: Output) {
        receiver?(output)
    }

    /// Whether a step listens: the screen is presented and its step runs.
    public var isConnected: Bool { receiver != nil }

    func connect(_ receiver: @escaping (Output) -> Void) {
        self.receiver = receiver
    }

    func disconnect() {
        receiver = nil
    }
}

import XTreeObservation

/// Runs a multi-step flow written as an async function, and holds the screens it presents
/// as its ``children``, so that search, deep links, snapshots and inspectors see where the
/// flow is.
///
/// A flow is a function of the navigator. Each step presents a screen and continues with what
/// the user entered there; branches are `if` and `switch`, and sub-flows are functions:
///
/// ```swift
/// func rate(_ recipe: String, on flow: FlowNavigator) async throws -> Review {
///     try await flow.present(StarsScreen()).then { stars in
///         if stars == 5 {
///             return try await flow.present(ConfirmScreen(stars, "")).then { Review(stars, "") }
///         }
///         return try await flow.present(CommentScreen()).then { comment in
///             try await flow.present(ConfirmScreen(stars, comment)).then { Review(stars, comment) }
///         }
///     }
/// }
/// let review = try await navigator.run { try await rate("soup", on: $0) }.value
/// ```
///
/// The screens are a stack, the first at the bottom. A screen stays on it while the rest of
/// the flow after it runs. Going back (the UI writes a shorter ``screens``) leaves the steps
/// below running: when the screen now on top submits again, the rest of the flow after it is
/// cancelled, its screens removed, and it runs again with the new value. Leaving the flow
/// (``screens`` emptied, or ``cancel()``) cancels the flow's task and removes its screens.
@MainActor
public final class FlowNavigator: ObservableObject, ViewModel {
    /// How far a flow has come.
    public enum State: Equatable, Sendable {
        /// No flow was run.
        case notStarted
        /// The flow's task runs.
        case running
        /// The flow returned a value.
        case finished
        /// The flow threw an error other than cancellation; its description.
        case failed(String)
        /// The flow was cancelled: left by the user, or by ``cancel()``.
        case cancelled
    }

    /// The flow's name, shown as its label.
    public let name: String
    /// How far the flow has come.
    @Published public private(set) var state = State.notStarted
    @Published private var stack: [any ViewModel] = []

    private var cancelRun: (() -> Void)?
    private var runNumber = 0
    /// Tasks of the flow that run now: not waiting for a screen's submission, and not ended.
    private var runnable = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// Runs cancelled whose task has not ended: each counts as runnable until it has unwound.
    private var unwinding: Set<Int> = []

    /// Creates a navigator with no flow.
    public init(name: String) {
        self.name = name
    }

    /// The presented screens, the first at the bottom.
    ///
    /// Settable, so that a navigation stack can bind to it: writing a shorter stack goes back
    /// to its top screen; writing an empty one leaves the flow, which cancels it. Only a
    /// prefix of the screens is kept: screens are presented by the flow, never by writing.
    public var screens: [any ViewModel] {
        get { stack }
        set {
            let kept = zip(stack, newValue).prefix { $0 === $1 }.count
            guard kept < stack.count else { return }
            stack.removeSubrange(kept...)
            if stack.isEmpty, state == .running { cancel() }
        }
    }

    /// Runs `flow`, first cancelling any flow this navigator runs.
    ///
    /// The task holds the navigator and its screens until the flow ends: a flow waiting for a
    /// screen that nobody will see again waits for ever. Keep the task and cancel it when the
    /// navigator's owner goes (`deinit { flowTask?.cancel() }`), or its screens outlive their
    /// place in the tree (`LinkFuzzing` and `ReachabilityCheck.expectReleases(within:)` say so).
    ///
    /// - Returns: The flow's task: its value is what the flow returned, or the error it threw
    ///   (`CancellationError` when the user left the flow).
    @discardableResult
    public func run<Value: Sendable>(
        _ flow: @escaping @MainActor (FlowNavigator) async throws -> Value
    ) -> Task<Value, any Error> {
        cancel()
        runNumber += 1
        let number = runNumber
        state = .running
        runnable += 1
        let task = Task { @MainActor in
            defer { self.runEnded(number) }
            do {
                let value = try await flow(self)
                if number == self.runNumber { self.state = .finished }
                return value
            } catch {
                if number == self.runNumber {
                    self.state = error is CancellationError ? .cancelled : .failed("\(error)")
                }
                throw error
            }
        }
        cancelRun = { task.cancel() }
        return task
    }

    /// Cancels the flow, if one runs, and removes its screens now.
    ///
    /// The flow's steps end as they see the cancellation; their screens are gone from
    /// ``screens`` and the tree at once.
    public func cancel() {
        guard let cancelRun else { return }
        self.cancelRun = nil
        // Its steps wake to unwind: the flow is not idle until its task has ended.
        if unwinding.insert(runNumber).inserted { runnable += 1 }
        cancelRun()
        if state == .running { state = .cancelled }
        stack.removeAll()
    }

    /// Presents `screen` on top of the stack.
    ///
    /// - Returns: The step that continues the flow with the screen's output.
    public func present<Screen: FlowScreen>(_ screen: Screen) -> FlowStep<Screen> {
        stack.append(screen)
        return FlowStep(screen: screen, navigator: self)
    }

    /// Suspends until the flow waits for a screen's submission, or has ended.
    ///
    /// What the flow does between screens (fetching, saving, unwinding cancelled steps) is
    /// done by then, so the tree is the one the user sees. A deep link that starts a flow
    /// awaits this before it looks for the flow's first screen, and a test before each check.
    /// A flow that never stops working (an endless fetch) never lets this return.
    public func idle() async {
        guard runnable > 0 else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// Whether the flow waits for a screen's submission, or has ended.
    public var isIdle: Bool { runnable == 0 }

    func remove(_ screen: any ViewModel) {
        stack.removeAll { $0 === screen }
    }

    func remove(above screen: any ViewModel) {
        guard let index = stack.lastIndex(where: { $0 === screen }), index + 1 < stack.count else { return }
        stack.removeSubrange((index + 1)...)
    }

    func workBegan() {
        runnable += 1
    }

    func workPaused() {
        runnable -= 1
        guard runnable == 0 else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    private func runEnded(_ number: Int) {
        if number == runNumber {
            cancelRun = nil
        }
        if unwinding.remove(number) != nil { runnable -= 1 }
        workPaused()
    }

    /// The screens, the first at the bottom.
    public var children: [any DeepLinkable] { stack }

    /// `name`, which tells the node apart from its siblings in snapshots and diffs.
    public var nodeIdentity: String? { name }

    /// The flow's name.
    public var nodeLabel: String { name }

    /// The flow's state and how many screens it shows.
    public var nodeAttributes: [(key: String, value: String)] {
        [("state", state.name), ("screens", "\(stack.count)")]
    }
}

extension FlowNavigator.State {
    /// One word: `not started`, `running`, `finished`, `failed`, `cancelled`.
    public var name: String {
        switch self {
        case .notStarted: "not started"
        case .running: "running"
        case .finished: "finished"
        case .failed: "failed"
        case .cancelled: "cancelled"
        }
    }
}

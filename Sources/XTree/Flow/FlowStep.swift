import XTreeSupport

/// A presented ``FlowScreen``, and the rest of the flow that runs with each value it submits.
@MainActor
public struct FlowStep<Screen: FlowScreen> {
    /// The screen presented.
    public let screen: Screen
    private let navigator: FlowNavigator

    init(screen: Screen, navigator: FlowNavigator) {
        self.screen = screen
        self.navigator = navigator
    }

    /// Waits for the screen's output and runs `rest` with it; runs `rest` again, with the new
    /// value, each time the screen submits once more.
    ///
    /// A new submission (the user went back to this screen and submitted again) cancels the
    /// `rest` that runs, waits until it has ended (its screens are gone), then runs `rest`
    /// with the new value. The screen leaves the stack when this returns or throws.
    ///
    /// - Parameter rest: The flow after this screen.
    /// - Returns: What the `rest` that ran to its end returned.
    /// - Throws: What that `rest` threw, or `CancellationError` when the flow is cancelled.
    public func then<Value: Sendable>(
        _ rest: @escaping @MainActor (Screen.Output) async throws -> Value
    ) async throws -> Value {
        let navigator = navigator
        let screen = screen
        defer { navigator.remove(screen) }
        let (events, sink) = AsyncStream<Event<Value>>.makeStream()
        let wait = Wait(navigator)
        screen.outlet.connect { output in
            wait.wake()
            sink.yield(.output(output))
        }
        defer { screen.outlet.disconnect() }
        // The rest runs in a task of its own, so that a new submission can cancel it alone;
        // cancelling this step's task cancels it too, and this step returns only once it ended.
        let current = Locked<Task<Void, Never>?>(nil)
        let outcome: Result<Value, any Error> = await withTaskCancellationHandler {
            var run = 0
            wait.sleep()
            for await event in events {
                wait.wake()
                switch event {
                case .output(let output):
                    await Self.end(current)
                    navigator.remove(above: screen)
                    run += 1
                    navigator.workBegan()
                    let task = Task(operation: Self.child(rest, output, run: run, wait: wait, sink: sink))
                    current.withLock { $0 = task }
                    if Task.isCancelled { task.cancel() }
                case .ended(let number, let result) where number == run:
                    return result
                case .ended:
                    break  // a run cancelled by a later submission
                }
                wait.sleep()
            }
            wait.wake()
            await Self.end(current)
            return .failure(CancellationError())
        } onCancel: {
            current.withLock { $0?.cancel() }
        }
        return try outcome.get()
    }

    /// Cancels the run in `current`, if any, and waits until it has ended.
    private static func end(_ current: Locked<Task<Void, Never>?>) async {
        guard let task = current.withLock({ $0 }) else { return }
        task.cancel()
        await task.value
    }

    /// The task that runs `rest` with `output` and reports its end as run `number`.
    private static func child<Value: Sendable>(
        _ rest: @escaping @MainActor (Screen.Output) async throws -> Value,
        _ output: Screen.Output,
        run number: Int,
        wait: Wait,
        sink: AsyncStream<Event<Value>>.Continuation
    ) -> @MainActor () async -> Void {
        {
            let result = await outcome { try await rest(output) }
            wait.wake()
            sink.yield(.ended(run: number, result))
            wait.navigator.workPaused()
        }
    }

    private static func outcome<Value>(
        _ work: @MainActor () async throws -> Value
    ) async -> Result<Value, any Error> {
        do {
            return .success(try await work())
        } catch {
            return .failure(error)
        }
    }

    private enum Event<Value: Sendable>: Sendable {
        case output(Screen.Output)
        case ended(run: Int, Result<Value, any Error>)
    }

    /// Whether the step's task waits for an event, counted by the navigator: a flow is idle
    /// when every task of it waits.
    @MainActor
    private final class Wait {
        let navigator: FlowNavigator
        private var waiting = false

        init(_ navigator: FlowNavigator) {
            self.navigator = navigator
        }

        func sleep() {
            guard !waiting else { return }
            waiting = true
            navigator.workPaused()
        }

        func wake() {
            guard waiting else { return }
            waiting = false
            navigator.workBegan()
        }
    }
}

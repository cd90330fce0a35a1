/// A check an app runs inside itself when a tool asks (`xtree-cli check`), as its inspector
/// runs it: the results so far, counted, and the part of them after any count, as JSON.
/// XTreeReachability's `CheckedApp` makes one of the app's `ReachabilityCheck`; the inspector
/// runs it without linking the kit.
public struct SelfCheck: Sendable {
    /// A run's results so far.
    package struct Progress: Sendable {
        package let count: Int
        /// The results after the first `after`, some at a time; `ended` if the run has ended.
        package let part: @Sendable (_ after: Int, _ ended: Bool) -> JSONValue

        package init(count: Int, part: @escaping @Sendable (_ after: Int, _ ended: Bool) -> JSONValue) {
            self.count = count
            self.part = part
        }
    }

    package let run:
        @MainActor @Sendable (
            _ stopped: @escaping @Sendable () -> Bool, _ progress: @escaping (Progress) -> Void
        ) async -> Progress

    package init(
        run:
            @escaping @MainActor @Sendable (
                _ stopped: @escaping @Sendable () -> Bool, _ progress: @escaping (Progress) -> Void
            ) async -> Progress
    ) {
        self.run = run
    }
}

/// An app type that runs a check of its own inside the app for tools: adopt XTreeReachability's
/// `CheckedApp`, which gives ``selfCheck``.
public protocol SelfCheckingApp {
    /// The app's check, as its inspector runs it.
    @MainActor static var selfCheck: SelfCheck { get }
}

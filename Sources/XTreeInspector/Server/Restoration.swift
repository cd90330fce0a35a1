import XTree

extension Inspector {
    /// How an app returns to an earlier state for `xtree-cli restore`: a closure that
    /// captures the app's restorable state, called after each journal event, and one that
    /// makes the app show a captured state again.
    ///
    /// An app with state restoration has both already:
    ///
    /// ```swift
    /// let restoration = Inspector.Restoration(
    ///     capture: { NavigationState(of: home) },
    ///     restore: { try await home.restore($0) }
    /// )
    /// ```
    ///
    /// The states stay in the app: they are never encoded or sent, so any `Sendable` value
    /// will do. Capturing runs on the main actor after every event, so it should be quick: a
    /// few values, not a copy of the app's data.
    public struct Restoration: Sendable {
        let capture: @MainActor @Sendable () -> any Sendable
        let restore: @MainActor @Sendable (any Sendable) async throws -> Void

        /// Creates a restoration from a capture and a restore.
        ///
        /// - Parameters:
        ///   - capture: Returns what the app shows now.
        ///   - restore: Makes the app show a state `capture` returned; what it throws is
        ///     reported to the client.
        public init<State: Sendable>(
            capture: @escaping @MainActor @Sendable () -> State,
            restore: @escaping @MainActor @Sendable (State) async throws -> Void
        ) {
            self.capture = capture
            self.restore = { state in
                guard let state = state as? State else {
                    preconditionFailure("a restore point holds a state its capture did not make")
                }
                try await restore(state)
            }
        }
    }

    /// How long an object that left the tree may stay alive before the journal reports it
    /// unless told otherwise: 2 seconds, which outlasts a dismissal's animation.
    public static let defaultReleaseGracePeriod = 2.0
}

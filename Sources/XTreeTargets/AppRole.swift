import XTreeArgumentParser

/// What a command does with the example app; an app's option names the role it serves, and
/// a command offers the app's options of the roles it lists.
extension OptionRole {
    /// Starts it (its data: `--catalog`).
    package static let starting = OptionRole("starting")
    /// Applies links to it (how: `--approach`).
    package static let applyingLinks = OptionRole("applying links")
    /// Restores and saves its state (`--restore`, `--save-state`).
    package static let savingState = OptionRole("saving state")
}

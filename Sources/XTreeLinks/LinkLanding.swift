/// When a link an app opened has landed: what the tools wait for before they say where it
/// ended.
///
/// Most apps navigate before their `open` returns. One that answers "handled" and navigates
/// later, from a task (an account looked up, a status fetched from another server), says
/// `.whenQuiet()`: after `open` returns, the inspector waits until the tree has not changed for
/// `quiet` seconds (at most `atMost`), and a link ends on the last node it made appear, such as
/// the destination pushed, not on the router that took it. `check`, `fuzz` and every other tool
/// pay that wait only for such an app.
public enum LinkLanding: Sendable, Hashable {
    /// A link has landed when `open` returns, on the object it returns.
    case whenOpenReturns
    /// A link has landed when the tree has not changed for `quiet` seconds, waited for at most
    /// `atMost` seconds after `open` returns.
    case whenQuiet(quiet: Double = 0.1, atMost: Double = 2)
}

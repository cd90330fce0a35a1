import Dispatch

/// A count on standard error that rewrites itself, for long work on a terminal; at most ten
/// updates a second, and nothing at all when standard error is not a terminal.
package struct ProgressLine {
    package let enabled: Bool
    package let console: Console
    private var lastShown: UInt64 = 0
    private var shown = false

    package init(enabled: Bool, console: Console) {
        self.enabled = enabled
        self.console = console
    }

    package mutating func show(_ text: String) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        guard !shown || now - lastShown >= 100_000_000 else { return }
        lastShown = now
        shown = true
        console.err("\r\u{1B}[K\(text)")
    }

    package mutating func clear() {
        guard shown else { return }
        shown = false
        console.err("\r\u{1B}[K")
    }
}

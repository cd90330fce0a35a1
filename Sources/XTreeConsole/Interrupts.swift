import Dispatch
import Foundation
import XTreePlatform
import XTreeSupport

/// SIGINT and SIGTERM noted instead of ending the process, while a command finishes what it
/// holds (`record` writes the events it has, `check` and `fuzz` report what they did); the
/// default is restored by ``restore()``. The handler is set when this is made, so a signal sent
/// from then on is never lost.
package final class Interrupts: Sendable {
    /// Looks for a signal every 50 ms, for `arrived`, until one came or ``restore()``.
    private let watch: Locked<(any DispatchSourceTimer)?> = Locked(nil)
    /// The signals counted before this was made, which are not its own.
    private let before: UInt64

    /// Notes SIGINT and SIGTERM from now on, calling `arrived` (on another thread, within 50 ms)
    /// once one came.
    package init(arrived: (@Sendable () -> Void)? = nil) {
        _ = Self.receiver
        let counted = { Terminal.timesNoted(.interrupt) &+ Terminal.timesNoted(.terminate) }
        before = counted()
        for signal in [SignalName.interrupt, .terminate] { Terminal.note(signal) }
        guard let arrived else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now(), repeating: 0.05)
        timer.setEventHandler { [watch, before] in
            guard counted() != before else { return }
            watch.withLock { $0?.cancel() }
            arrived()
        }
        watch.withLock { $0 = timer }
        timer.resume()
    }

    /// The thread that takes the signals (``Terminal/receiveSignals()``), started once: a
    /// process may start with them blocked (its parent's thread had them blocked, as a test
    /// runner's may), and dispatch's threads block them all, so without it a signal could stay
    /// pending and never be noted.
    private static let receiver: Void = {
        let thread = Thread { Terminal.receiveSignals() }
        thread.name = "xtree-signals"
        thread.start()
    }()

    /// Whether either signal arrived.
    package var arrived: Bool { Terminal.timesNoted(.interrupt) &+ Terminal.timesNoted(.terminate) != before }

    /// Lets the signals end the process again.
    package func restore() {
        watch.withLock { $0?.cancel() }
        Terminal.restoreDefault(.interrupt)
        Terminal.restoreDefault(.terminate)
    }
}

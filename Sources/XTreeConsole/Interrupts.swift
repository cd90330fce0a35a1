import Dispatch
import XTreePlatform
import XTreeSupport

/// SIGINT and SIGTERM noted instead of ending the process, while a command finishes what it
/// holds (`record` writes the events it has); the default is restored by ``restore()``.
package final class Interrupts: Sendable {
    private let received = Locked(false)
    private let sources: Locked<[any DispatchSourceSignal]> = Locked([])

    /// Notes SIGINT and SIGTERM from now on, calling `arrived` (on another thread) as each comes.
    package init(arrived: (@Sendable () -> Void)? = nil) {
        for signal in [SignalName.interrupt, .terminate] {
            Terminal.ignore(signal)
            let source = DispatchSource.makeSignalSource(signal: Terminal.number(of: signal), queue: .global())
            source.setEventHandler { [received] in
                received.withLock { $0 = true }
                arrived?()
            }
            source.resume()
            sources.withLock { $0.append(source) }
        }
    }

    /// Whether either signal arrived.
    package var arrived: Bool { received.withLock { $0 } }

    /// Lets the signals end the process again.
    package func restore() {
        for source in sources.withLock({ $0 }) { source.cancel() }
        Terminal.restoreDefault(.interrupt)
        Terminal.restoreDefault(.terminate)
    }
}

/// The signals the tools handle.
package enum SignalName: Sendable, CaseIterable {
    /// `SIGINT`: Ctrl-C.
    case interrupt
    /// `SIGTERM`.
    case terminate
    /// `SIGPIPE`: a write to a pipe whose reader went away.
    case brokenPipe
    /// `SIGKILL`, which cannot be caught: for tests that end a process as a crash would.
    case kill
    /// `SIGSTOP`, which cannot be caught: for tests of a process that stops answering, as one
    /// stopped at a breakpoint does.
    case stop
}

/// Signals, the terminal and the process, on one platform.
package protocol TerminalCalls {
    /// Counts `signal` instead of acting on it, from now until its default is restored
    /// (SIGINT and SIGTERM).
    static func note(_ signal: SignalName)
    /// How many times `signal` came while noted, in the process's life.
    static func timesNoted(_ signal: SignalName) -> UInt64
    /// Takes SIGINT and SIGTERM on the calling thread, a thread of its own that does nothing
    /// else: unblocks them there and waits, for ever, in a call that a signal interrupts.
    static func receiveSignals() -> Never
    /// Whether `descriptor` is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool
    /// How many columns the terminal at `descriptor` has, if it is one that says.
    static func columns(of descriptor: Int32) -> Int?
    /// The number the platform gives `signal`, for a dispatch source.
    static func number(of signal: SignalName) -> Int32
    /// Lets `signal` arrive as nothing (a dispatch source still sees it).
    static func ignore(_ signal: SignalName)
    /// Gives `signal` its default action again.
    static func restoreDefault(_ signal: SignalName)
    /// This process's id.
    static var processID: Int32 { get }
    /// The processor time this process has used so far, in user and system mode, in
    /// seconds: what a benchmark divides by the time that passed.
    static var processorSeconds: Double { get }
    /// Whether a process with id `pid` exists and this process may signal it.
    static func canSignal(_ pid: Int32) -> Bool
    /// Sends `signal` to process `pid`; whether it could.
    static func send(_ signal: SignalName, to pid: Int32) -> Bool
    /// Ends the process with `status`, running what was registered with ``atExit(_:)``.
    static func exit(_ status: Int32) -> Never
    /// Runs `body` when the process exits normally.
    static func atExit(_ body: @convention(c) () -> Void)
    /// Whether a symbol named `name` is loaded in the process: tests ask for a sanitizer's.
    static func isLoaded(_ name: String) -> Bool
}

extension TerminalCalls {
    /// Standard input, output and error: the same numbers on every POSIX system.
    package static var standardInput: Int32 { 0 }
    package static var standardOutput: Int32 { 1 }
    package static var standardError: Int32 { 2 }
}

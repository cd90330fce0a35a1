#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin) || canImport(Glibc)
    /// TerminalCalls on Apple's systems and Linux.
    package enum Terminal: TerminalCalls {
        package static func isTerminal(_ descriptor: Int32) -> Bool {
            isatty(descriptor) == 1
        }

        package static func columns(of descriptor: Int32) -> Int? {
            var size = winsize()
            #if canImport(Darwin)
                let request = TIOCGWINSZ
            #else
                let request = UInt(TIOCGWINSZ)
            #endif
            guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
            return Int(size.ws_col)
        }

        package static func number(of signal: SignalName) -> Int32 {
            switch signal {
            case .interrupt: SIGINT
            case .terminate: SIGTERM
            case .brokenPipe: SIGPIPE
            case .kill: SIGKILL
            case .stop: SIGSTOP
            }
        }

        package static func ignore(_ signal: SignalName) {
            setHandler(number(of: signal), ignoring: true)
        }

        package static func restoreDefault(_ signal: SignalName) {
            setHandler(number(of: signal), ignoring: false)
        }

        package static func note(_ signal: SignalName) {
            noteHandler(number(of: signal))
        }

        package static func receiveSignals() -> Never {
            // Blocked wherever they were, as on a thread made by one of dispatch's workers
            // (which block them all): taken here, where nothing else runs. A thread blocked in
            // `usleep` runs a handler at once, under ThreadSanitizer too, which delays a
            // handler until its thread enters or leaves a call it intercepts: one that came to
            // a worker parked on a lock it does not see waited as long as the worker did.
            var set = sigset_t()
            _ = sigemptyset(&set)
            _ = sigaddset(&set, SIGINT)
            _ = sigaddset(&set, SIGTERM)
            _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
            while true { _ = usleep(500_000) }
        }

        package static func timesNoted(_ signal: SignalName) -> UInt64 {
            SignalsNoted.shared.count(number(of: signal))
        }

        package static var processID: Int32 { getpid() }

        package static var processorSeconds: Double {
            var usage = rusage()
            #if canImport(Darwin)
                let who = RUSAGE_SELF
            #else
                let who = RUSAGE_SELF.rawValue
            #endif
            guard getrusage(who, &usage) == 0 else { return 0 }
            let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }

        package static func canSignal(_ pid: Int32) -> Bool {
            kill(pid, 0) == 0
        }

        package static func send(_ signal: SignalName, to pid: Int32) -> Bool {
            kill(pid, number(of: signal)) == 0
        }

        package static func exit(_ status: Int32) -> Never {
            exitProcess(status)
        }

        package static func atExit(_ body: @convention(c) () -> Void) {
            _ = atexit(body)
        }

        package static func isLoaded(_ name: String) -> Bool {
            dlsym(dlopen(nil, RTLD_NOW), name) != nil
        }
    }

    /// The C library's `signal` and `exit`, named here, where the enum's own members of those
    /// names do not hide them.
    private func setHandler(_ number: Int32, ignoring: Bool) {
        _ = signal(number, ignoring ? SIG_IGN : SIG_DFL)
    }
    private func exitProcess(_ status: Int32) -> Never { exit(status) }

    /// SIGINT and SIGTERM as ``Terminal/note(_:)``'s handler saw them: the handler writes a byte
    /// naming each to a pipe (`write` is async-signal-safe, and no memory is shared with the
    /// handler but the pipe's descriptor, set before any handler is), and ``Terminal/timesNoted(_:)``
    /// reads the bytes into the counts under a lock. A counter the handler wrote itself was a data
    /// race with its readers, which ThreadSanitizer reported.
    private final class SignalsNoted: @unchecked Sendable {
        // Safe to share: `pipe` is set once, in `init`; the counts are only touched under `lock`.
        static let shared = SignalsNoted()

        let pipe: (read: Int32, write: Int32)
        private let lock = SystemLock()
        private var interrupts: UInt64 = 0
        private var terminations: UInt64 = 0

        private init() {
            // A process that cannot make a pipe has no descriptors left: the handler then writes
            // nowhere (-1) and no signal is noted, which the commands that wait for one survive.
            pipe = (try? SystemSockets.makePipe()) ?? (-1, -1)
            noteDescriptor = pipe.write
        }

        func count(_ number: Int32) -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            var bytes = [UInt8](repeating: 0, count: 64)
            while pipe.read >= 0 {
                let got = bytes.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
                guard got > 0 else { break }
                for byte in bytes[..<got] {
                    if Int32(byte) == SIGINT { interrupts &+= 1 } else if Int32(byte) == SIGTERM { terminations &+= 1 }
                }
            }
            return number == SIGINT ? interrupts : number == SIGTERM ? terminations : 0
        }
    }

    /// The descriptor the handler writes to: set once, as ``SignalsNoted/shared`` is made, which
    /// is before any handler is installed.
    nonisolated(unsafe) private var noteDescriptor: Int32 = -1

    /// Sets a handler that notes `number`: installed at once, so no signal sent after this
    /// returns is lost (a dispatch source is armed later, on its own queue, and a signal ignored
    /// meanwhile is gone).
    private func noteHandler(_ number: Int32) {
        _ = SignalsNoted.shared
        _ = signal(number) { caught in
            // The handler's `write` may set errno, which the code it interrupted may be reading.
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: caught)
            _ = write(noteDescriptor, &byte, 1)
            errno = saved
        }
    }
#endif

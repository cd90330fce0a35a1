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

        package static func timesNoted(_ signal: SignalName) -> UInt64 {
            signal == .interrupt ? notedInterrupts : signal == .terminate ? notedTerminations : 0
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

    /// How many SIGINT and SIGTERM ``Terminal/note(_:)``'s handler saw. Only the handler writes
    /// them (async-signal-safe: a store to a word already initialized, no allocation).
    nonisolated(unsafe) private var notedInterrupts: UInt64 = 0
    nonisolated(unsafe) private var notedTerminations: UInt64 = 0

    /// Sets a handler that counts `number`: installed at once, so no signal sent after this
    /// returns is lost (a dispatch source is armed later, on its own queue, and a signal ignored
    /// meanwhile is gone).
    private func noteHandler(_ number: Int32) {
        // Read first, so that the words are initialized before the handler can run.
        _ = notedInterrupts &+ notedTerminations
        _ = signal(number) { caught in
            if caught == SIGINT { notedInterrupts &+= 1 } else if caught == SIGTERM { notedTerminations &+= 1 }
        }
        // A process may start with the signal blocked (its parent's thread had it blocked, as a
        // test runner's may): unblocked here, on the thread that waits for it, or it would stay
        // pending and never be noted.
        var set = sigset_t()
        _ = sigemptyset(&set)
        _ = sigaddset(&set, number)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }
#endif

#if canImport(Glibc)
    import Glibc

    /// TerminalCalls on Linux.
    package enum Terminal: TerminalCalls {
        package static func isTerminal(_ descriptor: Int32) -> Bool {
            isatty(descriptor) == 1
        }

        package static func columns(of descriptor: Int32) -> Int? {
            var size = winsize()
            guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
            return Int(size.ws_col)
        }

        package static func number(of signal: SignalName) -> Int32 {
            switch signal {
            case .interrupt: SIGINT
            case .terminate: SIGTERM
            case .brokenPipe: SIGPIPE
            case .kill: SIGKILL
            }
        }

        package static func ignore(_ signal: SignalName) {
            _ = Glibc.signal(number(of: signal), SIG_IGN)
        }

        package static func restoreDefault(_ signal: SignalName) {
            _ = Glibc.signal(number(of: signal), SIG_DFL)
        }

        package static var processID: Int32 { getpid() }

        package static var processorSeconds: Double {
            var usage = rusage()
            guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
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
            Glibc.exit(status)
        }

        package static func atExit(_ body: @convention(c) () -> Void) {
            _ = atexit(body)
        }

        package static func isLoaded(_ name: String) -> Bool {
            dlsym(dlopen(nil, RTLD_NOW), name) != nil
        }
    }
#endif

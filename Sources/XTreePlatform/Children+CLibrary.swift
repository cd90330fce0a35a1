#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

// Not on Apple's systems without processes of their own to start: tvOS and watchOS mark
// posix_spawn prohibited, and no iOS or visionOS app may start one.
#if (canImport(Darwin) || canImport(Glibc)) && !os(iOS) && !os(tvOS) && !os(watchOS) && !os(visionOS)
    /// ``ChildCalls`` on macOS and Linux.
    package enum Children: ChildCalls {
        package static func spawn(_ path: String, arguments: [[UInt8]], environment: [String]) throws(SystemError)
            -> SpawnedChild
        {
            let input = try pipeWithoutInheritance()
            let output: (read: Int32, write: Int32)
            do {
                output = try pipeWithoutInheritance()
            } catch {
                _ = close(input.read)
                _ = close(input.write)
                throw error
            }
            var pid: pid_t = 0
            let status = withSpawnSetup(input: input.read, output: output.write) { actions, attributes in
                withCStrings([Array(path.utf8)] + arguments) { argv in
                    withCStrings(environment.map { Array($0.utf8) }) { envp in
                        // ETXTBSY: a script just written is still open for writing in a child
                        // another thread is forking; it closes at that child's exec, so try again.
                        var status = posix_spawn(&pid, path, actions, attributes, argv, envp)
                        for _ in 0..<50 where status == ETXTBSY {
                            _ = usleep(10_000)
                            status = posix_spawn(&pid, path, actions, attributes, argv, envp)
                        }
                        return status
                    }
                }
            }
            _ = close(input.read)
            _ = close(output.write)
            guard status == 0 else {
                _ = close(input.write)
                _ = close(output.read)
                throw SystemError(status)
            }
            return SpawnedChild(pid: pid, output: output.read, input: input.write)
        }

        package static func ending(of pid: Int32, wait: Bool) throws(SystemError) -> ChildEnding? {
            var status: Int32 = 0
            let reaped = try SystemCall.retrying { waitpid(pid, &status, wait ? 0 : WNOHANG) }
            return reaped == 0 ? nil : ChildEnding(waitStatus: status)
        }

        package static func send(_ signal: SignalName, toGroup group: Int32) -> Bool {
            group > 0 && kill(-group, Terminal.number(of: signal)) == 0
        }

        /// A pipe whose ends no other child inherits: on Linux made so (`pipe2`); on macOS the
        /// flag is set at once, and POSIX_SPAWN_CLOEXEC_DEFAULT keeps any other child spawned
        /// meanwhile from inheriting either end.
        private static func pipeWithoutInheritance() throws(SystemError) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            #if canImport(Glibc)
                // Atomically: a child another thread starts meanwhile (Foundation's `Process`
                // in the same process) would otherwise inherit the input's write end, and the
                // child would never see the CLI go.
                try SystemCall.retrying { linuxPipe2(&ends, O_CLOEXEC) }
            #else
                try SystemCall.retrying { pipe(&ends) }
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            #endif
            return (ends[0], ends[1])
        }

        /// Calls `body` with file actions that give the child `input` as its standard input and
        /// `output` as its standard output and error, and attributes for a group of its own,
        /// default signal actions and an empty mask.
        #if canImport(Darwin)
            // `void *` on Darwin, so an optional pointer as Swift imports it.
            private typealias Actions = posix_spawn_file_actions_t?
            private typealias Attributes = posix_spawnattr_t?
            private static let flags =
                POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_CLOEXEC_DEFAULT
        #else
            private typealias Actions = posix_spawn_file_actions_t
            private typealias Attributes = posix_spawnattr_t
            private static let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        #endif

        private static func withSpawnSetup(
            input: Int32, output: Int32, _ body: (UnsafePointer<Actions>, UnsafePointer<Attributes>) -> Int32
        ) -> Int32 {
            #if canImport(Darwin)
                var actions: Actions = nil
                var attributes: Attributes = nil
            #else
                var actions = Actions()
                var attributes = Attributes()
            #endif
            _ = posix_spawn_file_actions_init(&actions)
            defer { _ = posix_spawn_file_actions_destroy(&actions) }
            _ = posix_spawnattr_init(&attributes)
            defer { _ = posix_spawnattr_destroy(&attributes) }
            _ = posix_spawn_file_actions_adddup2(&actions, input, 0)
            _ = posix_spawn_file_actions_adddup2(&actions, output, 1)
            _ = posix_spawn_file_actions_adddup2(&actions, output, 2)
            _ = posix_spawnattr_setflags(&attributes, Int16(flags))
            _ = posix_spawnattr_setpgroup(&attributes, 0)
            var all = sigset_t()
            _ = sigfillset(&all)
            _ = sigdelset(&all, SIGKILL)
            _ = sigdelset(&all, SIGSTOP)
            _ = posix_spawnattr_setsigdefault(&attributes, &all)
            var none = sigset_t()
            _ = sigemptyset(&none)
            _ = posix_spawnattr_setsigmask(&attributes, &none)
            return withUnsafePointer(to: &actions) { actions in
                withUnsafePointer(to: &attributes) { attributes in body(actions, attributes) }
            }
        }

        /// Calls `body` with `strings` (bytes each, any but NUL: a path need not be UTF-8) as a C
        /// array of C strings ending in a null pointer.
        private static func withCStrings<Result>(
            _ strings: [[UInt8]], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
        ) -> Result {
            let copies: [UnsafeMutablePointer<CChar>?] =
                strings.map { bytes in strdup(bytes.map { CChar(bitPattern: $0) } + [0]) } + [nil]
            defer { for copy in copies { free(copy) } }
            return copies.withUnsafeBufferPointer { body($0.baseAddress!) }
        }
    }

    #if canImport(Glibc)
        /// glibc's `pipe2`, which its headers declare only under _GNU_SOURCE (Swift's Glibc
        /// module does not see it); exported by glibc since 2.9.
        @_silgen_name("pipe2")
        private func linuxPipe2(_ ends: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
    #endif
#endif

#if XTREE_DARWIN_PERSONALITY && canImport(Glibc)
    import Glibc

    #if !DEBUG
        #error("the Darwin personality is for tests only: Scripts/darwin-personality.sh builds it, in debug")
    #endif

    /// ``SocketCalls`` as Darwin behaves where it differs from Linux on the package's paths, made
    /// of Linux's calls: the Darwin personality. It is compiled in only with
    /// `-DXTREE_DARWIN_PERSONALITY` (`Scripts/darwin-personality.sh`, with a scratch path of its
    /// own), so that the suites that use sockets meet Darwin's differences on Linux.
    ///
    /// A model, made from xnu's sources and Apple's manuals (each rule says where); nothing here
    /// ran on a Mac. It mirrors the Darwin branches of `Sockets+CLibrary.swift` (`SO_NOSIGPIPE`
    /// on every socket made, no `MSG_NOSIGNAL`), so that a change to one must be made to the other.
    package enum Sockets: SocketCalls {
        /// `sun_path` holds 104 bytes (`bsd/sys/un.h`).
        package static var maximumLocalPathBytes: Int { 103 }

        package static func makeStreamSocket(for address: SocketAddress) throws(SystemError) -> Int32 {
            let descriptor = try SystemSockets.makeStreamSocket(for: address)
            do {
                if case .local = address { try shrinkBuffers(descriptor) }
                try DarwinPersonality.setNoSigPipe(descriptor)
            } catch {
                _ = close(descriptor)
                throw error
            }
            return descriptor
        }

        package static func bind(_ socket: Int32, to address: SocketAddress) throws(SystemError) {
            try checkLength(address)
            try SystemSockets.bind(socket, to: address)
        }

        /// Darwin's queue holds `backlog` connections, and a backlog of 0 or less, or over
        /// `somaxconn` (128), is 128 (`bsd/kern/uipc_socket.c`, `solisten`); `sonewconn_internal`
        /// (`uipc_socket2.c`) refuses once `so_qlen >= so_qlimit`, since `soqlimitcompat` is 1.
        /// Linux admits one more than its backlog, so it is given one less.
        package static func listen(_ socket: Int32, backlog: Int32) throws(SystemError) {
            try SystemSockets.listen(socket, backlog: queueLimit(backlog) - 1)
        }

        /// The queue Darwin gives a listener asked for `backlog`.
        package static func queueLimit(_ backlog: Int32) -> Int32 {
            backlog <= 0 || backlog > 128 ? 128 : backlog
        }

        /// A Unix-socket `connect` is refused (`ECONNREFUSED`) when the listener's queue is full,
        /// where Linux waits for room (`bsd/kern/uipc_usrreq.c`, `unp_connect`: `sonewconn`
        /// failing). Made here by connecting without blocking, which Linux answers with `EAGAIN`
        /// when its queue (one less than asked, see ``listen(_:backlog:)``) is full.
        package static func connect(_ socket: Int32, to address: SocketAddress) throws(SystemError) {
            try checkLength(address)
            guard case .local = address else { return try SystemSockets.connect(socket, to: address) }
            let flags = try SystemCall.retrying { fcntl(socket, F_GETFL) }
            try SystemCall.retrying { fcntl(socket, F_SETFL, flags | O_NONBLOCK) }
            defer { _ = fcntl(socket, F_SETFL, flags) }
            do {
                try SystemSockets.connect(socket, to: address)
            } catch  where error.is(.wouldBlock) {
                throw SystemError(.connectionRefused)
            }
        }

        package static func boundPort(of socket: Int32) throws(SystemError) -> UInt16 {
            try SystemSockets.boundPort(of: socket)
        }

        package static func reuseAddress(_ socket: Int32) throws(SystemError) {
            try SystemSockets.reuseAddress(socket)
        }

        /// Darwin's accepted socket inherits the listener's `O_NONBLOCK` and `SO_NOSIGPIPE`
        /// (`bsd/kern/uipc_socket2.c`, `sonewconn_internal` copies `so_state`'s `SS_NBIO` and
        /// `so_flags`' `SOF_NOSIGPIPE`), so nothing is set on it, and a peer that closed before
        /// the accept is accepted as any other.
        ///
        /// A defunct listener (``DarwinPersonality/makeDefunct(_:)``) fails its first accept
        /// with `EBADF`, then gives dead sockets (`bsd/kern/uipc_socket.c`, `sodefunct`).
        package static func accept(_ listener: Int32) throws(SystemError) -> Int32 {
            if DarwinPersonality.isDefunct(listener), !DarwinPersonality.failedOnce(listener) {
                throw SystemError(EBADF)
            }
            let descriptor = try SystemSockets.accept(listener)
            do throws(SystemError) {
                if try SystemCall.retrying({ fcntl(listener, F_GETFL) }) & O_NONBLOCK != 0 {
                    try SystemSockets.setNonBlocking(descriptor)
                }
                if DarwinPersonality.isLocal(descriptor) { try shrinkBuffers(descriptor) }
                if DarwinPersonality.isDefunct(listener) {
                    DarwinPersonality.makeDefunct(descriptor)
                } else if DarwinPersonality.hasNoSigPipe(listener) {
                    try DarwinPersonality.setNoSigPipe(descriptor)
                }
            } catch {
                _ = close(descriptor)
                throw error
            }
            return descriptor
        }

        package static func setNonBlocking(_ descriptor: Int32) throws(SystemError) {
            try SystemSockets.setNonBlocking(descriptor)
        }

        /// No `MSG_NOSIGNAL` (`bsd/sys/socket.h`: honoured by newer kernels only): a socket
        /// without `SO_NOSIGPIPE` raises `SIGPIPE` when its peer has gone, sent to the process
        /// (`bsd/kern/uipc_socket.c`, `sosend`: `psignal(current_proc(), SIGPIPE)`), so any
        /// thread that does not block it may take it; Linux sends it to the thread.
        package static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
            if DarwinPersonality.isDefunct(socket) { throw SystemError(EBADF) }
            do {
                return try SystemCall.retrying {
                    Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                }
            } catch  where error.is(.brokenPipe) && !DarwinPersonality.hasNoSigPipe(socket) {
                _ = kill(getpid(), SIGPIPE)
                throw error
            }
        }

        package static func receive(
            _ socket: Int32, into buffer: UnsafeMutableRawBufferPointer
        ) throws(SystemError) -> Int {
            if DarwinPersonality.isDefunct(socket) { throw SystemError(EBADF) }
            return try SystemSockets.receive(socket, into: buffer)
        }

        package static func shutdown(_ socket: Int32) {
            SystemSockets.shutdown(socket)
        }

        package static func finishSending(_ socket: Int32) {
            SystemSockets.finishSending(socket)
        }

        /// Darwin's `poll` is made on kqueue (`bsd/kern/sys_generic.c`, `poll_nocancel` and
        /// `poll_callback`): an entry that asks for nothing registers no knote and is never
        /// answered (Linux says `POLLHUP` and `POLLERR` unasked); a descriptor at its end reports
        /// `POLLHUP` and then not `POLLOUT` (after a reset: `POLLHUP` alone, no `POLLERR`); a
        /// peer that shut its writing side makes the read side report `POLLHUP` with `POLLIN`
        /// (`EV_EOF` on the read filter), where Linux says `POLLRDHUP`; a device without kqueue
        /// support (anything but a pty: `/dev/null`, `/dev/tty`; `poll(2)`, BUGS) reports
        /// `POLLNVAL` at once.
        package static func poll(_ entries: inout [PollEntry], milliseconds: Int32) throws(SystemError) -> Int {
            let unsupported = entries.map { $0.wanted.isEmpty ? false : !DarwinPersonality.canPoll($0.descriptor) }
            var asked = entries
            // Linux's `poll` skips negative descriptors: those that cannot be polled, and those
            // that ask for nothing.
            for index in asked.indices where unsupported[index] || asked[index].wanted.isEmpty {
                asked[index].descriptor = -1
            }
            _ = try SystemSockets.poll(&asked, milliseconds: unsupported.contains(true) ? 0 : milliseconds)
            for index in entries.indices {
                var happened = asked[index].happened
                if happened.contains(.hangUp) { happened.subtract([.writable, .failed]) }
                if entries[index].wanted.contains(.readable), happened.contains(.readable),
                    DarwinPersonality.peerShutWriting(entries[index].descriptor)
                {
                    happened.insert(.hangUp)
                }
                entries[index].happened = unsupported[index] ? .failed : happened
            }
            return entries.filter { !$0.happened.isEmpty }.count
        }

        package static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
            try SystemSockets.makePipe()
        }

        package static func makeSocketPair() throws(SystemError) -> (Int32, Int32) {
            let (first, second) = try SystemSockets.makeSocketPair()
            do {
                for end in [first, second] {
                    try shrinkBuffers(end)
                    try DarwinPersonality.setNoSigPipe(end)
                }
            } catch {
                _ = close(first)
                _ = close(second)
                throw error
            }
            return (first, second)
        }

        /// A local path of more than 103 bytes does not fit Darwin's `sun_path`.
        private static func checkLength(_ address: SocketAddress) throws(SystemError) {
            if case .local(let path) = address, path.utf8.count > maximumLocalPathBytes {
                throw SystemError(.nameTooLong)
            }
        }

        /// Unix-socket buffers of 8 KiB (`bsd/kern/uipc_usrreq.c`: `unpst_sendspace`,
        /// `unpst_recvspace`; Linux doubles what it is given, so a little more here).
        private static func shrinkBuffers(_ descriptor: Int32) throws(SystemError) {
            var size: Int32 = 8 * 1024
            for option in [SO_SNDBUF, SO_RCVBUF] {
                try SystemCall.retrying {
                    setsockopt(descriptor, SOL_SOCKET, option, &size, socklen_t(MemoryLayout<Int32>.size))
                }
            }
        }
    }

    /// The personality's state and checks beside its sockets.
    package enum DarwinPersonality {
        /// Linux has no `SO_NOSIGPIPE`: the personality keeps the flag in the socket itself, as
        /// a priority of 1 (`SO_PRIORITY`, which nothing else here sets), so that it follows the
        /// descriptor as Darwin's option does.
        package static func setNoSigPipe(_ socket: Int32) throws(SystemError) {
            var one: Int32 = 1
            try SystemCall.retrying {
                setsockopt(socket, SOL_SOCKET, SO_PRIORITY, &one, socklen_t(MemoryLayout<Int32>.size))
            }
        }

        /// Whether ``setNoSigPipe(_:)`` was called on `socket`.
        package static func hasNoSigPipe(_ socket: Int32) -> Bool { mark(of: socket) == 1 }

        /// Makes a socket defunct, as iOS does a suspended app's sockets (`bsd/kern/uipc_socket.c`,
        /// `sodefunct`). A defunct listener keeps `SO_ACCEPTCONN`, and `unp_connect` does not
        /// check `SOF_DEFUNCT` (`bsd/kern/uipc_usrreq.c`): connects to it succeed and then hang,
        /// it becomes readable, its first `accept` fails with `EBADF`, and later ones give dead
        /// sockets, whose reads and writes fail with `EBADF`. The mark is a priority of 2, and
        /// 3 once the `EBADF` was given. A model from the sources: never run on a device.
        package static func makeDefunct(_ socket: Int32) {
            var two: Int32 = 2
            _ = setsockopt(socket, SOL_SOCKET, SO_PRIORITY, &two, socklen_t(MemoryLayout<Int32>.size))
        }

        /// Whether ``makeDefunct(_:)`` was called on `socket`.
        static func isDefunct(_ socket: Int32) -> Bool { [2, 3].contains(mark(of: socket)) }

        /// Whether a defunct listener already failed an accept with `EBADF`; marks it so.
        static func failedOnce(_ listener: Int32) -> Bool {
            guard mark(of: listener) == 2 else { return true }
            var three: Int32 = 3
            _ = setsockopt(listener, SOL_SOCKET, SO_PRIORITY, &three, socklen_t(MemoryLayout<Int32>.size))
            return false
        }

        /// Whether the peer of a connected socket shut its writing side (Linux's `POLLRDHUP`).
        static func peerShutWriting(_ socket: Int32) -> Bool {
            // POLLRDHUP, which glibc declares only under _GNU_SOURCE (<bits/poll.h>: 0x2000).
            let readHangUp: Int16 = 0x2000
            var entry = pollfd(fd: socket, events: readHangUp, revents: 0)
            return Glibc.poll(&entry, 1, 0) == 1 && entry.revents & readHangUp != 0
        }

        /// The personality's mark on a socket: its priority.
        private static func mark(of socket: Int32) -> Int32 {
            var value: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(socket, SOL_SOCKET, SO_PRIORITY, &value, &length) == 0 ? value : 0
        }

        /// Whether `socket` is a Unix domain socket.
        static func isLocal(_ socket: Int32) -> Bool {
            var domain: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(socket, SOL_SOCKET, SO_DOMAIN, &domain, &length) == 0 && domain == AF_UNIX
        }

        /// Whether Darwin's `poll` takes `descriptor`: anything but a character device that is
        /// not a pty (Linux names its ptys `/dev/pts/N` and `/dev/ptmx`).
        package static func canPoll(_ descriptor: Int32) -> Bool {
            var found = stat()
            guard descriptor >= 0, fstat(descriptor, &found) == 0, found.st_mode & S_IFMT == S_IFCHR else {
                return true
            }
            var name = [CChar](repeating: 0, count: 256)
            let count = readlink("/proc/self/fd/\(descriptor)", &name, name.count - 1)
            guard count > 0 else { return false }
            let path = String(decoding: name[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return path.hasPrefix("/dev/pts/") || path == "/dev/ptmx"
        }

        // What the personality's tests look at, and make, beside the calls above.

        /// Whether `descriptor` does not block.
        package static func isNonBlocking(_ descriptor: Int32) -> Bool {
            fcntl(descriptor, F_GETFL) & O_NONBLOCK != 0
        }

        /// How many bytes `socket`'s send buffer holds.
        package static func sendBufferSize(_ socket: Int32) -> Int32 {
            var size: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            return getsockopt(socket, SOL_SOCKET, SO_SNDBUF, &size, &length) == 0 ? size : -1
        }

        /// Two connected sockets as the C library makes them, without the personality's
        /// `SO_NOSIGPIPE`.
        package static func unprotectedSocketPair() -> (Int32, Int32)? {
            var ends: [Int32] = [-1, -1]
            return socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 ? (ends[0], ends[1]) : nil
        }

        /// Whether sending on `socket`, whose peer is gone, raises `SIGPIPE`: a handler of the
        /// whole process counts it meanwhile, since Darwin sends it to the process, not the
        /// thread (blocking it on one thread would let another take it, and end the process).
        package static func raisesBrokenPipe(sendingOn socket: Int32) -> Bool {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { _ in personalityBrokenPipes += 1 }
            sigemptyset(&action.sa_mask)
            var previous = sigaction()
            sigaction(SIGPIPE, &action, &previous)
            defer { sigaction(SIGPIPE, &previous, nil) }
            let before = personalityBrokenPipes
            _ = try? [UInt8](repeating: 1, count: 8).withUnsafeBytes { bytes throws(SystemError) in
                try Sockets.send(socket, bytes)
            }
            // A signal sent to the process is taken by some thread soon, not at once.
            for _ in 0..<200 where personalityBrokenPipes == before { usleep(1_000) }
            return personalityBrokenPipes != before
        }

        /// Darwin's per-user temporary directory (`confstr(3)`, `_CS_DARWIN_USER_TEMP_DIR`) is
        /// an app's own: a simulator app's is `tmp/` in its container, whose data folder is the
        /// app's `HOME`, about 169 bytes long, past what a socket's path holds (`bsd/sys/un.h`);
        /// modelled as `$HOME/tmp/` where that is a folder. A sandboxed Mac app's is
        /// `/var/folders/…/T/<container-id>/`, outside the home folder (Libc's `dirhelper`,
        /// macOS branch), given here as `TMPDIR`. There is always one: `confstr` falls back to
        /// `TMPDIR`, then `/var/tmp/`.
        package static var userTemporaryDirectory: String {
            if let home = getenv("HOME").map({ String(cString: $0) }), home.hasPrefix("/") {
                let path = (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/tmp"
                var found = stat()
                if lstat(path, &found) == 0, found.st_mode & S_IFMT == S_IFDIR { return path + "/" }
            }
            if let temporary = getenv("TMPDIR").map({ String(cString: $0) }), temporary.hasPrefix("/") {
                return temporary.hasSuffix("/") ? temporary : temporary + "/"
            }
            return "/var/tmp/"
        }

        /// APFS refuses a name that is not UTF-8 with `EILSEQ` (`errno.h`; Apple's file system
        /// reference): every call that makes or renames a file checks its path first.
        package static func checkName(_ path: UnsafePointer<CChar>) throws(SystemError) {
            let bytes = UnsafeRawBufferPointer(start: path, count: strlen(path))
            guard String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) else {
                throw SystemError(.illegalByteSequence)
            }
        }
    }

    /// How many `SIGPIPE`s ``DarwinPersonality/raisesBrokenPipe(sendingOn:)``'s handler took: a
    /// signal handler's counter, written by the handler alone, read while the test waits.
    nonisolated(unsafe) private var personalityBrokenPipes: Int32 = 0
#endif

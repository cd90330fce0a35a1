#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin) || canImport(Glibc)
    #if !XTREE_DARWIN_PERSONALITY
        /// The stream sockets of this platform. (Under the Darwin personality, `Sockets` is
        /// Darwin's behaviour over these calls: Sockets+Personality.swift.)
        package typealias Sockets = SystemSockets
    #endif

    /// ``SocketCalls`` on Apple's systems and Linux. Darwin has no `MSG_NOSIGNAL` or
    /// `SOCK_CLOEXEC`, so each new socket is made closed on `exec` with `fcntl` and kept from
    /// raising `SIGPIPE` with `SO_NOSIGPIPE`; its addresses carry their lengths (`sun_len`,
    /// `sin_len`), and `sun_path` holds 104 bytes (108 on Linux). Neither system's Swift module
    /// declares `accept4` or `pipe2`, so accepted sockets and pipes are made closed on `exec`
    /// with `fcntl` on both.
    package enum SystemSockets: SocketCalls {
        package static var maximumLocalPathBytes: Int {
            MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
        }

        package static func makeStreamSocket(for address: SocketAddress) throws(SystemError) -> Int32 {
            let family: Int32 =
                switch address {
                case .local: AF_UNIX
                case .loopback: AF_INET
                }
            #if canImport(Darwin)
                let descriptor = try SystemCall.retrying { socket(family, SOCK_STREAM, 0) }
                try prepare([descriptor], sockets: true)
                return descriptor
            #else
                return try SystemCall.retrying {
                    socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
                }
            #endif
        }

        /// Makes new descriptors closed on `exec` (and, for `nonBlocking`, not blocking); on
        /// Darwin, makes `sockets` never raise `SIGPIPE`, since its `send` has no
        /// `MSG_NOSIGNAL`. Closes them all if that fails.
        private static func prepare(_ ends: [Int32], sockets: Bool, nonBlocking: Bool = false) throws(SystemError) {
            do {
                for end in ends {
                    try SystemCall.retrying { fcntl(end, F_SETFD, FD_CLOEXEC) }
                    if nonBlocking { try setNonBlocking(end) }
                    #if canImport(Darwin)
                        guard sockets else { continue }
                        var one: Int32 = 1
                        try SystemCall.retrying {
                            setsockopt(end, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
                        }
                    #endif
                }
            } catch {
                for end in ends { _ = close(end) }
                throw error
            }
        }

        package static func bind(_ socket: Int32, to address: SocketAddress) throws(SystemError) {
            try withAddress(address) { pointer, length throws(SystemError) in
                try SystemCall.retrying { systemBind(socket, pointer, length) }
            }
        }

        package static func listen(_ socket: Int32, backlog: Int32) throws(SystemError) {
            try SystemCall.retrying { systemListen(socket, backlog) }
        }

        package static func connect(_ socket: Int32, to address: SocketAddress) throws(SystemError) {
            try withAddress(address) { pointer, length throws(SystemError) in
                try SystemCall.retrying { systemConnect(socket, pointer, length) }
            }
        }

        package static func boundPort(of socket: Int32) throws(SystemError) -> UInt16 {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = try withUnsafeMutablePointer(to: &address) { pointer throws(SystemError) in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SystemError) in
                    try SystemCall.retrying { getsockname(socket, address, &length) }
                }
            }
            return UInt16(bigEndian: address.sin_port)
        }

        package static func reuseAddress(_ socket: Int32) throws(SystemError) {
            var one: Int32 = 1
            try SystemCall.retrying {
                setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            }
        }

        package static func accept(_ listener: Int32) throws(SystemError) -> Int32 {
            let descriptor = try SystemCall.retrying { systemAccept(listener) }
            // No SO_NOSIGPIPE here: Darwin's accepted socket inherits the listener's
            // (`bsd/kern/uipc_socket2.c`, `sonewconn_internal` copies `SOF_NOSIGPIPE`), and
            // setting it on a peer that already closed fails with EINVAL (`sosetoptlock`).
            try prepare([descriptor], sockets: false)
            return descriptor
        }

        package static func setNonBlocking(_ descriptor: Int32) throws(SystemError) {
            let flags = try SystemCall.retrying { fcntl(descriptor, F_GETFL) }
            try SystemCall.retrying { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        }

        package static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
            try SystemCall.retrying { systemSend(socket, bytes) }
        }

        package static func receive(
            _ socket: Int32, into buffer: UnsafeMutableRawBufferPointer
        ) throws(SystemError) -> Int {
            try SystemCall.retrying { recv(socket, buffer.baseAddress, buffer.count, 0) }
        }

        package static func shutdown(_ socket: Int32) {
            systemShutdown(socket)
        }

        package static func finishSending(_ socket: Int32) {
            _ = systemShutdown(socket, how: Int32(SHUT_WR))
        }

        package static func poll(_ entries: inout [PollEntry], milliseconds: Int32) throws(SystemError) -> Int {
            var descriptors = entries.map { entry in
                var events: Int16 = 0
                if entry.wanted.contains(.readable) { events |= Int16(POLLIN) }
                if entry.wanted.contains(.writable) { events |= Int16(POLLOUT) }
                return pollfd(fd: entry.descriptor, events: events, revents: 0)
            }
            let count = try SystemCall.retrying { systemPoll(&descriptors, milliseconds) }
            for index in entries.indices {
                let found = descriptors[index].revents
                var happened: PollEvents = []
                if found & Int16(POLLIN) != 0 { happened.insert(.readable) }
                if found & Int16(POLLOUT) != 0 { happened.insert(.writable) }
                if found & Int16(POLLHUP) != 0 { happened.insert(.hangUp) }
                if found & Int16(POLLERR | POLLNVAL) != 0 { happened.insert(.failed) }
                entries[index].happened = happened
            }
            return Int(count)
        }

        package static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            try SystemCall.retrying { pipe(&ends) }
            try prepare(ends, sockets: false, nonBlocking: true)
            return (ends[0], ends[1])
        }

        package static func makeSocketPair() throws(SystemError) -> (Int32, Int32) {
            var ends: [Int32] = [-1, -1]
            try SystemCall.retrying { socketpair(AF_UNIX, streamType, 0, &ends) }
            try prepare(ends, sockets: true)
            return (ends[0], ends[1])
        }

        /// Calls `body` with `address` as the C library takes it (on Darwin, its length in it).
        private static func withAddress(
            _ address: SocketAddress, _ body: (UnsafePointer<sockaddr>, socklen_t) throws(SystemError) -> Void
        ) throws(SystemError) {
            switch address {
            case .local(let path):
                var address = sockaddr_un()
                let bytes = Array(path.utf8)
                guard bytes.count <= maximumLocalPathBytes, !bytes.contains(0) else {
                    throw SystemError(.nameTooLong)
                }
                #if canImport(Darwin)
                    address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
                #endif
                address.sun_family = sa_family_t(AF_UNIX)
                withUnsafeMutableBytes(of: &address.sun_path) { raw in
                    raw.copyBytes(from: bytes)
                    raw[bytes.count] = 0
                }
                try withUnsafePointer(to: &address) { pointer throws(SystemError) in
                    try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SystemError) in
                        try body(address, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            case .loopback(let port):
                var address = sockaddr_in()
                #if canImport(Darwin)
                    address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
                #endif
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = port.bigEndian
                address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
                try withUnsafePointer(to: &address) { pointer throws(SystemError) in
                    try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SystemError) in
                        try body(address, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
        }
    }

    // The C library's calls that `SystemSockets` has members of the same names as, named where
    // those do not hide them, and what differs between the two systems' forms of them.
    #if canImport(Darwin)
        private let streamType = SOCK_STREAM
        private let noSignal: Int32 = 0
    #else
        private let streamType = Int32(SOCK_STREAM.rawValue)
        private let noSignal = Int32(MSG_NOSIGNAL)
    #endif
    private func systemBind(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        bind(socket, address, length)
    }
    private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        connect(socket, address, length)
    }
    private func systemListen(_ socket: Int32, _ backlog: Int32) -> Int32 { listen(socket, backlog) }
    private func systemAccept(_ listener: Int32) -> Int32 { accept(listener, nil, nil) }
    private func systemSend(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
        send(socket, bytes.baseAddress, bytes.count, noSignal)
    }
    private func systemShutdown(_ socket: Int32) { _ = shutdown(socket, Int32(SHUT_RDWR)) }
    private func systemShutdown(_ socket: Int32, how: Int32) -> Int32 { shutdown(socket, how) }
    private func systemPoll(_ descriptors: inout [pollfd], _ milliseconds: Int32) -> Int32 {
        poll(&descriptors, nfds_t(descriptors.count), milliseconds)
    }
#endif

#if canImport(Glibc)
    import Glibc

    #if XTREE_DARWIN_PERSONALITY
        // `Sockets` is Darwin's behaviour over these calls (Sockets+Personality.swift).
    #else
        /// The stream sockets of this platform.
        package typealias Sockets = LinuxSockets
    #endif

    /// ``SocketCalls`` on Linux: `MSG_NOSIGNAL` keeps `send` from raising `SIGPIPE`, and
    /// `sun_path` holds 108 bytes.
    package enum LinuxSockets: SocketCalls {
        package static var maximumLocalPathBytes: Int {
            MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1
        }

        package static func makeStreamSocket(for address: SocketAddress) throws(SystemError) -> Int32 {
            let family: Int32 =
                switch address {
                case .local: AF_UNIX
                case .loopback: AF_INET
                }
            return try SystemCall.retrying {
                socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            }
        }

        package static func bind(_ socket: Int32, to address: SocketAddress) throws(SystemError) {
            try withAddress(address) { pointer, length throws(SystemError) in
                try SystemCall.retrying { Glibc.bind(socket, pointer, length) }
            }
        }

        package static func listen(_ socket: Int32, backlog: Int32) throws(SystemError) {
            try SystemCall.retrying { Glibc.listen(socket, backlog) }
        }

        package static func connect(_ socket: Int32, to address: SocketAddress) throws(SystemError) {
            try withAddress(address) { pointer, length throws(SystemError) in
                try SystemCall.retrying { Glibc.connect(socket, pointer, length) }
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
            let descriptor = try SystemCall.retrying { Glibc.accept(listener, nil, nil) }
            // `accept4` would do this in one call, but Swift's Glibc does not declare it.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            return descriptor
        }

        package static func setNonBlocking(_ descriptor: Int32) throws(SystemError) {
            let flags = try SystemCall.retrying { fcntl(descriptor, F_GETFL) }
            try SystemCall.retrying { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        }

        package static func send(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
            try SystemCall.retrying { Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        }

        package static func receive(
            _ socket: Int32, into buffer: UnsafeMutableRawBufferPointer
        ) throws(SystemError) -> Int {
            try SystemCall.retrying { recv(socket, buffer.baseAddress, buffer.count, 0) }
        }

        package static func shutdown(_ socket: Int32) {
            _ = Glibc.shutdown(socket, Int32(SHUT_RDWR))
        }

        package static func poll(_ entries: inout [PollEntry], milliseconds: Int32) throws(SystemError) -> Int {
            var descriptors = entries.map { entry in
                var events: Int16 = 0
                if entry.wanted.contains(.readable) { events |= Int16(POLLIN) }
                if entry.wanted.contains(.writable) { events |= Int16(POLLOUT) }
                return pollfd(fd: entry.descriptor, events: events, revents: 0)
            }
            let count = try SystemCall.retrying { Glibc.poll(&descriptors, nfds_t(descriptors.count), milliseconds) }
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
            // `pipe2` would do this in one call, but Swift's Glibc does not declare it.
            try SystemCall.retrying { pipe(&ends) }
            for end in ends {
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            }
            return (ends[0], ends[1])
        }

        package static func makeSocketPair() throws(SystemError) -> (Int32, Int32) {
            var ends: [Int32] = [-1, -1]
            try SystemCall.retrying { socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return (ends[0], ends[1])
        }

        /// Calls `body` with `address` as the C library takes it.
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
#endif

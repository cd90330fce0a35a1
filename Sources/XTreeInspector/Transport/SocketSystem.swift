// Every difference between the platforms' POSIX socket APIs, and nothing else.
//
// Only the Glibc side is compiled and run where the package is developed. The Darwin side is
// kept to the documented declarations of <sys/socket.h>, <sys/un.h> and <netinet/in.h>:
// `sun_len` and `sin_len` exist there, `SOCK_STREAM` is an `Int32` (on Glibc an enum with a
// raw value), `MSG_NOSIGNAL` does not exist (the socket option `SO_NOSIGPIPE` does its job),
// and `sun_path` holds 104 bytes (108 on Linux).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum SocketSystem {
    #if canImport(Glibc)
        static let stream = Int32(SOCK_STREAM.rawValue)
        /// Flags for `send`: a peer that went away is `EPIPE`, not a signal.
        static let sendFlags = Int32(MSG_NOSIGNAL)
    #elseif canImport(Darwin)
        static let stream = SOCK_STREAM
        static let sendFlags: Int32 = 0
    #endif

    /// A new stream socket of `family`, closed on `exec`, that never raises `SIGPIPE`.
    static func makeSocket(family: Int32) -> Int32 {
        let descriptor = socket(family, stream, 0)
        guard descriptor >= 0 else { return descriptor }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        #if canImport(Darwin)
            var one: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return descriptor
    }

    /// Starts accepting connections on a bound socket.
    static func listen(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
            Glibc.listen(descriptor, 16)
        #elseif canImport(Darwin)
            Darwin.listen(descriptor, 16)
        #endif
    }

    /// Connects a socket to an address.
    static func connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
            Glibc.connect(descriptor, address, length)
        #elseif canImport(Darwin)
            Darwin.connect(descriptor, address, length)
        #endif
    }

    /// Calls `body` with the address of the Unix domain socket at `path`, or returns `nil` if
    /// the path does not fit.
    static func withUnixAddress<Result>(
        _ path: String,
        _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result
    ) -> Result? {
        var address = sockaddr_un()
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        #if canImport(Darwin)
            address.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }

    /// Calls `body` with the IPv4 loopback address (127.0.0.1) at `port` (0: any free port).
    static func withLoopbackAddress<Result>(port: UInt16, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result)
        -> Result
    {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        #if canImport(Darwin)
            address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }

    /// The port a bound IPv4 socket listens on.
    static func boundPort(of descriptor: Int32) -> UInt16? {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return status == 0 ? UInt16(bigEndian: address.sin_port) : nil
    }
}

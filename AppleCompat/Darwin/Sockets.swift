// Sockets, as Swift imports them from Apple's SDK: <sys/socket.h>, <sys/un.h>, <netinet/in.h>,
// <sys/poll.h>, <unistd.h>, <fcntl.h>.

/// header: <sys/socket.h> `#define AF_UNIX 1`
public var AF_UNIX: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `#define AF_INET 2`
public var AF_INET: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `#define SOCK_STREAM 1` (an `Int32`, where Glibc has an enum)
public var SOCK_STREAM: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `#define SOL_SOCKET 0xffff`
public var SOL_SOCKET: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `#define SO_REUSEADDR 0x0004`
public var SO_REUSEADDR: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `#define SO_NOSIGPIPE 0x1022` (Darwin's; Glibc has `MSG_NOSIGNAL` instead)
public var SO_NOSIGPIPE: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `#define SHUT_WR 1`
public var SHUT_WR: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `#define SHUT_RDWR 2`
public var SHUT_RDWR: Int32 { fatalError("a declaration, not an implementation") }

/// header: <sys/socket.h> `struct sockaddr { __uint8_t sa_len; sa_family_t sa_family; char sa_data[14]; };`
public struct sockaddr {
    /// header: <sys/socket.h> `__uint8_t sa_len;`
    public var sa_len: UInt8
    /// header: <sys/socket.h> `sa_family_t sa_family;`
    public var sa_family: sa_family_t
    /// header: <sys/socket.h> `char sa_data[14];`
    public var sa_data: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)
    /// header: <sys/socket.h> `struct sockaddr`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

/// header: <sys/un.h> `struct sockaddr_un { unsigned char sun_len; sa_family_t sun_family; char sun_path[104]; };`
public struct sockaddr_un {
    /// header: <sys/un.h> `unsigned char sun_len;`
    public var sun_len: UInt8
    /// header: <sys/un.h> `sa_family_t sun_family;`
    public var sun_family: sa_family_t
    /// header: <sys/un.h> `char sun_path[104];` (108 on Linux)
    public var sun_path:
        (
            CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
            CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
            CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
            CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
            CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
            CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar,
            CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar
        )
    /// header: <sys/un.h> `struct sockaddr_un`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

/// header: <netinet/in.h> `struct in_addr { in_addr_t s_addr; };`
public struct in_addr {
    /// header: <netinet/in.h> `in_addr_t s_addr;`
    public var s_addr: in_addr_t
    /// header: <netinet/in.h> `struct in_addr`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

/// header: <netinet/in.h> `struct sockaddr_in { __uint8_t sin_len; sa_family_t sin_family; in_port_t sin_port; struct in_addr sin_addr; char sin_zero[8]; };`
public struct sockaddr_in {
    /// header: <netinet/in.h> `__uint8_t sin_len;`
    public var sin_len: UInt8
    /// header: <netinet/in.h> `sa_family_t sin_family;`
    public var sin_family: sa_family_t
    /// header: <netinet/in.h> `in_port_t sin_port;`
    public var sin_port: in_port_t
    /// header: <netinet/in.h> `struct in_addr sin_addr;`
    public var sin_addr: in_addr
    /// header: <netinet/in.h> `char sin_zero[8];`
    public var sin_zero: (CChar, CChar, CChar, CChar, CChar, CChar, CChar, CChar)
    /// header: <netinet/in.h> `struct sockaddr_in`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

/// header: <sys/socket.h> `int socket(int, int, int);`
public func socket(_ domain: Int32, _ type: Int32, _ protocol: Int32) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/socket.h> `int bind(int, const struct sockaddr *, socklen_t) __DARWIN_ALIAS(bind);`
public func bind(_ socket: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/socket.h> `int listen(int, int) __DARWIN_ALIAS(listen);`
public func listen(_ socket: Int32, _ backlog: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `int accept(int, struct sockaddr * __restrict, socklen_t * __restrict) __DARWIN_ALIAS_C(accept);`
public func accept(
    _ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: UnsafeMutablePointer<socklen_t>!
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `int connect(int, const struct sockaddr *, socklen_t) __DARWIN_ALIAS_C(connect);`
public func connect(_ socket: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/socket.h> `int getsockname(int, struct sockaddr * __restrict, socklen_t * __restrict) __DARWIN_ALIAS(getsockname);`
public func getsockname(
    _ socket: Int32, _ address: UnsafeMutablePointer<sockaddr>!, _ length: UnsafeMutablePointer<socklen_t>!
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `int setsockopt(int, int, int, const void *, socklen_t);`
public func setsockopt(
    _ socket: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeRawPointer!, _ length: socklen_t
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/socket.h> `ssize_t send(int, const void *, size_t, int) __DARWIN_ALIAS_C(send);`
public func send(_ socket: Int32, _ buffer: UnsafeRawPointer!, _ length: Int, _ flags: Int32) -> Int {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/socket.h> `ssize_t recv(int, void *, size_t, int) __DARWIN_ALIAS_C(recv);`
public func recv(_ socket: Int32, _ buffer: UnsafeMutableRawPointer!, _ length: Int, _ flags: Int32) -> Int {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/socket.h> `int shutdown(int, int);`
public func shutdown(_ socket: Int32, _ how: Int32) -> Int32 { fatalError("a declaration, not an implementation") }

/// header: <sys/poll.h> `#define POLLIN 0x0001`
public var POLLIN: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/poll.h> `#define POLLOUT 0x0004`
public var POLLOUT: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/poll.h> `#define POLLERR 0x0008`
public var POLLERR: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/poll.h> `#define POLLHUP 0x0010`
public var POLLHUP: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/poll.h> `#define POLLNVAL 0x0020`
public var POLLNVAL: Int32 { fatalError("a declaration, not an implementation") }

/// header: <sys/poll.h> `struct pollfd { int fd; short events; short revents; };`
public struct pollfd {
    /// header: <sys/poll.h> `int fd;`
    public var fd: Int32
    /// header: <sys/poll.h> `short events;`
    public var events: Int16
    /// header: <sys/poll.h> `short revents;`
    public var revents: Int16
    /// header: <sys/poll.h> `struct pollfd`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
    /// header: <sys/poll.h> `struct pollfd`, as Swift imports any C struct: an initialiser of every field
    public init(fd: Int32, events: Int16, revents: Int16) { fatalError("a declaration, not an implementation") }
}

/// header: <sys/poll.h> `extern int poll(struct pollfd *, nfds_t, int) __DARWIN_ALIAS_C(poll);`
public func poll(_ descriptors: UnsafeMutablePointer<pollfd>!, _ count: nfds_t, _ timeout: Int32) -> Int32 {
    fatalError("a declaration, not an implementation")
}

/// header: <unistd.h> `int pipe(int [2]);`
public func pipe(_ descriptors: UnsafeMutablePointer<Int32>!) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/socket.h> `int socketpair(int, int, int, int *) __DARWIN_ALIAS(socketpair);`
public func socketpair(_ domain: Int32, _ type: Int32, _ protocol: Int32, _ sockets: UnsafeMutablePointer<Int32>!)
    -> Int32
{ fatalError("a declaration, not an implementation") }

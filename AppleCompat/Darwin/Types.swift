// Apple's declarations of the C types XTreePlatform's Darwin files use, as Swift imports them
// from the SDK's headers: compiled into a module named `Darwin` by Scripts/darwin-check.sh,
// never shipped. Each declaration quotes its header on the line above it.

/// header: <sys/_types/_mode_t.h> `typedef __darwin_mode_t mode_t;`, `__darwin_mode_t` being `__uint16_t`
public typealias mode_t = UInt16
/// header: <sys/_types/_off_t.h> `typedef __darwin_off_t off_t;`, `__darwin_off_t` being `__int64_t`
public typealias off_t = Int64
/// header: <sys/_types/_pid_t.h> `typedef __darwin_pid_t pid_t;`, `__darwin_pid_t` being `__int32_t`
public typealias pid_t = Int32
/// header: <sys/_types/_uid_t.h> `typedef __darwin_uid_t uid_t;`, `__darwin_uid_t` being `__uint32_t`
public typealias uid_t = UInt32
/// header: <sys/_types/_gid_t.h> `typedef __darwin_gid_t gid_t;`, `__darwin_gid_t` being `__uint32_t`
public typealias gid_t = UInt32
/// header: <sys/_types/_dev_t.h> `typedef __darwin_dev_t dev_t;`, `__darwin_dev_t` being `__int32_t`
public typealias dev_t = Int32
/// header: <sys/_types/_nlink_t.h> `typedef __uint16_t nlink_t;`
public typealias nlink_t = UInt16
/// header: <sys/_types/_blkcnt_t.h> `typedef __darwin_blkcnt_t blkcnt_t;`, `__darwin_blkcnt_t` being `__int64_t`
public typealias blkcnt_t = Int64
/// header: <sys/_types/_blksize_t.h> `typedef __darwin_blksize_t blksize_t;`, `__darwin_blksize_t` being `__int32_t`
public typealias blksize_t = Int32
/// header: <sys/_types/_time_t.h> `typedef __darwin_time_t time_t;`, `__darwin_time_t` being `long`
public typealias time_t = Int
/// header: <sys/_types/_socklen_t.h> `typedef __darwin_socklen_t socklen_t;`, `__darwin_socklen_t` being `__uint32_t`
public typealias socklen_t = UInt32
/// header: <sys/_types/_sa_family_t.h> `typedef __uint8_t sa_family_t;`
public typealias sa_family_t = UInt8
/// header: <sys/_types/_in_port_t.h> `typedef __uint16_t in_port_t;`
public typealias in_port_t = UInt16
/// header: <sys/_types/_in_addr_t.h> `typedef __uint32_t in_addr_t;`
public typealias in_addr_t = UInt32
/// header: <sys/poll.h> `typedef unsigned int nfds_t;`
public typealias nfds_t = UInt32
/// header: <sys/signal.h> `typedef void (*sig_t) (int);`
public typealias sig_t = @convention(c) (Int32) -> Void

/// header: <sys/_types/_timespec.h> `struct timespec { __darwin_time_t tv_sec; long tv_nsec; };`
public struct timespec {
    /// header: <sys/_types/_timespec.h> `__darwin_time_t tv_sec;`
    public var tv_sec: time_t
    /// header: <sys/_types/_timespec.h> `long tv_nsec;`
    public var tv_nsec: Int
    /// header: <sys/_types/_timespec.h> `struct timespec`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

/// header: <sys/_types/_suseconds_t.h> `typedef __darwin_suseconds_t suseconds_t;`, `__darwin_suseconds_t` being `__int32_t`
public typealias suseconds_t = Int32

/// header: <sys/_types/_timeval.h> `struct timeval { __darwin_time_t tv_sec; __darwin_suseconds_t tv_usec; };`
public struct timeval {
    /// header: <sys/_types/_timeval.h> `__darwin_time_t tv_sec;`
    public var tv_sec: time_t
    /// header: <sys/_types/_timeval.h> `__darwin_suseconds_t tv_usec;`
    public var tv_usec: suseconds_t
    /// header: <sys/_types/_timeval.h> `struct timeval`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

/// header: <sys/resource.h> `struct rusage { struct timeval ru_utime; struct timeval ru_stime; long ru_maxrss; … };`, the fields XTreePlatform reads
public struct rusage {
    /// header: <sys/resource.h> `struct timeval ru_utime; /* user time used (PL) */`
    public var ru_utime: timeval
    /// header: <sys/resource.h> `struct timeval ru_stime; /* system time used (PL) */`
    public var ru_stime: timeval
    /// header: <sys/resource.h> `struct rusage`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

// Signals, the terminal and the process, as Swift imports them from Apple's SDK:
// <sys/signal.h>, <signal.h>, <unistd.h>, <sys/ttycom.h>, <stdlib.h>, <sys/resource.h>,
// <dlfcn.h> (dyld's: its `__DYLDDL_*` marks make the calls unavailable on DriverKit only); and
// the Swift overlay's forms of `SIG_IGN`, `SIG_DFL`, `ioctl` and `TIOCGWINSZ` (Platform.swift,
// TiocConstants.swift).

/// header: <sys/signal.h> `#define SIGINT 2`
public var SIGINT: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/signal.h> `#define SIGPIPE 13`
public var SIGPIPE: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/signal.h> `#define SIGTERM 15`
public var SIGTERM: Int32 { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var SIG_DFL: sig_t? { return nil }`
public var SIG_DFL: sig_t? { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var SIG_IGN: sig_t { return unsafeBitCast(1, to: sig_t.self) }`
public var SIG_IGN: sig_t { fatalError("a declaration, not an implementation") }
/// header: <sys/signal.h> (xnu, "for historical reasons"; included by <signal.h>) `void (*signal(int, void (*)(int)))(int);`, which Swift imports with `sig_t`
public func signal(_ number: Int32, _ handler: sig_t!) -> sig_t! { fatalError("a declaration, not an implementation") }
/// header: <signal.h> `int kill(pid_t, int) __DARWIN_ALIAS(kill);`
public func kill(_ pid: pid_t, _ number: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `pid_t getpid(void);`
public func getpid() -> pid_t { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `int isatty(int);`
public func isatty(_ descriptor: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <stdlib.h> `void exit(int) __dead2;`
public func exit(_ status: Int32) -> Never { fatalError("a declaration, not an implementation") }
/// header: <stdlib.h> `int atexit(void (* _Nonnull)(void));`
public func atexit(_ body: @convention(c) () -> Void) -> Int32 { fatalError("a declaration, not an implementation") }

/// header: <sys/ttycom.h> `struct winsize { unsigned short ws_row; unsigned short ws_col; unsigned short ws_xpixel; unsigned short ws_ypixel; };`
public struct winsize {
    /// header: <sys/ttycom.h> `unsigned short ws_row;`
    public var ws_row: UInt16
    /// header: <sys/ttycom.h> `unsigned short ws_col;`
    public var ws_col: UInt16
    /// header: <sys/ttycom.h> `unsigned short ws_xpixel;`
    public var ws_xpixel: UInt16
    /// header: <sys/ttycom.h> `unsigned short ws_ypixel;`
    public var ws_ypixel: UInt16
    /// header: <sys/ttycom.h> `struct winsize`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}
/// header: Swift's Darwin overlay, TiocConstants.swift `public var TIOCGWINSZ: UInt { return 0x40087468 }`
public var TIOCGWINSZ: UInt { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public func ioctl(_ fd: CInt, _ request: UInt, _ ptr: UnsafeMutableRawPointer) -> CInt`
public func ioctl(_ fd: CInt, _ request: UInt, _ pointer: UnsafeMutableRawPointer) -> CInt { fatalError("a declaration, not an implementation") }
/// header: <sys/signal.h> `#define SIGKILL 9`
public var SIGKILL: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/signal.h> `#define SIGSTOP 17 /* sendable stop signal not from tty */`
public var SIGSTOP: Int32 { fatalError("a declaration, not an implementation") }
/// header: <dlfcn.h> `#define RTLD_NOW 0x2`
public var RTLD_NOW: Int32 { fatalError("a declaration, not an implementation") }
/// header: <dlfcn.h> `extern void * dlopen(const char * __path, int __mode) __DYLDDL_UNAVAILABLE;`
public func dlopen(_ path: UnsafePointer<CChar>!, _ mode: Int32) -> UnsafeMutableRawPointer! { fatalError("a declaration, not an implementation") }
/// header: <dlfcn.h> `extern void * dlsym(void * __handle, const char * __symbol) __DYLDDL_DLSYM_UNAVAILABLE;`
public func dlsym(_ handle: UnsafeMutableRawPointer!, _ symbol: UnsafePointer<CChar>!) -> UnsafeMutableRawPointer! { fatalError("a declaration, not an implementation") }

/// header: <sys/resource.h> `#define RUSAGE_SELF 0 /* calling process */`
public var RUSAGE_SELF: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/resource.h> `int getrusage(int, struct rusage *);`
public func getrusage(_ who: Int32, _ usage: UnsafeMutablePointer<rusage>!) -> Int32 {
    fatalError("a declaration, not an implementation")
}

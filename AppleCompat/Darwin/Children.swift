// Starting and reaping child processes, as Swift imports them from Apple's SDK: <spawn.h>,
// <sys/spawn.h>, <signal.h>, <sys/wait.h> and <string.h>. On Darwin the spawn types are
// `void *`, so Swift takes pointers to optional pointers.

/// header: <spawn.h> `typedef void *posix_spawnattr_t;`
public typealias posix_spawnattr_t = UnsafeMutableRawPointer
/// header: <spawn.h> `typedef void *posix_spawn_file_actions_t;`
public typealias posix_spawn_file_actions_t = UnsafeMutableRawPointer
/// header: <sys/_types.h> `typedef __uint32_t __darwin_sigset_t;`, and <sys/_types/_sigset_t.h> `typedef __darwin_sigset_t sigset_t;`
public typealias sigset_t = UInt32

/// header: <spawn.h> `int posix_spawn(pid_t * __restrict, const char * __restrict, const posix_spawn_file_actions_t *, const posix_spawnattr_t * __restrict, char *const __argv[__restrict], char *const __envp[__restrict]) __API_AVAILABLE(macos(10.5), ios(2.0)) __API_UNAVAILABLE(watchos, tvos);`
public func posix_spawn(
    _ pid: UnsafeMutablePointer<pid_t>!, _ path: UnsafePointer<CChar>!,
    _ actions: UnsafePointer<posix_spawn_file_actions_t?>!, _ attributes: UnsafePointer<posix_spawnattr_t?>!,
    _ argv: UnsafePointer<UnsafeMutablePointer<CChar>?>!, _ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>!
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <spawn.h> `int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);`
public func posix_spawn_file_actions_init(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t?>!) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <spawn.h> `int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);`
public func posix_spawn_file_actions_destroy(_ actions: UnsafeMutablePointer<posix_spawn_file_actions_t?>!) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <spawn.h> `int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);`
public func posix_spawn_file_actions_adddup2(
    _ actions: UnsafeMutablePointer<posix_spawn_file_actions_t?>!, _ descriptor: Int32, _ target: Int32
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <spawn.h> `int posix_spawnattr_init(posix_spawnattr_t *);`
public func posix_spawnattr_init(_ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <spawn.h> `int posix_spawnattr_destroy(posix_spawnattr_t *);`
public func posix_spawnattr_destroy(_ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <spawn.h> `int posix_spawnattr_setflags(posix_spawnattr_t *, short);`
public func posix_spawnattr_setflags(_ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!, _ flags: Int16) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <spawn.h> `int posix_spawnattr_setpgroup(posix_spawnattr_t *, pid_t);`
public func posix_spawnattr_setpgroup(_ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!, _ group: pid_t) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <spawn.h> `int posix_spawnattr_setsigdefault(posix_spawnattr_t * __restrict, const sigset_t * __restrict);`
public func posix_spawnattr_setsigdefault(
    _ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!, _ signals: UnsafePointer<sigset_t>!
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <spawn.h> `int posix_spawnattr_setsigmask(posix_spawnattr_t * __restrict, const sigset_t * __restrict);`
public func posix_spawnattr_setsigmask(
    _ attributes: UnsafeMutablePointer<posix_spawnattr_t?>!, _ signals: UnsafePointer<sigset_t>!
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/spawn.h> `#define POSIX_SPAWN_SETPGROUP 0x0002`
public var POSIX_SPAWN_SETPGROUP: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/spawn.h> `#define POSIX_SPAWN_SETSIGDEF 0x0004`
public var POSIX_SPAWN_SETSIGDEF: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/spawn.h> `#define POSIX_SPAWN_SETSIGMASK 0x0008`
public var POSIX_SPAWN_SETSIGMASK: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/spawn.h> `#define POSIX_SPAWN_CLOEXEC_DEFAULT 0x4000`
public var POSIX_SPAWN_CLOEXEC_DEFAULT: Int32 { fatalError("a declaration, not an implementation") }
/// header: <signal.h> `int sigemptyset(sigset_t *);`
public func sigemptyset(_ set: UnsafeMutablePointer<sigset_t>!) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <signal.h> `int sigfillset(sigset_t *);`
public func sigfillset(_ set: UnsafeMutablePointer<sigset_t>!) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <signal.h> `int sigdelset(sigset_t *, int);`
public func sigdelset(_ set: UnsafeMutablePointer<sigset_t>!, _ number: Int32) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/wait.h> `pid_t waitpid(pid_t, int *, int) __DARWIN_ALIAS_C(waitpid);`
public func waitpid(_ pid: pid_t, _ status: UnsafeMutablePointer<Int32>!, _ options: Int32) -> pid_t {
    fatalError("a declaration, not an implementation")
}
/// header: <sys/wait.h> `#define WNOHANG 0x00000001 /* [XSI] no hang in wait/no child to reap */`
public var WNOHANG: Int32 { fatalError("a declaration, not an implementation") }
/// header: <string.h> `char *strdup(const char *__s1);`
public func strdup(_ string: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! {
    fatalError("a declaration, not an implementation")
}
/// header: <signal.h> `int sigaddset(sigset_t *, int);`
public func sigaddset(_ set: UnsafeMutablePointer<sigset_t>!, _ number: Int32) -> Int32 {
    fatalError("a declaration, not an implementation")
}
/// header: <signal.h> `int pthread_sigmask(int, const sigset_t *, sigset_t *);`
public func pthread_sigmask(
    _ how: Int32, _ set: UnsafePointer<sigset_t>!, _ old: UnsafeMutablePointer<sigset_t>!
) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/signal.h> `#define SIG_UNBLOCK 2 /* unblock specified signal set */`
public var SIG_UNBLOCK: Int32 { fatalError("a declaration, not an implementation") }
/// <sys/_types.h> `typedef __uint32_t __darwin_useconds_t;` is useconds_t.
/// header: <unistd.h> `int usleep(useconds_t) __DARWIN_ALIAS_C(usleep);`
public func usleep(_ microseconds: UInt32) -> Int32 { fatalError("a declaration, not an implementation") }

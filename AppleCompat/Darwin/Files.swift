// Files and paths, as Swift imports them from Apple's SDK: <fcntl.h>, <sys/fcntl.h>, <unistd.h>,
// <sys/stat.h>, <stdlib.h>, <string.h>; and the Swift overlay's forms of the variadic
// `open` and `fcntl` and of the `S_IF*` constants (stdlib/public/Platform/Platform.swift).

/// header: <sys/fcntl.h> `#define O_RDONLY 0x0000`
public var O_RDONLY: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define O_WRONLY 0x0001`
public var O_WRONLY: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define O_NONBLOCK 0x00000004`
public var O_NONBLOCK: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define O_NOFOLLOW 0x00000100`
public var O_NOFOLLOW: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define O_CREAT 0x00000200`
public var O_CREAT: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define O_EXCL 0x00000800`
public var O_EXCL: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define O_CLOEXEC 0x01000000`
public var O_CLOEXEC: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define F_SETFD 2`
public var F_SETFD: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define F_FULLFSYNC 51 /* fsync + ask the drive to flush to the media */`
public var F_FULLFSYNC: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define F_GETFL 3`
public var F_GETFL: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define F_SETFL 4`
public var F_SETFL: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define FD_CLOEXEC 1`
public var FD_CLOEXEC: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define AT_FDCWD -2`
public var AT_FDCWD: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/_types/_seek_set.h> (included by <unistd.h>, <stdio.h> and <fcntl.h>) `#define SEEK_SET 0 /* set file offset to offset */`
public var SEEK_SET: Int32 { fatalError("a declaration, not an implementation") }

/// header: Swift's Darwin overlay, Platform.swift `public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32`
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32`
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32`
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `int close(int) __DARWIN_ALIAS_C(close);`
public func close(_ descriptor: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `ssize_t read(int, void *, size_t) __DARWIN_ALIAS_C(read);`
public func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer!, _ count: Int) -> Int { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `ssize_t write(int __fd, const void * __buf, size_t __nbyte) __DARWIN_ALIAS_C(write);`
public func write(_ descriptor: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `off_t lseek(int, off_t, int);`
public func lseek(_ descriptor: Int32, _ offset: off_t, _ whence: Int32) -> off_t { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `int fchown(int, uid_t, gid_t);`
public func fchown(_ descriptor: Int32, _ owner: uid_t, _ group: gid_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `int fsync(int) __DARWIN_ALIAS_C(fsync);`
public func fsync(_ descriptor: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `int unlink(const char *);`
public func unlink(_ path: UnsafePointer<CChar>!) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `uid_t getuid(void);`
public func getuid() -> uid_t { fatalError("a declaration, not an implementation") }
/// header: <stdio.h> `int rename (const char *__old, const char *__new);`
public func rename(_ old: UnsafePointer<CChar>!, _ new: UnsafePointer<CChar>!) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <stdlib.h> `char *realpath(const char * __restrict, char * __restrict) __DARWIN_EXTSN(realpath);`
public func realpath(_ path: UnsafePointer<CChar>!, _ resolved: UnsafeMutablePointer<CChar>!) -> UnsafeMutablePointer<CChar>! { fatalError("a declaration, not an implementation") }
/// header: <malloc/_malloc.h> (libmalloc; included by <stdlib.h>, which says "free is now declared in _malloc.h") `void free(void *);`
public func free(_ pointer: UnsafeMutableRawPointer!) { fatalError("a declaration, not an implementation") }
/// header: <string.h> `size_t strlen(const char *__s);`
public func strlen(_ string: UnsafePointer<CChar>!) -> Int { fatalError("a declaration, not an implementation") }

/// header: Swift's Darwin overlay, Platform.swift `public var S_IFMT: mode_t { return mode_t(0o170000) }`
public var S_IFMT: mode_t { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var S_IFIFO: mode_t { return mode_t(0o010000) }`
public var S_IFIFO: mode_t { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var S_IFCHR: mode_t { return mode_t(0o020000) }`
public var S_IFCHR: mode_t { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var S_IFDIR: mode_t { return mode_t(0o040000) }`
public var S_IFDIR: mode_t { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var S_IFBLK: mode_t { return mode_t(0o060000) }`
public var S_IFBLK: mode_t { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var S_IFREG: mode_t { return mode_t(0o100000) }`
public var S_IFREG: mode_t { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var S_IFLNK: mode_t { return mode_t(0o120000) }`
public var S_IFLNK: mode_t { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Platform.swift `public var S_IFSOCK: mode_t { return mode_t(0o140000) }`
public var S_IFSOCK: mode_t { fatalError("a declaration, not an implementation") }

/// header: <sys/stat.h> `struct stat __DARWIN_STRUCT_STAT64;` (`__DARWIN_64_BIT_INO_T`: 64-bit inode numbers)
public struct stat {
    /// header: <sys/stat.h> `dev_t st_dev;`
    public var st_dev: dev_t
    /// header: <sys/stat.h> `mode_t st_mode;` (a `UInt16`; Glibc's is a `UInt32`)
    public var st_mode: mode_t
    /// header: <sys/stat.h> `nlink_t st_nlink;`
    public var st_nlink: nlink_t
    /// header: <sys/stat.h> `__darwin_ino64_t st_ino;`
    public var st_ino: UInt64
    /// header: <sys/stat.h> `uid_t st_uid;`
    public var st_uid: uid_t
    /// header: <sys/stat.h> `gid_t st_gid;`
    public var st_gid: gid_t
    /// header: <sys/stat.h> `dev_t st_rdev;`
    public var st_rdev: dev_t
    /// header: <sys/stat.h> `struct timespec st_atimespec;`
    public var st_atimespec: timespec
    /// header: <sys/stat.h> `struct timespec st_mtimespec;`
    public var st_mtimespec: timespec
    /// header: <sys/stat.h> `struct timespec st_ctimespec;`
    public var st_ctimespec: timespec
    /// header: <sys/stat.h> `struct timespec st_birthtimespec;`
    public var st_birthtimespec: timespec
    /// header: <sys/stat.h> `off_t st_size;`
    public var st_size: off_t
    /// header: <sys/stat.h> `blkcnt_t st_blocks;`
    public var st_blocks: blkcnt_t
    /// header: <sys/stat.h> `blksize_t st_blksize;`
    public var st_blksize: blksize_t
    /// header: <sys/stat.h> `__uint32_t st_flags;`
    public var st_flags: UInt32
    /// header: <sys/stat.h> `__uint32_t st_gen;`
    public var st_gen: UInt32
    /// header: <sys/stat.h> `__int32_t st_lspare;`
    public var st_lspare: Int32
    /// header: <sys/stat.h> `__int64_t st_qspare[2];`
    public var st_qspare: (Int64, Int64)
    /// header: <sys/stat.h> `struct stat`, as Swift imports any C struct: `init()` zeroes it
    public init() { fatalError("a declaration, not an implementation") }
}

/// header: <sys/stat.h> `int fstat(int, struct stat *) __DARWIN_INODE64(fstat);`
public func fstat(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<stat>!) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `int lstat(const char *, struct stat *) __DARWIN_INODE64(lstat);`
public func lstat(_ path: UnsafePointer<CChar>!, _ buffer: UnsafeMutablePointer<stat>!) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `int fstatat(int, const char *, struct stat *, int) __DARWIN_INODE64(fstatat) __OSX_AVAILABLE_STARTING(__MAC_10_10, __IPHONE_8_0);`
public func fstatat(_ directory: Int32, _ path: UnsafePointer<CChar>!, _ buffer: UnsafeMutablePointer<stat>!, _ flags: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `int chmod(const char *, mode_t) __DARWIN_ALIAS(chmod);`
public func chmod(_ path: UnsafePointer<CChar>!, _ mode: mode_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `int fchmod(int, mode_t) __DARWIN_ALIAS(fchmod);`
public func fchmod(_ descriptor: Int32, _ mode: mode_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `int mkdir(const char *, mode_t);`
public func mkdir(_ path: UnsafePointer<CChar>!, _ mode: mode_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `mode_t umask(mode_t);`
public func umask(_ mask: mode_t) -> mode_t { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `gid_t getgid(void);`
public func getgid() -> gid_t { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `int chown(const char *, uid_t, gid_t);`
public func chown(_ path: UnsafePointer<CChar>!, _ owner: uid_t, _ group: gid_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `int mkfifo(const char *, mode_t);`
public func mkfifo(_ path: UnsafePointer<CChar>!, _ mode: mode_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/stat.h> `int mknod(const char *, mode_t, dev_t);`
public func mknod(_ path: UnsafePointer<CChar>!, _ mode: mode_t, _ device: dev_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `#define _CS_DARWIN_USER_TEMP_DIR 65537`
public var _CS_DARWIN_USER_TEMP_DIR: Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `size_t confstr(int, char *, size_t) __DARWIN_ALIAS(confstr);`
public func confstr(_ name: Int32, _ buffer: UnsafeMutablePointer<CChar>!, _ length: Int) -> Int { fatalError("a declaration, not an implementation") }

// Mapping files: <sys/mman.h>; `MAP_FAILED`, a macro Swift cannot import (`((void *)-1)`), as
// the Swift overlay declares it (stdlib/public/Platform/Darwin.swift).

/// header: <sys/fcntl.h> `#define O_RDWR 0x0002 /* open for reading and writing */`
public var O_RDWR: Int32 { fatalError("a declaration, not an implementation") }
/// header: <unistd.h> `int ftruncate(int, off_t);`
public func ftruncate(_ descriptor: Int32, _ length: off_t) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/mman.h> `#define PROT_READ 0x01 /* [MC2] pages can be read */`
public var PROT_READ: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/mman.h> `#define PROT_WRITE 0x02 /* [MC2] pages can be written */`
public var PROT_WRITE: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/mman.h> `#define MAP_SHARED 0x0001 /* [MF|SHM] share changes */`
public var MAP_SHARED: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/mman.h> `#define MS_SYNC 0x0010 /* [MF|SIO] msync synchronously */`
public var MS_SYNC: Int32 { fatalError("a declaration, not an implementation") }
/// header: Swift's Darwin overlay, Darwin.swift `public let MAP_FAILED = UnsafeMutableRawPointer(bitPattern: -1)! as UnsafeMutableRawPointer!`
public var MAP_FAILED: UnsafeMutableRawPointer! { fatalError("a declaration, not an implementation") }
/// header: <sys/mman.h> `void * mmap(void *, size_t, int, int, int, off_t) __DARWIN_ALIAS(mmap);`
public func mmap(
    _ address: UnsafeMutableRawPointer!, _ length: Int, _ protection: Int32, _ flags: Int32, _ descriptor: Int32,
    _ offset: off_t
) -> UnsafeMutableRawPointer! { fatalError("a declaration, not an implementation") }
/// header: <sys/mman.h> `int munmap(void *, size_t) __DARWIN_ALIAS(munmap);`
public func munmap(_ address: UnsafeMutableRawPointer!, _ length: Int) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/mman.h> `int msync(void *, size_t, int) __DARWIN_ALIAS_C(msync);`
public func msync(_ address: UnsafeMutableRawPointer!, _ length: Int, _ flags: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `int flock(int, int);`
public func flock(_ descriptor: Int32, _ operation: Int32) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define LOCK_EX 0x02 /* exclusive file lock */`
public var LOCK_EX: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/fcntl.h> `#define LOCK_NB 0x04 /* don't block when locking */`
public var LOCK_NB: Int32 { fatalError("a declaration, not an implementation") }
/// header: <stdlib.h> `char *getenv(const char *);`
public func getenv(_ name: UnsafePointer<CChar>!) -> UnsafeMutablePointer<CChar>! { fatalError("a declaration, not an implementation") }

// Errors and memory, as Swift imports them from Apple's SDK: <sys/errno.h>, <string.h>; and the
// Swift overlay's `errno` (stdlib/public/Platform/Platform.swift).

/// header: Swift's Darwin overlay, Platform.swift `public var errno: Int32 { get set }`
public var errno: Int32 {
    get { fatalError("a declaration, not an implementation") }
    set { fatalError("a declaration, not an implementation") }
}
/// header: <string.h> `char *strerror(int __errnum) __DARWIN_ALIAS(strerror);`
public func strerror(_ code: Int32) -> UnsafeMutablePointer<CChar>! { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EPERM 1`
public var EPERM: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define ENOENT 2`
public var ENOENT: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EINTR 4`
public var EINTR: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EIO 5`
public var EIO: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EACCES 13`
public var EACCES: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EEXIST 17`
public var EEXIST: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define ENOTDIR 20`
public var ENOTDIR: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define ENOSPC 28`
public var ENOSPC: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EROFS 30`
public var EROFS: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define ECONNREFUSED 61 /* Connection refused */`
public var ECONNREFUSED: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define ETXTBSY 26 /* Text file busy */`
public var ETXTBSY: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EILSEQ 92 /* Illegal byte sequence */`
public var EILSEQ: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EPIPE 32`
public var EPIPE: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EAGAIN 35`
public var EAGAIN: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define ELOOP 62`
public var ELOOP: Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define ENAMETOOLONG 63`
public var ENAMETOOLONG: Int32 { fatalError("a declaration, not an implementation") }

/// header: <string.h> `void *memchr(const void *__s, int __c, size_t __n);`
public func memchr(_ bytes: UnsafeRawPointer!, _ byte: Int32, _ count: Int) -> UnsafeMutableRawPointer! { fatalError("a declaration, not an implementation") }
/// header: <string.h> `int memcmp(const void *__s1, const void *__s2, size_t __n);`
public func memcmp(_ first: UnsafeRawPointer!, _ second: UnsafeRawPointer!, _ count: Int) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <sys/errno.h> `#define EBADF 9 /* Bad file descriptor */`
public var EBADF: Int32 { fatalError("a declaration, not an implementation") }

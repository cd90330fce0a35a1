// Mutexes, as Swift imports them from Apple's SDK: <pthread.h> (libpthread's, inside
// `assume_nonnull`, so its pointers import as non-optional unless marked `_Nullable`) and the
// types it takes from <sys/_pthread/_pthread_types.h>, <sys/_pthread/_pthread_mutex_t.h> and
// <sys/_pthread/_pthread_mutexattr_t.h>.

/// header: <sys/_pthread/_pthread_types.h> `struct _opaque_pthread_mutex_t { long __sig; char __opaque[__PTHREAD_MUTEX_SIZE__]; };` (`__PTHREAD_MUTEX_SIZE__` is 56 where `__LP64__`)
public struct _opaque_pthread_mutex_t {}
/// header: <sys/_pthread/_pthread_mutex_t.h> `typedef __darwin_pthread_mutex_t pthread_mutex_t;`, `__darwin_pthread_mutex_t` being `struct _opaque_pthread_mutex_t`
public typealias pthread_mutex_t = _opaque_pthread_mutex_t
/// header: <sys/_pthread/_pthread_types.h> `struct _opaque_pthread_mutexattr_t { long __sig; char __opaque[__PTHREAD_MUTEXATTR_SIZE__]; };`
public struct _opaque_pthread_mutexattr_t {}
/// header: <sys/_pthread/_pthread_mutexattr_t.h> `typedef __darwin_pthread_mutexattr_t pthread_mutexattr_t;`, `__darwin_pthread_mutexattr_t` being `struct _opaque_pthread_mutexattr_t`
public typealias pthread_mutexattr_t = _opaque_pthread_mutexattr_t

/// header: <pthread.h> `int pthread_mutex_init(pthread_mutex_t * __restrict, const pthread_mutexattr_t * _Nullable __restrict);`
public func pthread_mutex_init(_ mutex: UnsafeMutablePointer<pthread_mutex_t>, _ attributes: UnsafePointer<pthread_mutexattr_t>?) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <pthread.h> `int pthread_mutex_destroy(pthread_mutex_t *);`
public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <pthread.h> `int pthread_mutex_lock(pthread_mutex_t *);`
public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <pthread.h> `int pthread_mutex_trylock(pthread_mutex_t *);`
public func pthread_mutex_trylock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { fatalError("a declaration, not an implementation") }
/// header: <pthread.h> `int pthread_mutex_unlock(pthread_mutex_t *);`
public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 { fatalError("a declaration, not an implementation") }

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin) || canImport(Glibc)
    /// A `pthread_mutex_t` in memory of its own: one allocation of 40 bytes on Linux (64 on
    /// Apple's systems), which ThreadSanitizer sees. Foundation's `NSLock` on Linux is an object
    /// and three allocations (a mutex, and a condition with a mutex of its own for
    /// `lock(before:)`), and every published value and publisher has a lock: 100,000 observed
    /// objects took about 9 MB more with it (`xtree-bench --only journal`, the view's memory).
    ///
    /// A value: the class that holds one calls ``destroy()`` in its `deinit`.
    package struct SystemLock: @unchecked Sendable {
        // Safe to share: the mutex is only reached through pthread's calls, which are.
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

        // A default mutex fails only when misused (not initialised, or destroyed): a trap then.
        package init() {
            precondition(pthread_mutex_init(mutex, nil) == 0, "pthread_mutex_init failed")
        }

        /// Ends the mutex and frees its memory; the lock is not used after.
        package func destroy() {
            _ = pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        package func lock() {
            precondition(pthread_mutex_lock(mutex) == 0, "pthread_mutex_lock failed")
        }

        /// Whether the lock was free and is now held, without waiting.
        package func tryLock() -> Bool {
            pthread_mutex_trylock(mutex) == 0
        }

        package func unlock() {
            precondition(pthread_mutex_unlock(mutex) == 0, "pthread_mutex_unlock failed")
        }
    }
#endif

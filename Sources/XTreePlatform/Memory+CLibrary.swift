#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin) || canImport(Glibc)
    /// MemoryCalls on Apple's systems and Linux: `memchr` and `memcmp`.
    package enum Memory: MemoryCalls {
        package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
            guard let start = bytes.baseAddress, let found = memchr(start, Int32(byte), bytes.count) else { return nil }
            return UnsafeRawPointer(found) - start
        }

        package static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
            memcmp(first, second, count) == 0
        }

        /// glibc's `malloc_trim(0)`, looked up when called: not every C library has it. Nothing on
        /// Apple's systems, whose allocator gives pages back on its own, and where the benchmark
        /// reads no resident set size.
        package static func releaseFreeMemory() {
            #if canImport(Glibc) && !canImport(Darwin)
                guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_trim") else { return }
                _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
            #endif
        }

        package static func mapShared(_ descriptor: Int32, size: Int) throws(SystemError) -> UnsafeMutableRawPointer {
            let start = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
            guard let start, start != MAP_FAILED else { throw SystemError.last }
            return start
        }

        package static func unmap(_ start: UnsafeMutableRawPointer, size: Int) {
            _ = munmap(start, size)
        }

        package static func synchronize(_ start: UnsafeMutableRawPointer, size: Int) throws(SystemError) {
            try SystemCall.retrying { msync(start, size, MS_SYNC) }
        }
    }
#endif

#if canImport(Darwin)
    import Darwin

    /// MemoryCalls on Apple's systems: `memchr` and `memcmp`.
    package enum Memory: MemoryCalls {
        package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int? {
            guard let start = bytes.baseAddress, let found = memchr(start, Int32(byte), bytes.count) else { return nil }
            return UnsafeRawPointer(found) - start
        }

        package static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
            memcmp(first, second, count) == 0
        }

        /// Nothing: Apple's allocator gives pages back on its own, and the benchmark reads no
        /// resident set size there.
        package static func releaseFreeMemory() {}
    }
#endif

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

        /// glibc's `malloc_info` report, looked up when called (not every C library has it):
        /// the arenas' memory less their free chunks (the top chunk among them, since glibc
        /// 2.31), plus the chunks mapped on their own. `nil` on Apple's systems, where the
        /// benchmark shows no memory figures.
        package static func heapBytesInUse() -> Int? {
            #if canImport(Glibc) && !canImport(Darwin)
                guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "malloc_info") else { return nil }
                typealias Report = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
                let report = unsafeBitCast(symbol, to: Report.self)
                var text: UnsafeMutablePointer<CChar>?
                var length = 0
                guard let stream = open_memstream(&text, &length) else { return nil }
                let status = report(0, stream)
                fclose(stream)
                defer { free(text) }
                guard status == 0, let text else { return nil }
                // The totals of all arenas follow the last arena's element.
                let all = String(cString: text)
                let totals = all[(all.ranges(of: "</heap>").last?.upperBound ?? all.startIndex)...]
                func size(_ element: String) -> Int? {
                    guard let start = totals.firstRange(of: element)?.upperBound,
                        let end = totals[start...].firstRange(of: "/>")?.lowerBound,
                        let value = totals[start..<end].firstRange(of: "size=\"")?.upperBound
                    else { return nil }
                    return Int(totals[value...].prefix { $0.isASCII && $0.isNumber })
                }
                guard let current = size("<system type=\"current\""), let fast = size("<total type=\"fast\""),
                    let rest = size("<total type=\"rest\""), let mapped = size("<total type=\"mmap\"")
                else { return nil }
                return current - fast - rest + mapped
            #else
                return nil
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

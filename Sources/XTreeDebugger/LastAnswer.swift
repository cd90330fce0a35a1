import XTreeSupport

/// What the last entry point said, kept for a debugger to print: at a breakpoint in an app
/// attached outside Xcode, standard error is often `/dev/null`, and the answer is lost
/// (`p (char *)xtree_last_answer()` prints it there).
///
/// One buffer of ``capacity`` bytes, made once: an answer past it is cut, and says so.
enum LastAnswer {
    static let capacity = 64 * 1024
    private static let marker = Array("\n...(cut)\n".utf8)
    // Written under `lock` only; read by a debugger, whose process is stopped.
    nonisolated(unsafe) private static let buffer: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity + 1)
        buffer.initialize(repeating: 0, count: capacity + 1)
        return buffer
    }()
    private static let lock = Locked(0)

    /// The buffer, a C string.
    static var text: UnsafePointer<CChar> { UnsafePointer(lock.withLock { _ in buffer }) }

    /// Forgets the last answer: a new entry point call begins.
    static func begin() {
        lock.withLock { count in
            count = 0
            buffer[0] = 0
        }
    }

    /// Adds `bytes` to the answer, cut where the buffer ends.
    static func append(_ bytes: [UInt8]) {
        lock.withLock { count in
            let room = capacity - marker.count - count
            guard room >= 0 else { return }
            let taken = bytes.prefix(room)
            for byte in taken {
                buffer[count] = CChar(bitPattern: byte)
                count += 1
            }
            if taken.count < bytes.count {
                for byte in marker {
                    buffer[count] = CChar(bitPattern: byte)
                    count += 1
                }
                count = capacity  // Nothing more is added.
            }
            buffer[min(count, capacity)] = 0
        }
    }
}

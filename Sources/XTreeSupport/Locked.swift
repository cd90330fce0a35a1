import XTreePlatform

/// A value guarded by a lock, for the few places that are reached from several threads
/// (publishers here, and the CLI's notification counter).
// Safe to share: every access to `value` happens inside `withLock`, under `lock`.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = SystemLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    deinit {
        lock.destroy()
    }

    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// `body`'s result if the lock is free now, `nil` without waiting if it is held: for a
    /// debugger's call on a thread that must not wait on one a stopped thread may hold.
    package func tryWithLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
        guard lock.tryLock() else { return nil }
        defer { lock.unlock() }
        return try body(&value)
    }
}

import Foundation

/// Blocking client work on a thread of its own, off the concurrency pool, which runs the
/// server's handlers: a blocked pool thread could keep a handler from running.
func offMain<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

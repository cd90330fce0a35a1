#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call that failed: its `errno`, and the system's sentence for it.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    package let code: Int32

    package init(_ code: Int32) {
        self.code = code
    }

    /// The `errno` of the call that just failed.
    package static var last: SystemError { SystemError(errno) }

    /// The system's sentence, such as `No such file or directory`: the one place the package
    /// asks for it.
    package var description: String { String(cString: strerror(code)) }
}

/// The one door for system calls that report failure with -1 and `errno`: a call interrupted
/// by a signal (`EINTR`) is made again, and a failure becomes a ``SystemError``.
///
/// ```swift
/// let count = try SystemCall.retrying { read(descriptor, buffer, size) }
/// ```
package enum SystemCall {
    /// The call's result, made again while it is interrupted.
    ///
    /// - Throws: ``SystemError`` for any other failure.
    @discardableResult
    package static func retrying<Result: BinaryInteger>(_ call: () -> Result) throws(SystemError) -> Result {
        while true {
            let result = call()
            if result >= 0 { return result }
            guard errno == EINTR else { throw .last }
        }
    }
}

extension SystemCall {
    /// Writes every byte of `bytes` to a blocking `descriptor`, in as many calls as it takes.
    ///
    /// - Throws: ``SystemError``; `EIO` if the descriptor takes nothing.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try retrying { write(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { throw SystemError(EIO) }
            offset += written
        }
    }
}

// The interfaces in this module's files without a platform in their names import nothing, so
// that `Scripts/darwin-check.sh` can type-check the Darwin side against Apple's declarations
// alone (AppleCompat/Darwin). Each `+CLibrary.swift` file implements one interface for both
// platforms, its few differences under `#if`. Nothing else in the package calls the C library.

/// What a failed system call can mean that callers act on, whatever number each platform
/// gives it.
package enum SystemCondition: Sendable, CaseIterable {
    /// `EINTR`: a signal arrived; the call is made again.
    case interrupted
    /// `EAGAIN` or `EWOULDBLOCK`: a non-blocking call would have waited.
    case wouldBlock
    /// `EEXIST`.
    case alreadyExists
    /// `ENOENT`.
    case noSuchFile
    /// `EACCES`.
    case accessDenied
    /// `EPERM`.
    case notPermitted
    /// `ELOOP`.
    case symbolicLinkLoop
    /// `ENOTDIR`.
    case notDirectory
    /// `ENAMETOOLONG`.
    case nameTooLong
    /// `ENOSPC`.
    case noSpace
    /// `EROFS`.
    case readOnlyFileSystem
    /// `EILSEQ`: on Apple's file systems, a name that is not UTF-8.
    case illegalByteSequence
    /// `ECONNREFUSED`: nothing listens, or (on Darwin) the listener's queue is full.
    case connectionRefused
    /// `EPIPE`: the reader went away.
    case brokenPipe
    /// `EIO`.
    case inputOutput
    /// `ETXTBSY`: an executable still open for writing somewhere, which cannot be started.
    case textFileBusy
    /// `EBADF`: not an open descriptor; on Darwin, also what a defunct listener's accept says.
    case badDescriptor
}

/// How a platform reports what went wrong in a system call.
package protocol ErrorCalls {
    /// The `errno` of the last call that failed on this thread.
    static var last: Int32 { get }
    /// The system's sentence for `code`, such as `No such file or directory`.
    static func sentence(for code: Int32) -> String
    /// The number this platform gives `condition`.
    static func code(of condition: SystemCondition) -> Int32
}

/// A system call that failed: its `errno`, and the system's sentence for it.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    package let code: Int32

    package init(_ code: Int32) {
        self.code = code
    }

    /// The error of a condition, as this platform numbers it.
    package init(_ condition: SystemCondition) {
        code = Errors.code(of: condition)
    }

    /// The `errno` of the call that just failed.
    package static var last: SystemError { SystemError(Errors.last) }

    /// Whether the error is `condition`.
    package func `is`(_ condition: SystemCondition) -> Bool {
        // `EWOULDBLOCK` is `EAGAIN` on both platforms: one number each.
        code == Errors.code(of: condition)
    }

    /// The system's sentence, such as `No such file or directory`: the one place the package
    /// asks for it.
    package var description: String { Errors.sentence(for: code) }
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
            let code = Errors.last
            guard code == Errors.code(of: .interrupted) else { throw SystemError(code) }
        }
    }
}

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin) || canImport(Glibc)
    /// ErrorCalls on Apple's systems and Linux, whose C libraries name these alike.
    package enum Errors: ErrorCalls {
        package static var last: Int32 { errno }

        package static func sentence(for code: Int32) -> String {
            String(cString: strerror(code))
        }

        package static func code(of condition: SystemCondition) -> Int32 {
            switch condition {
            case .interrupted: EINTR
            case .wouldBlock: EAGAIN
            case .alreadyExists: EEXIST
            case .noSuchFile: ENOENT
            case .accessDenied: EACCES
            case .notPermitted: EPERM
            case .symbolicLinkLoop: ELOOP
            case .notDirectory: ENOTDIR
            case .nameTooLong: ENAMETOOLONG
            case .noSpace: ENOSPC
            case .readOnlyFileSystem: EROFS
            case .illegalByteSequence: EILSEQ
            case .connectionRefused: ECONNREFUSED
            case .brokenPipe: EPIPE
            case .inputOutput: EIO
            case .textFileBusy: ETXTBSY
            case .badDescriptor: EBADF
            }
        }
    }
#endif

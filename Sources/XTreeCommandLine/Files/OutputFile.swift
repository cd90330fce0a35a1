import Foundation
import XTreeArgumentParser
import XTreeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one way the CLI writes a file the user named (state files now, every later output).
///
/// The rule: a new path becomes a regular file (mode `0666` less the umask); an existing
/// regular file is replaced keeping its mode and, where the process may, its owner and group;
/// a symbolic link to a regular file is followed and its target written. Anything else (a
/// FIFO, a device, a socket, a directory, a link to one of them, or a link to nothing) is
/// refused and left as it was. The write is atomic: the data goes to a new file beside the
/// target, synced, then renamed over it, so a failure leaves the old file whole.
enum OutputFile {
    /// Why a file was not written.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// The path names something that is not a regular file; `what` says what it is.
        case notRegular(String)
        /// A system call failed with `errno`.
        case system(Int32)

        var description: String {
            switch self {
            case .notRegular(let what): "it is \(what), not a regular file; only regular files are written"
            case .system(let error): Self.reason(error)
            }
        }

        /// `errno` in our own words, for a file read or written.
        static func reason(_ error: Int32, reading: Bool = false) -> String {
            switch error {
            case ENOENT: reading ? "no such file" : "no such directory"
            case EACCES, EPERM: "permission denied"
            case ELOOP: "a loop of symbolic links"
            case ENOTDIR: "a part of the path is not a directory"
            case ENAMETOOLONG: "the path is too long"
            case ENOSPC: "no space left on the device"
            case EROFS: "a read-only file system"
            default: SystemError(error).description
            }
        }
    }

    /// Writes `bytes` to `path` by the rule above.
    ///
    /// - Throws: ``Problem``; the path is then as it was.
    static func write(_ bytes: [UInt8], to path: RawPath) throws(Problem) {
        let (target, existing) = try resolve(path)
        let (folder, name) = target.split
        let (descriptor, temporary) = try makeTemporary(in: folder, beside: name)
        var done = false
        defer {
            if !done { _ = temporary.withCString { unlink($0) } }
        }
        defer { close(descriptor) }
        if let existing {
            // Owner first: changing it may clear set-id bits that the mode then restores.
            if fchown(descriptor, existing.st_uid, existing.st_gid) != 0, errno != EPERM { throw .system(errno) }
            guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { throw .system(errno) }
        }
        try writeAll(bytes, to: descriptor)
        guard fsync(descriptor) == 0 else { throw .system(errno) }
        // What the path names may have changed since it was checked: check again, just before.
        let now = try resolve(path)
        guard now.target == target else { throw .notRegular("replaced while it was written") }
        guard temporary.withCString({ from in target.withCString { rename(from, $0) } }) == 0 else {
            throw .system(errno)
        }
        done = true
    }

    /// The file to write (the path, or a link's regular target) and its status if it exists.
    private static func resolve(_ path: RawPath) throws(Problem) -> (target: RawPath, existing: stat?) {
        var status = stat()
        guard path.withCString({ lstat($0, &status) }) == 0 else {
            guard errno == ENOENT else { throw .system(errno) }
            return (path, nil)
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return (path, status)
        case S_IFLNK:
            guard path.withCString({ stat($0, &status) }) == 0 else {
                if errno == ENOENT { throw .notRegular("a symbolic link to nothing") }
                throw .system(errno)
            }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw .notRegular("a symbolic link to \(kind(status.st_mode))")
            }
            guard let resolved = path.withCString({ realpath($0, nil) }) else { throw .system(errno) }
            defer { free(resolved) }
            let bytes = UnsafeRawBufferPointer(start: resolved, count: strlen(resolved))
            return (RawPath(bytes: Array(bytes)), status)
        default:
            throw .notRegular(kind(status.st_mode))
        }
    }

    /// A new file with a random name in `folder`, created with mode `0666` (the umask applies).
    private static func makeTemporary(in folder: RawPath, beside name: [UInt8]) throws(Problem) -> (Int32, RawPath) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let suffix = String(generator.next() as UInt64, radix: 36)
            let path = RawPath(bytes: folder.bytes + Array("/.".utf8) + name + Array(".\(suffix).tmp".utf8))
            let descriptor = path.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666) }
            if descriptor >= 0 { return (descriptor, path) }
            guard errno == EEXIST else { throw .system(errno) }
        }
        throw .system(EEXIST)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(Problem) {
        let failure: Int32? = bytes.withUnsafeBytes { raw in
            do throws(SystemError) {
                try SystemCall.writeAll(raw, to: descriptor)
                return nil
            } catch {
                return error.code
            }
        }
        if let failure { throw .system(failure) }
    }

    /// What a file of `mode` is, with its article.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: "a regular file"
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}

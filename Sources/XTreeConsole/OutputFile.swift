import Foundation
import XTreeArgumentParser
import XTreePlatform

/// The one way the CLI writes a file the user named (state files now, every later output).
///
/// The rule: a new path becomes a regular file (mode `0666` less the umask); an existing
/// regular file is replaced keeping its mode and, where the process may, its owner and group;
/// a symbolic link to a regular file is followed and its target written. Anything else (a
/// FIFO, a device, a socket, a directory, a link to one of them, or a link to nothing) is
/// refused and left as it was. The write is atomic: the data goes to a new file beside the
/// target, synced, then renamed over it, so a failure leaves the old file whole.
package enum OutputFile {
    /// Why a file was not written.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        /// The path names something that is not a regular file; `what` says what it is.
        case notRegular(String)
        /// A system call failed.
        case system(SystemError)

        package var description: String {
            switch self {
            case .notRegular(let what): "it is \(what), not a regular file; only regular files are written"
            case .system(let error): Self.reason(error)
            }
        }

        /// A system call's failure in our own words, for a file read or written.
        package static func reason(_ error: SystemError, reading: Bool = false) -> String {
            if error.is(.noSuchFile) { return reading ? "no such file" : "no such directory" }
            if error.is(.accessDenied) || error.is(.notPermitted) { return "permission denied" }
            if error.is(.symbolicLinkLoop) { return "a loop of symbolic links" }
            if error.is(.notDirectory) { return "a part of the path is not a directory" }
            if error.is(.nameTooLong) { return "the path is too long" }
            if error.is(.noSpace) { return "no space left on the device" }
            if error.is(.readOnlyFileSystem) { return "a read-only file system" }
            if error.is(.illegalByteSequence) {
                return "the file system takes only names that are UTF-8 (Apple's APFS refuses others)"
            }
            return error.description
        }
    }

    /// Writes `bytes` to `path` by the rule above.
    ///
    /// - Throws: ``Problem``; the path is then as it was.
    package static func write(_ bytes: [UInt8], to path: RawPath) throws(Problem) {
        let (target, existing) = try resolve(path)
        let (folder, name) = target.split
        let (descriptor, temporary) = try makeTemporary(in: folder, beside: name)
        var done = false
        defer {
            if !done { _ = temporary.withCString { try? Files.remove($0) } }
        }
        defer { Files.close(descriptor) }
        do throws(SystemError) {
            if let existing {
                // Owner first: changing it may clear set-id bits that the mode then restores.
                do {
                    try Files.changeOwner(of: descriptor, owner: existing.owner, group: existing.group)
                } catch  where error.is(.notPermitted) {}
                try Files.changePermissions(of: descriptor, to: existing.permissions)
            }
            try bytes.withUnsafeBytes { raw in
                Result { () throws(SystemError) in try Files.writeAll(raw, to: descriptor) }
            }
            .get()
            try Files.synchronize(descriptor)
        } catch {
            throw .system(error)
        }
        // What the path names may have changed since it was checked: check again, just before.
        let now = try resolve(path)
        guard now.target == target else { throw .notRegular("replaced while it was written") }
        let renamed = temporary.withCString { from in
            target.withCString { to in Result { () throws(SystemError) in try Files.rename(from, to: to) } }
        }
        if case .failure(let error) = renamed { throw .system(error) }
        done = true
    }

    /// The file to write (the path, or a link's regular target) and its status if it exists.
    private static func resolve(_ path: RawPath) throws(Problem) -> (target: RawPath, existing: FileStatus?) {
        let status = path.withCString { path in
            Result { () throws(SystemError) in try Files.status(at: path, followingLinks: false) }
        }
        let found: FileStatus
        switch status {
        case .success(let status): found = status
        case .failure(let error) where error.is(.noSuchFile): return (path, nil)
        case .failure(let error): throw .system(error)
        }
        switch found.kind {
        case .regular: return (path, found)
        case .symbolicLink:
            let target = path.withCString { path in
                Result { () throws(SystemError) in
                    (try Files.status(at: path, followingLinks: true), try Files.resolvedPath(path))
                }
            }
            switch target {
            case .success(let (status, resolved)):
                guard status.kind == .regular else { throw .notRegular("a symbolic link to \(status.kind.described)") }
                return (RawPath(bytes: resolved), status)
            case .failure(let error) where error.is(.noSuchFile):
                throw .notRegular("a symbolic link to nothing")
            case .failure(let error):
                throw .system(error)
            }
        default:
            throw .notRegular(found.kind.described)
        }
    }

    /// A new file with a random name in `folder`, created with mode `0666` (the umask applies).
    private static func makeTemporary(in folder: RawPath, beside name: [UInt8]) throws(Problem) -> (Int32, RawPath) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let suffix = String(generator.next() as UInt64, radix: 36)
            let path = RawPath(bytes: folder.bytes + Array("/.".utf8) + name + Array(".\(suffix).tmp".utf8))
            let opened = path.withCString { path in
                Result { () throws(SystemError) in
                    try Files.open(path, [.writeOnly, .create, .exclusive, .noFollow], mode: 0o666)
                }
            }
            switch opened {
            case .success(let descriptor): return (descriptor, path)
            case .failure(let error) where error.is(.alreadyExists): continue
            case .failure(let error): throw .system(error)
            }
        }
        throw .system(SystemError(.alreadyExists))
    }
}

/// What a path or an open descriptor names.
package enum FileKind: Sendable, Hashable {
    case regular, directory, fifo, characterDevice, blockDevice, socket, symbolicLink, other

    /// What a file of this kind is, with its article: `a FIFO`.
    package var described: String {
        switch self {
        case .regular: "a regular file"
        case .directory: "a directory"
        case .fifo: "a FIFO"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .socket: "a socket"
        case .symbolicLink: "a symbolic link"
        case .other: "a special file"
        }
    }
}

/// What `stat` says of a file, in types that are the same on every platform (`mode_t` is
/// `UInt16` on Darwin and `UInt32` on Linux).
package struct FileStatus: Sendable, Hashable {
    package var kind: FileKind
    /// The permission bits, set-id bits and sticky bit: the mode's low twelve bits.
    package var permissions: UInt32
    package var owner: UInt32
    package var group: UInt32
    /// In bytes.
    package var size: Int64

    package init(kind: FileKind, permissions: UInt32, owner: UInt32, group: UInt32, size: Int64) {
        self.kind = kind
        self.permissions = permissions
        self.owner = owner
        self.group = group
        self.size = size
    }
}

/// How to open a file; every descriptor is also closed on `exec`.
package struct OpenOptions: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// For writing only (without it, for reading only).
    package static let writeOnly = OpenOptions(rawValue: 1)
    /// Create the file if it does not exist.
    package static let create = OpenOptions(rawValue: 2)
    /// With `create`: fail if it exists.
    package static let exclusive = OpenOptions(rawValue: 4)
    /// Fail if the last part of the path is a symbolic link.
    package static let noFollow = OpenOptions(rawValue: 8)
    /// For reading and writing (instead of `writeOnly`).
    package static let readWrite = OpenOptions(rawValue: 16)
    /// Never wait in `open` (a FIFO with no writer) nor in reads and writes.
    package static let nonBlocking = OpenOptions(rawValue: 32)
}

/// Files and paths on one platform. Paths are C strings, so that a path that is not UTF-8
/// reaches the system as the bytes it was given. Calls interrupted by a signal are made
/// again; failures throw ``SystemError``.
package protocol FileCalls {
    /// Opens `path`; `mode` is for a file it creates (the umask applies).
    static func open(_ path: UnsafePointer<CChar>, _ options: OpenOptions, mode: UInt32) throws(SystemError) -> Int32
    /// Closes a descriptor; errors are ignored (the descriptor is gone either way).
    static func close(_ descriptor: Int32)
    /// Reads what is there into `buffer`; how many bytes, 0 at the end.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> Int
    /// Writes what it can of `bytes`; how many it wrote.
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int
    /// Goes back to the start of a regular file; whether it could.
    static func rewind(_ descriptor: Int32) -> Bool
    /// Moves to `offset` bytes from the start (at most the file's size makes sense); whether it could.
    static func seek(_ descriptor: Int32, to offset: Int64) -> Bool
    /// What an open descriptor names.
    static func status(of descriptor: Int32) throws(SystemError) -> FileStatus
    /// What `path` names; a symbolic link itself unless `followingLinks`.
    static func status(at path: UnsafePointer<CChar>, followingLinks: Bool) throws(SystemError) -> FileStatus
    /// Gives an open file this owner and group.
    static func changeOwner(of descriptor: Int32, owner: UInt32, group: UInt32) throws(SystemError)
    /// Gives an open file these permissions (the low twelve bits of a mode).
    static func changePermissions(of descriptor: Int32, to permissions: UInt32) throws(SystemError)
    /// Gives the file at `path` these permissions.
    static func changePermissions(at path: UnsafePointer<CChar>, to permissions: UInt32) throws(SystemError)
    /// Takes the exclusive advisory lock of an open file (`flock`) without waiting: whether it
    /// was free. The lock is the open file's, so another open of the same file in this very
    /// process is refused it too; it ends when the descriptor is closed.
    static func lock(_ descriptor: Int32) throws(SystemError) -> Bool
    /// Writes an open file's data through to its device.
    static func synchronize(_ descriptor: Int32) throws(SystemError)
    /// Makes an open regular file `size` bytes long, cutting it or adding zeros.
    static func setSize(of descriptor: Int32, to size: Int64) throws(SystemError)
    /// Renames `source` to `destination`, replacing it atomically.
    static func rename(_ source: UnsafePointer<CChar>, to destination: UnsafePointer<CChar>) throws(SystemError)
    /// Removes the name `path` (not a directory).
    static func remove(_ path: UnsafePointer<CChar>) throws(SystemError)
    /// Makes a directory with these permissions (the umask applies).
    static func makeDirectory(_ path: UnsafePointer<CChar>, permissions: UInt32) throws(SystemError)
    /// The absolute path `path` names, with every symbolic link resolved, as bytes.
    static func resolvedPath(_ path: UnsafePointer<CChar>) throws(SystemError) -> [UInt8]
    /// Sets the permissions new files and sockets are made without; the mask before.
    static func setCreationMask(_ mask: UInt32) -> UInt32
    /// The real user id of the process.
    static var userID: UInt32 { get }
    /// The real group id of the process.
    static var groupID: UInt32 { get }
    /// The user's own temporary directory where the platform names one: Darwin's
    /// `confstr(_CS_DARWIN_USER_TEMP_DIR)` (a sandboxed app's is in its container); `nil` on
    /// Linux, whose temporary directory is shared.
    static var userTemporaryDirectory: String? { get }

    // What the tests make of the file system: kinds of file the CLI must refuse to write.

    /// Makes a FIFO at `path`.
    static func makeFIFO(_ path: UnsafePointer<CChar>, permissions: UInt32) throws(SystemError)
    /// Makes a character device at `path` (the super-user only).
    static func makeCharacterDevice(
        _ path: UnsafePointer<CChar>, permissions: UInt32, major: UInt32, minor: UInt32
    ) throws(SystemError)
    /// Gives the file at `path` this owner and group (the super-user only, for another owner).
    static func changeOwner(at path: UnsafePointer<CChar>, owner: UInt32, group: UInt32) throws(SystemError)
}

extension FileCalls {
    /// Writes every byte of `bytes` to a blocking descriptor, in as many calls as it takes.
    ///
    /// - Throws: ``SystemError``; `EIO` if the descriptor takes nothing.
    package static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let written = try write(descriptor, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            guard written > 0 else { throw SystemError(.inputOutput) }
            offset += written
        }
    }
}

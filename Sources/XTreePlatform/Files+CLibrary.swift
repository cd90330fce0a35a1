#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

#if canImport(Darwin) || canImport(Glibc)
    /// ``FileCalls`` on Apple's systems, where `mode_t` is `UInt16`, and Linux, where it is `UInt32`.
    package enum Files: FileCalls {
        package static func open(
            _ path: UnsafePointer<CChar>, _ options: OpenOptions, mode: UInt32
        ) throws(SystemError) -> Int32 {
            var flags =
                O_CLOEXEC
                | (options.contains(.readWrite) ? O_RDWR : options.contains(.writeOnly) ? O_WRONLY : O_RDONLY)
            if options.contains(.create) {
                flags |= O_CREAT
                #if XTREE_DARWIN_PERSONALITY
                    try DarwinPersonality.checkName(path)
                #endif
            }
            if options.contains(.exclusive) { flags |= O_EXCL }
            if options.contains(.noFollow) { flags |= O_NOFOLLOW }
            if options.contains(.nonBlocking) { flags |= O_NONBLOCK }
            return try SystemCall.retrying { systemOpen(path, flags, mode_t(mode)) }
        }

        package static func close(_ descriptor: Int32) {
            _ = systemClose(descriptor)
        }

        package static func read(
            _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
        ) throws(SystemError) -> Int {
            try SystemCall.retrying { systemRead(descriptor, buffer.baseAddress, buffer.count) }
        }

        package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
            try SystemCall.retrying { systemWrite(descriptor, bytes.baseAddress, bytes.count) }
        }

        package static func seek(_ descriptor: Int32, to offset: Int64) -> Bool {
            offset >= 0 && lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset)
        }

        package static func rewind(_ descriptor: Int32) -> Bool {
            lseek(descriptor, 0, SEEK_SET) == 0
        }

        package static func status(of descriptor: Int32) throws(SystemError) -> FileStatus {
            var found = stat()
            try SystemCall.retrying { fstat(descriptor, &found) }
            return status(found)
        }

        package static func status(
            at path: UnsafePointer<CChar>, followingLinks: Bool
        ) throws(SystemError) -> FileStatus {
            var found = stat()
            if followingLinks {
                // `fstatat` rather than `stat(_:_:)`: Swift source cannot declare a function beside
                // the type of the same name, which AppleCompat/Darwin would need to check a call to it.
                try SystemCall.retrying { fstatat(AT_FDCWD, path, &found, 0) }
            } else {
                try SystemCall.retrying { lstat(path, &found) }
            }
            return status(found)
        }

        private static func status(_ found: stat) -> FileStatus {
            let kind: FileKind =
                switch found.st_mode & S_IFMT {
                case S_IFREG: .regular
                case S_IFDIR: .directory
                case S_IFIFO: .fifo
                case S_IFCHR: .characterDevice
                case S_IFBLK: .blockDevice
                case S_IFSOCK: .socket
                case S_IFLNK: .symbolicLink
                default: .other
                }
            return FileStatus(
                kind: kind, permissions: UInt32(found.st_mode & 0o7777), owner: found.st_uid, group: found.st_gid,
                size: Int64(found.st_size))
        }

        package static func changeOwner(of descriptor: Int32, owner: UInt32, group: UInt32) throws(SystemError) {
            try SystemCall.retrying { fchown(descriptor, owner, group) }
        }

        package static func changePermissions(of descriptor: Int32, to permissions: UInt32) throws(SystemError) {
            try SystemCall.retrying { fchmod(descriptor, mode_t(permissions & 0o7777)) }
        }

        package static func changePermissions(
            at path: UnsafePointer<CChar>, to permissions: UInt32
        ) throws(SystemError) {
            try SystemCall.retrying { chmod(path, mode_t(permissions & 0o7777)) }
        }

        /// Durable against power loss where the system offers it: Darwin's `fsync` only hands the
        /// data to the drive, whose cache may lose it; `F_FULLFSYNC` asks the drive to write it
        /// (`fcntl(2)`), and `fsync` stands in on file systems that do not take it.
        package static func lock(_ descriptor: Int32) throws(SystemError) -> Bool {
            do {
                try SystemCall.retrying { flock(descriptor, LOCK_EX | LOCK_NB) }
                return true
            } catch  where error == SystemError(.wouldBlock) {
                return false
            }
        }

        package static func synchronize(_ descriptor: Int32) throws(SystemError) {
            #if canImport(Darwin)
                if fcntl(descriptor, F_FULLFSYNC) != -1 { return }
            #endif
            try SystemCall.retrying { fsync(descriptor) }
        }

        package static func setSize(of descriptor: Int32, to size: Int64) throws(SystemError) {
            try SystemCall.retrying { ftruncate(descriptor, off_t(size)) }
        }

        package static func rename(
            _ source: UnsafePointer<CChar>, to destination: UnsafePointer<CChar>
        ) throws(SystemError) {
            #if XTREE_DARWIN_PERSONALITY
                try DarwinPersonality.checkName(destination)
            #endif
            try SystemCall.retrying { systemRename(source, destination) }
        }

        package static func remove(_ path: UnsafePointer<CChar>) throws(SystemError) {
            try SystemCall.retrying { unlink(path) }
        }

        package static func makeDirectory(_ path: UnsafePointer<CChar>, permissions: UInt32) throws(SystemError) {
            #if XTREE_DARWIN_PERSONALITY
                try DarwinPersonality.checkName(path)
            #endif
            try SystemCall.retrying { mkdir(path, mode_t(permissions & 0o7777)) }
        }

        package static func resolvedPath(_ path: UnsafePointer<CChar>) throws(SystemError) -> [UInt8] {
            guard let resolved = realpath(path, nil) else { throw SystemError.last }
            defer { free(resolved) }
            return Array(UnsafeRawBufferPointer(start: resolved, count: strlen(resolved)))
        }

        package static func setCreationMask(_ mask: UInt32) -> UInt32 {
            UInt32(umask(mode_t(mask & 0o777)))
        }

        package static var userID: UInt32 { getuid() }

        package static var groupID: UInt32 { getgid() }

        package static var userTemporaryDirectory: String? {
            #if XTREE_DARWIN_PERSONALITY
                DarwinPersonality.userTemporaryDirectory
            #elseif canImport(Darwin)
                // As `confstr` answers: its folder, else `TMPDIR`, else `/var/tmp/`.
                var path = [CChar](repeating: 0, count: 1_024)
                let count = confstr(Int32(_CS_DARWIN_USER_TEMP_DIR), &path, path.count)
                if count > 1, count <= path.count {
                    return String(decoding: path[..<(count - 1)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                }
                if let temporary = getenv("TMPDIR").map({ String(cString: $0) }), temporary.hasPrefix("/") {
                    return temporary
                }
                return "/var/tmp/"
            #else
                nil
            #endif
        }

        package static func makeFIFO(_ path: UnsafePointer<CChar>, permissions: UInt32) throws(SystemError) {
            #if XTREE_DARWIN_PERSONALITY
                try DarwinPersonality.checkName(path)
            #endif
            try SystemCall.retrying { mkfifo(path, mode_t(permissions & 0o7777)) }
        }

        package static func makeCharacterDevice(
            _ path: UnsafePointer<CChar>, permissions: UInt32, major: UInt32, minor: UInt32
        ) throws(SystemError) {
            try SystemCall.retrying { mknod(path, S_IFCHR | mode_t(permissions & 0o7777), device(major, minor)) }
        }

        /// The C library's `makedev`, a macro Swift does not import: Darwin's is
        /// `((dev_t)(((x) << 24) | (y)))`; glibc's spreads both numbers over 64 bits.
        private static func device(_ major: UInt32, _ minor: UInt32) -> dev_t {
            #if canImport(Darwin)
                dev_t(bitPattern: major << 24 | minor & 0xFF_FFFF)
            #else
                let (major, minor) = (dev_t(major), dev_t(minor))
                return (major & 0xFFFF_F000) << 32 | (major & 0xFFF) << 8 | (minor & 0xFFFF_FF00) << 12 | (minor & 0xFF)
            #endif
        }

        package static func changeOwner(
            at path: UnsafePointer<CChar>, owner: UInt32, group: UInt32
        ) throws(SystemError) {
            try SystemCall.retrying { chown(path, owner, group) }
        }
    }

    // The C library's calls that `Files` has members of the same names as, named where those do
    // not hide them.
    private func systemOpen(_ path: UnsafePointer<CChar>, _ flags: Int32, _ mode: mode_t) -> Int32 {
        open(path, flags, mode)
    }
    private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
    private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        read(descriptor, buffer, count)
    }
    private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        write(descriptor, bytes, count)
    }
    private func systemRename(_ source: UnsafePointer<CChar>, _ destination: UnsafePointer<CChar>) -> Int32 {
        rename(source, destination)
    }
#endif

import Foundation
import XTreeSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where inspectable apps announce themselves: one discovery file per app, readable by the
/// user only, in a directory only the user can enter.
///
/// `$XTREE_INSPECTOR_DIR` if set (an app in the iOS simulator, whose temporary directory is
/// inside its container, names the Mac's directory this way, in its scheme's environment),
/// else `$XDG_RUNTIME_DIR/xtree`, else `xtree-UID` in the temporary directory. The directory
/// is created with mode 0700 and refused if it is a symbolic link, not owned by the user, or
/// open to anyone else.
public enum InspectorDirectory {
    /// The directory, created if needed and checked.
    ///
    /// - Parameter chosen: A directory to use instead of the environment's choice.
    /// - Throws: ``InspectorError/unsafeDirectory(_:_:)`` if it is not the user's alone.
    public static func path(_ chosen: String? = nil) throws(InspectorError) -> String {
        let environment = ProcessInfo.processInfo.environment
        let path: String
        if let chosen {
            path = chosen
        } else if let chosen = environment["XTREE_INSPECTOR_DIR"], !chosen.isEmpty {
            path = chosen
        } else if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            path = runtime + "/xtree"
        } else {
            let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            path = (temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/xtree-\(getuid())"
        }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw .unsafeDirectory(path, "cannot be created: \(SystemError.last)")
        }
        var status = stat()
        guard lstat(path, &status) == 0 else {
            throw .unsafeDirectory(path, "cannot be read: \(SystemError.last)")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .unsafeDirectory(path, "is not a directory") }
        guard status.st_uid == getuid() else { throw .unsafeDirectory(path, "belongs to another user") }
        guard status.st_mode & 0o077 == 0 else {
            throw .unsafeDirectory(path, "is open to other users (mode \(String(status.st_mode & 0o777, radix: 8)))")
        }
        return path
    }

    /// The apps running now, oldest process id first.
    ///
    /// A discovery file is believed only as far as it can be checked: its name must be its
    /// process id's (a positive number), and a process that cannot be signalled (gone, or
    /// another user's) counts as gone unless its socket answers. The files of apps that are
    /// gone are removed, and so are their sockets: only `<pid>.sock` in the directory, and
    /// only if it is a socket, whatever address the file names. Files that do not parse are
    /// skipped.
    ///
    /// - Parameter chosen: A directory to look in instead of the environment's choice.
    public static func runningApps(in chosen: String? = nil) throws(InspectorError) -> [InspectableApp] {
        let directory = try path(chosen)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var apps: [InspectableApp] = []
        for name in names where name.hasSuffix(".json") {
            let file = directory + "/" + name
            guard let app = read(file), app.pid > 0, name == "\(app.pid).json" else { continue }
            if kill(app.pid, 0) == 0 || answers(app.address) {
                apps.append(app)
                continue
            }
            unlink(file)
            removeSocket(socket(for: app.pid, in: directory))
        }
        return apps.sorted { $0.pid < $1.pid }
    }

    /// The socket of process `pid`.
    static func socket(for pid: Int32, in directory: String) -> String { "\(directory)/\(pid).sock" }

    /// Removes `path` if it is a socket, and nothing else.
    static func removeSocket(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return }
        unlink(path)
    }

    /// Whether something accepts connections at a `unix:PATH` address.
    private static func answers(_ address: String) -> Bool {
        guard address.hasPrefix("unix:") else { return false }
        let descriptor = SocketSystem.makeSocket(family: AF_UNIX)
        guard descriptor >= 0 else { return false }
        defer { _ = close(descriptor) }
        let status = SocketSystem.withUnixAddress(String(address.dropFirst(5))) {
            SocketSystem.connect(descriptor, $0, $1)
        }
        return status == 0
    }

    /// The discovery file of process `pid`.
    static func file(for pid: Int32, in directory: String) -> String { "\(directory)/\(pid).json" }

    /// Writes `app`'s discovery file, mode 0600, atomically.
    static func announce(_ app: InspectableApp, in directory: String) throws(InspectorError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(app) else { throw .io("cannot encode the discovery file") }
        let final = file(for: app.pid, in: directory)
        let temporary = final + ".tmp"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .io("cannot write \(temporary): \(SystemError.last)") }
        let written = data.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
        _ = fchmod(descriptor, 0o600)
        close(descriptor)
        guard written == data.count, rename(temporary, final) == 0 else {
            unlink(temporary)
            throw .io("cannot write \(final)")
        }
    }

    /// A discovery file, read strictly and bounded; `nil` if it is not one.
    private static func read(_ file: String) -> InspectableApp? {
        var status = stat()
        guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= 64 * 1024,
            let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return try? JSONDecoder().decode(InspectableApp.self, from: data)
    }
}

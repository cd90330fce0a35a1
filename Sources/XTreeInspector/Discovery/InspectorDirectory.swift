import Foundation
import XTreePlatform
import XTreeSupport

/// Where inspectable apps announce themselves: one discovery file per app, readable by the
/// user only, in a directory only the user can enter.
///
/// `$XTREE_INSPECTOR_DIR` if set, else `$XDG_RUNTIME_DIR/xtree`, else `xtree-UID` in the
/// temporary directory, else, when those are refused (another user can make `xtree-UID` in a
/// shared `/tmp` first), `.xtree-inspector` in the home directory. The directory is created
/// with mode 0700 and refused if it is a symbolic link, not owned by the user, or open to
/// anyone else. An app in a container (the iOS simulator, the Mac's App Sandbox) has a
/// temporary directory of its own, where the CLI's `list` looks too
/// (``containerPaths(home:temporary:userID:)``).
public enum InspectorDirectory {
    /// The directory, created if needed and checked.
    ///
    /// - Parameter chosen: A directory to use instead of the environment's choice.
    /// - Throws: ``InspectorError/unsafeDirectory(_:_:)`` if it is not the user's alone.
    public static func path(_ chosen: String? = nil) throws(InspectorError) -> String {
        if let chosen { return try checked(chosen) }
        return try firstSafe(defaultPaths(environment: ProcessInfo.processInfo.environment, userID: Files.userID))
    }

    /// The first of `candidates` that is the user's alone (created if needed); if none is,
    /// an error naming each and why.
    package static func firstSafe(_ candidates: [String]) throws(InspectorError) -> String {
        var refusals: [InspectorError] = []
        for candidate in candidates {
            do {
                return try checked(candidate)
            } catch {
                refusals.append(error)
            }
        }
        guard refusals.count > 1 else { throw refusals.first ?? .unsafeDirectory("", "no directory to try") }
        throw .unsafeDirectory(
            candidates[0],
            "is refused, and so is every other place tried: " + refusals.map(\.description).joined(separator: "; "))
    }

    /// `path`, created if needed, if it is the user's alone.
    static func checked(_ path: String) throws(InspectorError) -> String {
        do {
            try Files.makeDirectory(path, permissions: 0o700)
        } catch  where !error.is(.alreadyExists) {
            throw .unsafeDirectory(path, "cannot be created: \(error)")
        } catch {}
        let status: FileStatus
        do {
            status = try Files.status(at: path, followingLinks: false)
        } catch {
            throw .unsafeDirectory(path, "cannot be read: \(error)")
        }
        guard status.kind == .directory else { throw .unsafeDirectory(path, "is not a directory") }
        guard status.owner == Files.userID else { throw .unsafeDirectory(path, "belongs to another user") }
        guard status.permissions & 0o077 == 0 else {
            throw .unsafeDirectory(
                path, "is open to other users (mode \(String(status.permissions & 0o777, radix: 8)))")
        }
        return path
    }

    /// The directory the environment names: `XTREE_INSPECTOR_DIR`, else
    /// `XDG_RUNTIME_DIR/xtree`, else `xtree-UID` in `TMPDIR` (or `/tmp`).
    package static func defaultPath(environment: [String: String], userID: UInt32) -> String {
        defaultPaths(environment: environment, userID: userID)[0]
    }

    /// Where apps announce themselves, in the order tried: `XTREE_INSPECTOR_DIR` alone if it
    /// is set; else `XDG_RUNTIME_DIR/xtree`, `xtree-UID` in `TMPDIR` (or the user's temporary
    /// directory Darwin names, or `/tmp`), and
    /// `.xtree-inspector` in `HOME`. A shared temporary directory lets another user create
    /// `xtree-UID` first, which is then refused as not the user's: an app and the CLI go on to
    /// the user's home, where no one else can. The CLI lists the apps of every place that is
    /// the user's.
    package static func defaultPaths(environment: [String: String], userID: UInt32) -> [String] {
        if let chosen = environment["XTREE_INSPECTOR_DIR"], !chosen.isEmpty { return [chosen] }
        var paths: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { paths.append(runtime + "/xtree") }
        let temporary =
            environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? Files.userTemporaryDirectory ?? "/tmp"
        paths.append((temporary.hasSuffix("/") ? String(temporary.dropLast()) : temporary) + "/xtree-\(userID)")
        if let home = environment["HOME"], home.hasPrefix("/") {
            paths.append((home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.xtree-inspector")
        }
        return paths
    }

    /// The apps running now, oldest process id first: in the places of ``defaultPaths(environment:userID:)``
    /// and, unless a directory is chosen, in apps' containers (``containerPaths(home:temporary:userID:)``).
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
        if let chosen { return try runningApps(inChecked: checked(chosen)) }
        let candidates = defaultPaths(environment: ProcessInfo.processInfo.environment, userID: Files.userID)
        var apps: [InspectableApp] = []
        var refusal: InspectorError?
        for candidate in candidates {
            guard existsOrIsFirst(candidate, of: candidates) else { continue }
            do {
                apps += try runningApps(inChecked: checked(candidate))
            } catch {
                refusal = refusal ?? error
            }
        }
        // Every place refused: say why, as an app that tried them would.
        if apps.isEmpty, let refusal, (try? firstSafe(candidates)) == nil { throw refusal }
        let environment = ProcessInfo.processInfo.environment
        if let home = environment["HOME"], home.hasPrefix("/") {
            let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? Files.userTemporaryDirectory
            for place in containerPaths(home: home, temporary: temporary, userID: Files.userID)
            where !candidates.contains(place) {
                // Another user's, or open to others: not believed, as a place of the CLI's own.
                apps += (try? runningApps(inChecked: checked(place))) ?? []
            }
        }
        return apps.sorted { $0.pid < $1.pid }
    }

    /// Where apps in containers announce themselves, which the CLI lists besides the places
    /// above: each app's own temporary directory holds `xtree-UID`. A sandboxed Mac app's is a
    /// folder of its own inside the user's (`/var/folders/…/T/CONTAINER-ID/`, beside the CLI's
    /// `TMPDIR`, outside the home folder: Libc's `dirhelper`; Apple's App Sandbox Design Guide),
    /// so no container is opened (macOS 14 asks the user before a tool reads another app's
    /// container); an app's in the iOS simulator is
    /// `~/Library/Developer/CoreSimulator/Devices/DEVICE/data/Containers/Data/Application/APP/tmp`.
    /// Only the places that exist, at most 4,096.
    ///
    /// - Parameter temporary: The CLI's temporary directory: where its last part is `T`, as
    ///   macOS names the user's, its subfolders are the sandboxed apps'.
    package static func containerPaths(home: String, temporary: String?, userID: UInt32) -> [String] {
        let home = home.hasSuffix("/") ? String(home.dropLast()) : home
        let name = "xtree-\(userID)"
        var places: [String] = []
        if var temporary, temporary.hasPrefix("/") {
            while temporary.hasSuffix("/") { temporary.removeLast() }
            if temporary.hasSuffix("/T") { places += subfolders(of: temporary).map { $0 + "/" + name } }
        }
        for device in subfolders(of: home + "/Library/Developer/CoreSimulator/Devices") {
            places += subfolders(of: device + "/data/Containers/Data/Application").map { $0 + "/tmp/" + name }
        }
        return Array(places.lazy.filter { (try? Files.status(at: $0, followingLinks: false)) != nil }.prefix(4_096))
    }

    /// The entries of `folder`, by name, as paths.
    private static func subfolders(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    /// Whether a place is worth listing: it exists, or it is where apps go first.
    private static func existsOrIsFirst(_ candidate: String, of candidates: [String]) -> Bool {
        candidate == candidates.first || (try? Files.status(at: candidate, followingLinks: false)) != nil
    }

    private static func runningApps(inChecked directory: String) throws(InspectorError) -> [InspectableApp] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var apps: [InspectableApp] = []
        for name in names where name.hasSuffix(".json") {
            let file = directory + "/" + name
            guard let app = read(file), app.pid > 0, name == "\(app.pid).json" else { continue }
            if Terminal.canSignal(app.pid) || answers(app.address) {
                apps.append(app)
                continue
            }
            try? Files.remove(file)
            removeSocket(socketPath(for: app.pid, in: directory))
        }
        return apps.sorted { $0.pid < $1.pid }
    }

    /// The socket of process `pid`.
    static func socketPath(for pid: Int32, in directory: String) -> String { "\(directory)/\(pid).sock" }

    /// Removes `path` if it is a socket, and nothing else.
    static func removeSocket(_ path: String) {
        guard !path.isEmpty, (try? Files.status(at: path, followingLinks: false))?.kind == .socket else { return }
        try? Files.remove(path)
    }

    /// Whether something accepts connections at a `unix:PATH` address.
    private static func answers(_ address: String) -> Bool {
        guard address.hasPrefix("unix:"), let socket = InspectableApp.socketAddress(address),
            let descriptor = try? Sockets.makeStreamSocket(for: socket)
        else { return false }
        defer { Files.close(descriptor) }
        return (try? Sockets.connect(descriptor, to: socket)) != nil
    }

    /// The discovery file of process `pid`.
    static func file(for pid: Int32, in directory: String) -> String { "\(directory)/\(pid).json" }

    /// Writes `app`'s discovery file, mode 0600, atomically.
    static func announce(_ app: InspectableApp, in directory: String) throws(InspectorError) {
        let encoder = JSONOutput.encoder()
        guard let data = try? encoder.encode(app) else { throw .io("cannot encode the discovery file") }
        let final = file(for: app.pid, in: directory)
        let temporary = final + ".tmp"
        try? Files.remove(temporary)
        let descriptor: Int32
        do {
            descriptor = try Files.open(temporary, [.writeOnly, .create, .exclusive, .noFollow], mode: 0o600)
        } catch {
            throw .io("cannot write \(temporary): \(error)")
        }
        let written = data.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try Files.writeAll(bytes, to: descriptor) }
        }
        try? Files.changePermissions(of: descriptor, to: 0o600)
        Files.close(descriptor)
        guard case .success = written, (try? Files.rename(temporary, to: final)) != nil else {
            try? Files.remove(temporary)
            throw .io("cannot write \(final)")
        }
    }

    /// A discovery file of the user's, read strictly and bounded; `nil` if it is not one.
    static func read(_ file: String) -> InspectableApp? {
        guard let status = try? Files.status(at: file, followingLinks: false), status.kind == .regular,
            status.owner == Files.userID, status.size <= 64 * 1024,
            let data = FileManager.default.contents(atPath: file)
        else { return nil }
        return try? JSONDecoder().decode(InspectableApp.self, from: data)
    }
}

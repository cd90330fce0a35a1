import Foundation
import XTreePlatform

extension InspectorDirectory {
    /// What a place where apps announce themselves holds, as `xtree-cli doctor` says it.
    package struct Place: Sendable {
        package let path: String
        /// Why the place is not used, if it is not: missing, or not the user's alone.
        package let refusal: String?
        /// What each discovery file there says, by file name.
        package let findings: [Finding]
    }

    /// One discovery file, and whether `list` and `--attach` see its app.
    package enum Finding: Sendable {
        /// Listed and attachable.
        case seen(InspectableApp)
        /// Listed, but it speaks another protocol version.
        case otherVersion(InspectableApp)
        /// Not believed: why.
        case hidden(file: String, reason: String)
    }

    /// Every place apps may announce themselves in, the user's `chosen` one alone if given,
    /// with what is there: read only, nothing removed.
    package static func diagnosis(in chosen: String?) -> [Place] {
        let environment = ProcessInfo.processInfo.environment
        var places = chosen.map { [$0] } ?? defaultPaths(environment: environment, userID: Files.userID)
        if chosen == nil, let home = environment["HOME"], home.hasPrefix("/") {
            let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? Files.userTemporaryDirectory
            places += containerPaths(home: home, temporary: temporary, userID: Files.userID).filter {
                !places.contains($0)
            }
        }
        return places.map(diagnose)
    }

    private static func diagnose(_ path: String) -> Place {
        guard let status = try? Files.status(at: path, followingLinks: false) else {
            return Place(path: path, refusal: "no such folder: no app has announced itself here", findings: [])
        }
        let refusal: String? =
            if status.kind != .directory {
                "it is \(status.kind.described), not a folder"
            } else if status.owner != Files.userID {
                "it belongs to user \(status.owner), not to you (\(Files.userID)): apps and the CLI pass over it"
            } else if status.permissions & 0o077 != 0 {
                "it is open to other users (mode \(String(status.permissions & 0o777, radix: 8))): chmod 700 it"
            } else {
                nil
            }
        if let refusal { return Place(path: path, refusal: refusal, findings: []) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter {
            $0.hasSuffix(".json")
        }
        return Place(path: path, refusal: nil, findings: names.sorted().map { finding(path + "/" + $0, name: $0) })
    }

    private static func finding(_ file: String, name: String) -> Finding {
        guard let status = try? Files.status(at: file, followingLinks: false), status.kind == .regular else {
            return .hidden(file: name, reason: "not a regular file")
        }
        guard status.owner == Files.userID else {
            return .hidden(file: name, reason: "it belongs to user \(status.owner), not to you: not believed")
        }
        guard let app = read(file) else {
            return .hidden(file: name, reason: "not a discovery file (at most 64 KiB of an app's JSON)")
        }
        guard app.pid > 0, name == "\(app.pid).json" else {
            return .hidden(file: name, reason: "it names process \(app.pid), not the one of its file name")
        }
        guard Terminal.canSignal(app.pid) else {
            return .hidden(file: name, reason: "its process \(app.pid) is gone (or another user's); list removes it")
        }
        return app.version == InspectorProtocol.version ? .seen(app) : .otherVersion(app)
    }
}

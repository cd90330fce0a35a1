import Foundation
import XTree
import XTreeArgumentParser
import XTreePlatform

/// `.xtree.json`, the file that names a package's launch executables once, so that
/// `--launch NAME` finds them.
///
/// ```json
/// {"launch": {"podcasts": ".build/debug/podcasts-launch",
///             "podcasts-offline": [".build/debug/podcasts-launch", "--offline"]}}
/// ```
///
/// A name maps to a path, or to a path and the arguments to start it with, taken from the
/// file's directory. The file is read strictly: an object whose `launch` maps names to a string
/// or a non-empty array of strings, at most 64 KiB.
///
/// The file decides what runs, so it is trusted as git trusts a repository
/// (`safe.directory`): the search goes from the current directory up to the repository's root
/// (the nearest folder holding `.git` or `Package.swift`; without one, the current directory
/// alone), never above `$HOME` nor into a folder the user does not own; the file must be a
/// regular file of the user's that no one else may write; and the program it names must lie
/// inside the file's folder once every link is resolved.
package enum LaunchConfiguration {
    /// The file's name.
    package static let fileName = ".xtree.json"

    /// What `--launch` starts.
    package struct Command: Equatable {
        package var path: String
        package var arguments: [String]
        /// The `.xtree.json` that named it; `nil` for a path given on the command line.
        package var file: String?
    }

    private struct File: Decodable {
        let launch: [String: Words]
    }

    /// A path, or a path and its arguments.
    private struct Words: Decodable {
        let words: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let path = try? container.decode(String.self) {
                words = [path]
            } else {
                words = try container.decode([String].self)
                guard !words.isEmpty else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "an empty command")
                }
            }
        }
    }

    /// The executable `--launch value` names and its arguments: `value` itself when it has a
    /// `/`; else what the nearest trusted `.xtree.json` gives the name, or, where none does,
    /// `value` in the current directory if it is an executable there.
    ///
    /// - Parameters:
    ///   - directory: The current directory.
    ///   - home: The user's home folder, which the search never goes above.
    ///   - user: The user whose files are trusted.
    package static func command(
        for value: String, from directory: String, home: String?, user: UInt32 = Files.userID
    ) throws(CLIError) -> Command {
        if value.contains("/") { return Command(path: value, arguments: [], file: nil) }
        let status = { (path: String) in try? Files.status(at: path, followingLinks: false) }
        for folder in searchedFolders(from: directory, home: home, user: user, status: status) {
            let file = folder + (folder.hasSuffix("/") ? "" : "/") + fileName
            guard status(file) != nil else { continue }
            let names = try read(file, user: user)
            guard let words = names[value]?.words else {
                if FileManager.default.isExecutableFile(atPath: value) {
                    return Command(path: "./" + value, arguments: [], file: nil)
                }
                throw .failure(
                    "\(TerminalText.escaped(file)) names no launch executable '\(TerminalText.escaped(value))'; it names "
                        + (names.isEmpty
                            ? "none" : names.keys.sorted().map { TerminalText.escaped($0) }.joined(separator: ", ")))
            }
            return Command(
                path: try program(words[0], named: value, in: folder, file: file),
                arguments: Array(words.dropFirst()), file: file)
        }
        if FileManager.default.isExecutableFile(atPath: value) {
            return Command(path: "./" + value, arguments: [], file: nil)
        }
        throw .failure(
            "no executable '\(TerminalText.escaped(value))' here, and no \(fileName) in this directory or up to its "
                + "repository's root names it; give a path (./\(TerminalText.escaped(value))) or name it in "
                + #"\#(fileName): {"launch": {"NAME": "PATH"}}"#)
    }

    /// The folders whose `.xtree.json` may be read, nearest first: from `directory` up to the
    /// repository's root (the nearest folder holding `.git` or `Package.swift`), stopping below
    /// a folder the user does not own and at `home`; `directory` alone where no root is found.
    ///
    /// - Parameter status: What a path names (a symbolic link itself), `nil` where nothing is.
    package static func searchedFolders(
        from directory: String, home: String?, user: UInt32, status: (String) -> FileStatus?
    ) -> [String] {
        let start = URL(fileURLWithPath: directory).standardizedFileURL
        let home = home.flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0).standardizedFileURL.path }
        var folders: [String] = []
        var folder = start
        while true {
            let path = folder.path
            guard let found = status(path), found.kind == .directory, found.owner == user else { break }
            folders.append(path)
            let join = path.hasSuffix("/") ? path : path + "/"
            if status(join + ".git") != nil || status(join + "Package.swift") != nil { return folders }
            let parent = folder.deletingLastPathComponent()
            if path == home || parent.path == path { break }
            folder = parent
        }
        return [start.path]
    }

    /// Why a `.xtree.json` with this status is not obeyed, or `nil` if it is: it must be a
    /// regular file owned by `user` that neither its group nor others may write.
    package static func distrust(_ status: FileStatus, user: UInt32) -> String? {
        guard status.kind == .regular else { return "it is \(status.kind.described), not a regular file" }
        guard status.owner == user else { return "it belongs to user \(status.owner), not to you (\(user))" }
        guard status.permissions & 0o022 == 0 else {
            return "others may write it (mode \(String(status.permissions, radix: 8))); chmod go-w it"
        }
        return nil
    }

    /// The program `word` names, resolved from `folder`; it must lie inside `folder`.
    private static func program(_ word: String, named name: String, in folder: String, file: String) throws(CLIError)
        -> String
    {
        let joined = word.hasPrefix("/") ? word : folder + "/" + word
        guard let resolved = try? String(decoding: Files.resolvedPath(joined), as: UTF8.self),
            let root = try? String(decoding: Files.resolvedPath(folder), as: UTF8.self)
        else {
            throw .failure(
                "\(TerminalText.escaped(file)) names '\(TerminalText.escaped(name))' as "
                    + "\(TerminalText.escaped(joined)), which does not exist; build it first")
        }
        guard resolved.hasPrefix(root.hasSuffix("/") ? root : root + "/") else {
            throw .failure(
                "\(TerminalText.escaped(file)) names '\(TerminalText.escaped(name))' as "
                    + "\(TerminalText.escaped(resolved)), outside the file's folder; a \(fileName) may only start "
                    + "programs inside its own folder: give the path with --launch if you mean it")
        }
        return resolved
    }

    /// What reading a `.xtree.json` found.
    private enum Contents {
        case bytes([UInt8])
        case distrusted(String)
    }

    /// The file's bytes, up to one past `limit`, once its descriptor shows it may be trusted.
    private static func contents(of file: String, user: UInt32, limit: Int) throws(SystemError) -> Contents {
        let descriptor = try Files.open(file, [.noFollow], mode: 0)
        defer { Files.close(descriptor) }
        if let reason = distrust(try Files.status(of: descriptor), user: user) { return .distrusted(reason) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 8192)
        while bytes.count <= limit {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in
                    try Files.read(descriptor, into: buffer)
                }
            }.get()
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        return .bytes(bytes)
    }

    private static func read(_ file: String, user: UInt32) throws(CLIError) -> [String: Words] {
        let limit = 64 * 1024
        let bytes: [UInt8]
        do {
            switch try contents(of: file, user: user, limit: limit) {
            case .bytes(let found): bytes = found
            case .distrusted(let reason): throw CLIError.failure("not obeying \(TerminalText.escaped(file)): \(reason)")
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("cannot read \(TerminalText.escaped(file)): \(error)")
        }
        guard bytes.count <= limit else { throw .failure("cannot read \(TerminalText.escaped(file)): over 64 KiB") }
        do {
            return try JSONDecoder().decode(File.self, from: Data(bytes)).launch
        } catch {
            throw .failure(
                "cannot read \(TerminalText.escaped(file)): it must be a JSON object whose \"launch\" maps names "
                    + "to an executable, or to an executable and its arguments")
        }
    }
}

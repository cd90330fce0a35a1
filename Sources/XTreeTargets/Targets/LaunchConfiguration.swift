import Foundation
import XTree
import XTreeArgumentParser
import XTreePlatform

/// `.xtree.json`, the file that names a package's launch executables once, so that
/// `--launch NAME` finds them: the first such file in the current directory or above it.
///
/// ```json
/// {"launch": {"podcasts": ".build/debug/podcasts-launch",
///             "podcasts-offline": [".build/debug/podcasts-launch", "--offline"]}}
/// ```
///
/// A name maps to a path, or to a path and the arguments to start it with. A relative path is
/// taken from the file's directory. The file is read strictly: an object whose `launch` maps
/// names to a string or a non-empty array of strings, at most 64 KiB.
package enum LaunchConfiguration {
    /// The file's name.
    package static let fileName = ".xtree.json"

    private struct File: Decodable {
        let launch: [String: Command]
    }

    /// A path, or a path and its arguments.
    private struct Command: Decodable {
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
    /// `/`; else what the nearest `.xtree.json` gives the name, or, where none does, `value` in
    /// the current directory if it is an executable there.
    package static func command(for value: String, from directory: String) throws(CLIError) -> (
        path: String, arguments: [String]
    ) {
        if value.contains("/") { return (value, []) }
        var folder = URL(fileURLWithPath: directory).standardizedFileURL
        while true {
            let file = folder.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: file) {
                let names = try read(file)
                if let words = names[value]?.words {
                    let path = words[0].hasPrefix("/") ? words[0] : folder.appendingPathComponent(words[0]).path
                    return (path, Array(words.dropFirst()))
                }
                if FileManager.default.isExecutableFile(atPath: value) { return ("./" + value, []) }
                throw .failure(
                    "\(TerminalText.escaped(file)) names no launch executable '\(TerminalText.escaped(value))'; it names "
                        + (names.isEmpty
                            ? "none" : names.keys.sorted().map { TerminalText.escaped($0) }.joined(separator: ", ")))
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        if FileManager.default.isExecutableFile(atPath: value) { return ("./" + value, []) }
        throw .failure(
            "no executable '\(TerminalText.escaped(value))' here, and no \(fileName) in this directory or above names "
                + "it; give a path (./\(TerminalText.escaped(value))) or name it in \(fileName): "
                + #"{"launch": {"NAME": "PATH"}}"#)
    }

    private static func read(_ file: String) throws(CLIError) -> [String: Command] {
        guard let status = try? Files.status(at: file, followingLinks: true), status.kind == .regular,
            status.size <= 64 * 1024, let data = FileManager.default.contents(atPath: file)
        else { throw .failure("cannot read \(TerminalText.escaped(file)): not a regular file of at most 64 KiB") }
        do {
            return try JSONDecoder().decode(File.self, from: data).launch
        } catch {
            throw .failure(
                "cannot read \(TerminalText.escaped(file)): it must be a JSON object whose \"launch\" maps names "
                    + "to an executable, or to an executable and its arguments")
        }
    }
}

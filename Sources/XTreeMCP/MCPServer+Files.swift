import Foundation
import XTreePlatform

extension MCPServer {
    /// The file an agent named for reading, as an absolute path with its links resolved: it
    /// must lie under the server's working directory and be a regular file, checked on a
    /// descriptor opened without following a last link and without waiting (a FIFO never
    /// blocks the server). Problems name the path as the agent gave it, never what is in it.
    static func readableFile(_ path: String) -> Result<String, Problem> {
        let shown = "'\(path.prefix(200))'"
        let root = FileManager.default.currentDirectoryPath
        let joined = path.hasPrefix("/") ? path : root + "/" + path
        guard let resolved = try? String(decoding: Files.resolvedPath(joined), as: UTF8.self),
            let base = try? String(decoding: Files.resolvedPath(root), as: UTF8.self)
        else { return .failure(Problem(message: "no file \(shown)")) }
        guard resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            return .failure(
                Problem(message: "\(shown) is outside the server's working directory; name a file under it"))
        }
        do {
            let descriptor = try Files.open(resolved, [.noFollow, .nonBlocking], mode: 0)
            defer { Files.close(descriptor) }
            let status = try Files.status(of: descriptor)
            guard status.kind == .regular else {
                return .failure(Problem(message: "\(shown) is \(status.kind.described), not a regular file"))
            }
        } catch {
            return .failure(Problem(message: "cannot open \(shown): \(error)"))
        }
        return .success(resolved)
    }
}

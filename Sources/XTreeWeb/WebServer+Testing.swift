import Dispatch
import Foundation
import XTreePlatform

extension WebServer {
    /// What a raw client gets for the bytes `request` sent to 127.0.0.1:`port`: the status of
    /// the first answer (0 if none came), its head and everything after it, read until the
    /// server closes or `timeout` seconds pass. Blocks the calling thread: tests call it off
    /// the concurrency pool, which runs the server's handlers.
    package static func exchange(
        port: UInt16, _ request: [UInt8], timeout: Double = 30
    ) -> (status: Int, head: String, body: String) {
        guard let descriptor = try? Sockets.makeStreamSocket(for: .loopback(port: port)) else { return (0, "", "") }
        defer { Files.close(descriptor) }
        guard (try? Sockets.connect(descriptor, to: .loopback(port: port))) != nil else { return (0, "", "") }
        _ = request.withUnsafeBytes { bytes in try? Files.writeAll(bytes, to: descriptor) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while DispatchTime.now().uptimeNanoseconds < deadline {
            var entries = [PollEntry(descriptor, wanted: .readable)]
            let left = Int32((deadline - min(deadline, DispatchTime.now().uptimeNanoseconds)) / 1_000_000)
            guard (try? Sockets.poll(&entries, milliseconds: max(1, left))) ?? 0 > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { (try? Sockets.receive(descriptor, into: $0)) ?? 0 }
            if count == 0 { break }
            received += buffer[..<count]
        }
        let answer = String(decoding: received, as: UTF8.self)
        let parts = answer.components(separatedBy: "\r\n\r\n")
        let status = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }
}

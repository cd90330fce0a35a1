import Foundation
import XTreePlatform

/// An app that can be inspected, as its discovery file describes it.
public struct InspectableApp: Codable, Sendable, Hashable {
    /// The name the app gave its inspector.
    public var name: String
    /// Its process id.
    public var pid: Int32
    /// Where to connect: `unix:PATH` or `tcp:127.0.0.1:PORT`.
    public var address: String
    /// The app's loopback address, `tcp:127.0.0.1:PORT`, if it listens on loopback TCP (then
    /// `address` too, when it makes no Unix socket).
    public var loopback: String?
    /// The secret a client presents first.
    public var token: String
    /// The protocol version the app speaks.
    public var version: Int

    /// The socket an address names: `unix:PATH`, or `tcp:127.0.0.1:PORT`; `nil` for any other.
    package static func socketAddress(_ address: String) -> SocketAddress? {
        if address.hasPrefix("unix:") { return .local(String(address.dropFirst(5))) }
        if address.hasPrefix("tcp:127.0.0.1:"), let port = UInt16(address.dropFirst(14)) {
            return .loopback(port: port)
        }
        return nil
    }
}

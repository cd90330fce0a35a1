import Foundation

/// An app that can be inspected, as its discovery file describes it.
public struct InspectableApp: Codable, Sendable, Hashable {
    /// The name the app gave its inspector.
    public var name: String
    /// Its process id.
    public var pid: Int32
    /// Where to connect: `unix:PATH` or `tcp:127.0.0.1:PORT`.
    public var address: String
    /// The app's other address, `tcp:127.0.0.1:PORT`, if it listens on loopback TCP too.
    public var loopback: String?
    /// The secret a client presents first.
    public var token: String
    /// The protocol version the app speaks.
    public var version: Int
}

/// Websites whose set the app decides at run time, such as the servers a user has accounts on:
/// their `https` links are the table's links. Forms print the class by its name
/// (`https://<server>/@<user>`); examples use its sample host.
///
/// ```swift
/// RouteHosts("server", sample: "social.example") { Accounts.current.hosts.contains($0) }
/// ```
public struct RouteHosts: Sendable {
    /// What the hosts are, as forms print them: `server`.
    public let name: String
    /// A host of the class, for examples and round trips: `social.example`.
    public let sample: String
    private let accepts: @Sendable (String) -> Bool

    /// Hosts named `name`, of which `sample` is one, that `accepts` takes (given each host in
    /// lower case).
    public init(_ name: String, sample: String, accepts: @escaping @Sendable (String) -> Bool) {
        self.name = name
        self.sample = sample.lowercased()
        self.accepts = accepts
    }

    /// Whether `host` (in lower case) is of the class.
    public func contains(_ host: String) -> Bool { accepts(host) }
}

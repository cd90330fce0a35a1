/// Who the web server answers: a request whose `Host` is the server's own, that comes from no
/// other site's page, and that carries the token.
///
/// Each rule follows the standards, and the tests hold a table of the variants of each:
/// - `Host` must be `127.0.0.1:PORT` or `localhost:PORT`, compared without regard to case
///   (host names are case-insensitive, RFC 3986 §3.2.2), so that a page of another site reached
///   through a name that resolves here (DNS rebinding) is refused with 421. Any other spelling
///   of the same address (`localhost.`, `127.1`, `2130706433`, `[::1]`) is another authority
///   to a browser, which writes the ones that mean 127.0.0.1 as `127.0.0.1` itself, so only
///   another client sends them: refused too. A request without `Host` is 400 (RFC 9112 §3.2).
/// - `Origin`, when present, must be `http://127.0.0.1:PORT` or `http://localhost:PORT`
///   (scheme and host case-insensitive): an origin is scheme, host and port (RFC 6454), and
///   `null` (sandboxed frames, `file:` pages) is nobody's. Refused with 403.
/// - The token, in the query or in the cookie, compared in constant time. Of several cookies
///   of the token's name (another server on 127.0.0.1 may set a decoy, cookies ignoring
///   ports), any that holds the token admits.
package struct WebDoor: Sendable {
    /// The port the server listens on.
    package let port: UInt16
    /// What every request must carry.
    package let token: String
    /// The cookie that carries the token.
    package static let cookieName = "xtree-token"

    package init(port: UInt16, token: String) {
        self.port = port
        self.token = token
    }

    /// The authorities the server answers to.
    package var hosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)"] }

    /// Why `request` is refused before anything looks at it, or `nil`.
    package func refusal(of request: HTTPRequest) -> WebServer.Response? {
        guard let host = request.header("host"), !host.isEmpty else {
            return .error(400, "the request has no Host field")
        }
        guard hosts.contains(host.lowercased()) else {
            return .error(421, "this server answers only to \(hosts.joined(separator: " and "))")
        }
        if let origin = request.header("origin"), !hosts.contains(where: { origin.lowercased() == "http://\($0)" }) {
            return .error(403, "requests from other sites are refused")
        }
        guard shows(request) else {
            return .error(403, "open the address with the token that 'xtree-cli web' printed")
        }
        return nil
    }

    /// Whether the request carries the token, in its query or in a cookie.
    package func shows(_ request: HTTPRequest) -> Bool {
        let presented = request.query.filter { $0.name == "token" }.map(\.value) + request.cookies(Self.cookieName)
        let expected = Array(token.utf8)
        // Every value is compared, whichever matches: the time says nothing of which did.
        var matched = false
        for value in presented where Self.equalInConstantTime(Array(value.utf8), expected) { matched = true }
        return matched
    }

    private static func equalInConstantTime(_ given: [UInt8], _ expected: [UInt8]) -> Bool {
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }
}

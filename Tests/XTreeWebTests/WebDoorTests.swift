import Foundation
import Testing

@testable import XTreeWeb

/// One variant of a request at the web server's door: how it differs from the user's own
/// request, the status it must get, and why.
struct DoorRow: CustomTestStringConvertible, Sendable {
    /// The request's head, with `PORT` for the server's port and `TOKEN` for its token.
    let head: String
    let status: Int
    let reason: String

    init(_ head: String, _ status: Int, _ reason: String) {
        self.head = head
        self.status = status
        self.reason = reason
    }

    var testDescription: String { "\(status): \(reason)" }

    /// The request for a server on `port` with `token`.
    func text(port: UInt16, token: String) -> String {
        head.replacingOccurrences(of: "PORT", with: "\(port)").replacingOccurrences(of: "TOKEN", with: token)
            .replacingOccurrences(of: "OTHER", with: "\(port &+ 1)") + "\r\n"
    }
}

enum DoorTable {
    static let token = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
    static let cookie = "Cookie: xtree-token=TOKEN\r\n"

    static func get(_ host: String?, _ fields: String = cookie, path: String = "/api/tree") -> String {
        "GET \(path) HTTP/1.1\r\n" + (host.map { "Host: \($0)\r\n" } ?? "") + fields
    }

    /// `Host`: the server's own authority, compared without regard to case, and nothing else.
    static let hosts: [DoorRow] = [
        .init(get("127.0.0.1:PORT"), 200, "the address the server prints"),
        .init(get("localhost:PORT"), 200, "the other name of the loopback address it listens on"),
        .init(get("LOCALHOST:PORT"), 200, "host names are case-insensitive (RFC 3986 §3.2.2)"),
        .init(get("LocalHost:PORT"), 200, "host names are case-insensitive"),
        .init(get("127.0.0.1:PORT.evil.example"), 421, "a prefix trick: a name an attacker's DNS points here"),
        .init(get("localhost:PORT.evil.example"), 421, "a prefix trick on the other name"),
        .init(get("127.0.0.1.evil.example:PORT"), 421, "a name that starts with the address"),
        .init(get("evil127.0.0.1:PORT"), 421, "a suffix trick"),
        .init(get("evil.example:PORT"), 421, "DNS rebinding: another site's name, resolved here"),
        .init(get("evil.example"), 421, "another site's name, no port"),
        .init(get("127.0.0.1:OTHER"), 421, "another port is another authority"),
        .init(get("127.0.0.1:0PORT"), 421, "a port spelled otherwise is not the port the server printed"),
        .init(get("127.0.0.1"), 421, "no port: port 80, another authority"),
        .init(get("localhost"), 421, "no port, by name"),
        .init(get("localhost.:PORT"), 421, "a trailing dot: another host name to cookies and origins"),
        .init(get("127.0.0.1.:PORT"), 421, "a trailing dot after the address"),
        .init(get("[::1]:PORT"), 421, "IPv6's loopback: the server listens on 127.0.0.1 only"),
        .init(get("2130706433:PORT"), 421, "127.0.0.1 as one number: browsers send it as 127.0.0.1 (WHATWG URL)"),
        .init(get("127.1:PORT"), 421, "127.0.0.1 shortened: browsers send it as 127.0.0.1"),
        .init(get("0x7f.1:PORT"), 421, "127.0.0.1 in hexadecimal: browsers send it as 127.0.0.1"),
        .init(get("0177.0.0.1:PORT"), 421, "127.0.0.1 in octal: browsers send it as 127.0.0.1"),
        .init(get("127.0.0.1:PORT, evil.example"), 421, "a list is not a host"),
        .init(get("user@127.0.0.1:PORT"), 421, "user information is not part of Host"),
        .init(get(""), 400, "an empty Host (RFC 9112 §3.2)"),
        .init(get(nil), 400, "no Host (RFC 9112 §3.2)"),
        .init(get("127.0.0.1:PORT", "Host: 127.0.0.1:PORT\r\n" + cookie), 400, "two Host fields (RFC 9112 §3.2)"),
    ]

    /// `Origin`: none, or the server's own; an origin is scheme, host and port (RFC 6454).
    static let origins: [DoorRow] = [
        .init(get("127.0.0.1:PORT"), 200, "the page's own requests for data carry no Origin"),
        .init(get("127.0.0.1:PORT", cookie + "Origin: http://127.0.0.1:PORT\r\n"), 200, "the page's own origin"),
        .init(get("127.0.0.1:PORT", cookie + "Origin: http://localhost:PORT\r\n"), 200, "the page by its other name"),
        .init(
            get("127.0.0.1:PORT", cookie + "Origin: HTTP://LOCALHOST:PORT\r\n"), 200,
            "scheme and host are case-insensitive (RFC 6454 §4)"),
        .init(
            get("127.0.0.1:PORT", cookie + "Origin: null\r\n"), 403,
            "null: sandboxed frames, file: pages and some redirects, anyone's"),
        .init(get("127.0.0.1:PORT", cookie + "Origin: http://127.0.0.1:OTHER\r\n"), 403, "another port"),
        .init(get("127.0.0.1:PORT", cookie + "Origin: https://127.0.0.1:PORT\r\n"), 403, "another scheme"),
        .init(get("127.0.0.1:PORT", cookie + "Origin: http://127.0.0.1\r\n"), 403, "no port: port 80"),
        .init(
            get("127.0.0.1:PORT", cookie + "Origin: http://127.0.0.1:PORT.evil.example\r\n"), 403,
            "a suffix trick"),
        .init(get("127.0.0.1:PORT", cookie + "Origin: http://evil.example\r\n"), 403, "another site"),
        .init(
            get("127.0.0.1:PORT", cookie + "Origin: http://127.0.0.1:PORT/\r\n"), 403,
            "an origin has no path; browsers never send one"),
        .init(
            get("127.0.0.1:PORT", cookie + "Origin: http://127.0.0.1:PORT\r\nOrigin: http://evil.example\r\n"),
            400, "two Origin fields: which one counts?"),
    ]

    /// The token, in the query or in the cookie, whole and exact.
    static let tokens: [DoorRow] = [
        .init(get("127.0.0.1:PORT", "", path: "/api/tree?token=TOKEN"), 200, "the token in the query"),
        .init(get("127.0.0.1:PORT", "", path: "/api/tree?token="), 403, "an empty token in the query"),
        .init(
            get("127.0.0.1:PORT", "", path: "/api/tree?token=" + String(token.dropLast())), 403, "a prefix in the query"
        ),
        .init(
            get("127.0.0.1:PORT", "", path: "/api/tree?token=" + String(token.dropLast()) + "0"), 403,
            "one character off in the query"),
        .init(get("127.0.0.1:PORT", "", path: "/api/tree?token=TOKEN0"), 403, "one too long in the query"),
        .init(get("127.0.0.1:PORT", "Cookie: xtree-token=\r\n"), 403, "an empty token in the cookie"),
        .init(get("127.0.0.1:PORT", "Cookie: xtree-token=" + String(token.dropLast()) + "\r\n"), 403, "a prefix"),
        .init(
            get("127.0.0.1:PORT", "Cookie: xtree-token=" + String(token.dropLast()) + "0\r\n"), 403,
            "one character off in the cookie"),
        .init(get("127.0.0.1:PORT", "Cookie: xtree-token=TOKEN0\r\n"), 403, "one too long in the cookie"),
        .init(get("127.0.0.1:PORT", "Cookie: x-xtree-token=TOKEN\r\n"), 403, "the token under another name"),
        .init(get("127.0.0.1:PORT", ""), 403, "no token at all"),
        .init(
            get("127.0.0.1:PORT", "Cookie: xtree-token=decoy; xtree-token=TOKEN\r\n"), 200,
            "a decoy first: cookies ignore ports (RFC 6265 §8.5), so another server on 127.0.0.1 can set one"),
        .init(get("127.0.0.1:PORT", "Cookie: xtree-token=TOKEN; xtree-token=decoy\r\n"), 200, "a decoy after"),
        .init(get("127.0.0.1:PORT", "Cookie: xtree-token=decoy; xtree-token=other\r\n"), 403, "only decoys"),
        .init(
            get("127.0.0.1:PORT", "Cookie: xtree-token=TOKEN\r\n", path: "/api/tree?token=wrong"), 200,
            "a wrong token in the query beside the right one in the cookie"),
    ]

    static let all = hosts + origins + tokens
}

/// The door as a function: every row of the table, read as the server reads it.
@Suite struct WebDoorTests {
    @Test(arguments: DoorTable.all)
    func eachVariantGetsItsStatus(_ row: DoorRow) {
        let door = WebDoor(port: 8080, token: DoorTable.token)
        let status: Int
        switch HTTPRequest.parse(Array(row.text(port: 8080, token: DoorTable.token).utf8)) {
        case .request(let request, _): status = door.refusal(of: request)?.status ?? 200
        case .refused(let refused, _): status = refused
        case .incomplete, .incompleteBody: status = 0
        }
        #expect(status == row.status, "\(row.head.debugDescription): \(row.reason)")
    }
}

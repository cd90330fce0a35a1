import Testing

@testable import XTreeWeb

/// The HTTP request reader: what a browser sends is read; anything else is refused with the
/// status that says why. One row per variant, each with the reason for its status.
@Suite struct HTTPRequestTests {
    func parse(_ text: String) -> HTTPRequest.Parsed { HTTPRequest.parse(Array(text.utf8)) }

    @Test func aBrowsersRequestIsRead() throws {
        let text =
            "GET /?token=a%20b+c&x HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nCookie: one=1; xtree-token=t0k\r\n"
            + "Accept:  text/html \r\n\r\n"
        guard case .request(let request, let length) = parse(text) else {
            Issue.record("not read: \(parse(text))")
            return
        }
        #expect(length == text.utf8.count)
        #expect(request.method == "GET")
        #expect(request.path == "/")
        #expect(request.parameter("token") == "a b c")
        #expect(request.parameter("x") == "")
        #expect(request.header("host") == "127.0.0.1:8080")
        #expect(request.header("accept") == "text/html")
        #expect(request.cookie("xtree-token") == "t0k")
        #expect(request.cookie("two") == nil)
        #expect(HTTPRequest.parse(request.serialized) == .request(request, length: request.serialized.count))
    }

    @Test func aHeadIsReadBeforeItsBodyArrives() {
        let head = "POST /api/open HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\n"
        guard case .incompleteBody(let request, let length) = parse(head + "abc") else {
            Issue.record("the head is not read alone: \(parse(head + "abc"))")
            return
        }
        #expect(request.header("host") == "h" && request.body.isEmpty && length == head.utf8.count + 5)
        guard case .request(let whole, let total) = parse(head + "abcdeEXTRA") else {
            Issue.record("not read")
            return
        }
        #expect(whole.body == Array("abcde".utf8))
        #expect(total == head.utf8.count + 5)
    }

    @Test func pipelinedRequestsAreReadOneAtATime() {
        let first = "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
        guard case .request(let request, let length) = parse(first + "GET /b HTTP/1.1\r\nHost: h\r\n\r\n") else {
            Issue.record("not read")
            return
        }
        // The second is never read: each connection carries one request, and then closes.
        #expect(request.path == "/a" && length == first.utf8.count)
    }

    @Test func aHeadWithoutItsEndIsIncompleteUntilTooLong() {
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\n") == .incomplete)
        let long = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: HTTPRequest.maximumHeadBytes)
        #expect(status(of: long) == 431)
    }

    @Test func cookiesOfOneNameAreAllRead() {
        guard case .request(let request, _) = parse("GET / HTTP/1.1\r\nCookie: t=1; u=2; t=3\r\n\r\n") else {
            Issue.record("not read")
            return
        }
        #expect(request.cookies("t") == ["1", "3"])
    }

    func status(of text: String) -> Int? {
        if case .refused(let status, let reason) = parse(text) {
            #expect(!reason.isEmpty)
            return status
        }
        return nil
    }

    /// A refused request: its text, the status, and why that status.
    struct Refusal: CustomTestStringConvertible, Sendable {
        let text: String
        let status: Int
        let reason: String
        init(_ text: String, _ status: Int, _ reason: String) {
            self.text = text
            self.status = status
            self.reason = reason
        }
        var testDescription: String { "\(status): \(reason)" }
    }

    static let refusals: [Refusal] = [
        // The request line.
        .init("GET /  HTTP/1.1\r\n\r\n", 400, "two spaces: not METHOD TARGET VERSION"),
        .init("GET\t/ HTTP/1.1\r\n\r\n", 400, "a tab between the parts"),
        .init("GET / HTTP/2\r\n\r\n", 505, "only HTTP/1.x is spoken"),
        .init("GET / http/1.1\r\n\r\n", 505, "the version is case-sensitive (RFC 9112 §2.3)"),
        .init("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, "HTTP/2's connection preface"),
        .init("G@T / HTTP/1.1\r\n\r\n", 400, "a method that is not a token"),
        .init("get / HTTP/1.1\r\n\r\n", 501, "methods are case-sensitive (RFC 9110 §9.1): get is not GET"),
        .init("Post /api/open HTTP/1.1\r\n\r\n", 501, "methods are case-sensitive"),
        .init("HEAD / HTTP/1.1\r\n\r\n", 501, "the server implements GET and POST"),
        .init("OPTIONS * HTTP/1.1\r\n\r\n", 501, "no CORS, so no preflight"),
        .init("GET * HTTP/1.1\r\n\r\n", 400, "asterisk-form is for OPTIONS"),
        .init("GET http://evil/ HTTP/1.1\r\n\r\n", 400, "absolute-form: the server is not a proxy"),
        .init("GET /\u{7F} HTTP/1.1\r\n\r\n", 400, "a target of visible characters only"),
        .init("GET /%2e%2e/api/tree HTTP/1.1\r\n\r\n", 400, "an encoded dot segment"),
        .init("GET /%2E%2E/api/tree HTTP/1.1\r\n\r\n", 400, "percent-encoding is case-insensitive"),
        .init("GET /api/%2e/tree HTTP/1.1\r\n\r\n", 400, "an encoded single dot"),
        .init("GET /api/../api/tree HTTP/1.1\r\n\r\n", 400, "a dot-dot segment"),
        .init("GET /./api/tree HTTP/1.1\r\n\r\n", 400, "a dot segment"),
        .init("GET /?a=%zz HTTP/1.1\r\n\r\n", 400, "a query that is not percent-encoded"),
        .init("GET /?a=%ff HTTP/1.1\r\n\r\n", 400, "a query that decodes to bytes that are not UTF-8"),
        // Header fields.
        .init("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "two Host fields (RFC 9112 §3.2)"),
        .init("GET / HTTP/1.1\r\nOrigin: a\r\nOrigin: b\r\n\r\n", 400, "two Origin fields: which one counts?"),
        .init("GET / HTTP/1.1\r\nCookie: a=1\r\nCookie: b=2\r\n\r\n", 400, "two Cookie fields: browsers send one"),
        .init("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400, "obs-fold (RFC 9112 §5.2)"),
        .init("GET / HTTP/1.1\r\nHost: a\r\n\tfolded\r\n\r\n", 400, "obs-fold with a tab"),
        .init("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", 400, "a bare CR in a value"),
        .init("GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", 400, "a bare LF ending a field"),
        .init("GET / HTTP/1.1\r\nX: \u{0}\r\n\r\n", 400, "a NUL in a value"),
        .init("GET / HTTP/1.1\r\nX\u{0}: a\r\n\r\n", 400, "a NUL in a name"),
        .init("GET / HTTP/1.1\r\nX: \u{7F}\r\n\r\n", 400, "DEL in a value"),
        .init("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400, "space before the colon (RFC 9112 §5.1)"),
        .init("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400, "a field that is not NAME: VALUE"),
        .init("GET / HTTP/1.1\r\n: empty name\r\n\r\n", 400, "an empty name"),
        // Bodies: one length, told one way (request smuggling needs two).
        .init("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501, "Transfer-Encoding is not supported"),
        .init(
            "POST / HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
            "both Transfer-Encoding and Content-Length: a smuggling attempt"),
        .init(
            "POST / HTTP/1.1\r\ntransfer-encoding: chunked\r\ncontent-length: 5\r\n\r\n", 400,
            "field names are case-insensitive"),
        .init("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n", 400, "Content-Length twice"),
        .init("POST / HTTP/1.1\r\nContent-Length: 1, 1\r\n\r\n", 400, "a list of lengths"),
        .init("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400, "a negative length"),
        .init("POST / HTTP/1.1\r\nContent-Length: +1\r\n\r\n", 400, "a length with a sign"),
        .init("POST / HTTP/1.1\r\nContent-Length: 65537\r\n\r\n", 413, "a body over the limit"),
        .init("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", 400, "a length no integer holds"),
        .init("\r\n\r\n", 400, "no request line"),
    ]

    @Test(arguments: refusals)
    func malformedRequestsAreRefused(_ row: Refusal) {
        #expect(status(of: row.text) == row.status, "\(row.text.debugDescription): \(row.reason)")
    }

    @Test func tooManyFieldsAreRefused() {
        let fields = (0...HTTPRequest.maximumFields).map { "X-\($0): 1\r\n" }.joined()
        #expect(status(of: "GET / HTTP/1.1\r\n" + fields + "\r\n") == 431)
    }

    @Test func http10IsRead() {
        guard case .request = parse("GET / HTTP/1.0\r\nHost: h\r\n\r\n") else {
            Issue.record("HTTP/1.0 not read")
            return
        }
    }
}

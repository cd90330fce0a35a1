import Foundation
import Testing

@testable import XTreeInspector
@testable import XTreeWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The HTTP request reader: what a browser sends is read; anything else is refused with the
/// status that says why.
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

    @Test func aBodyIsReadToItsLength() {
        let head = "POST /api/open HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\n"
        #expect(parse(head + "abc") == .incomplete)
        guard case .request(let request, let length) = parse(head + "abcdeEXTRA") else {
            Issue.record("not read")
            return
        }
        #expect(request.body == Array("abcde".utf8))
        #expect(length == head.utf8.count + 5)
    }

    @Test func aHeadWithoutItsEndIsIncompleteUntilTooLong() {
        #expect(parse("GET / HTTP/1.1\r\nHost: h\r\n") == .incomplete)
        let long = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: HTTPRequest.maximumHeadBytes)
        #expect(status(of: long) == 431)
    }

    func status(of text: String) -> Int? {
        if case .refused(let status, let reason) = parse(text) {
            #expect(!reason.isEmpty)
            return status
        }
        return nil
    }

    @Test(arguments: [
        ("GET /  HTTP/1.1\r\n\r\n", 400),  // two spaces
        ("GET / HTTP/2\r\n\r\n", 505),
        ("GET http://evil/ HTTP/1.1\r\n\r\n", 400),  // not origin-form
        ("G@T / HTTP/1.1\r\n\r\n", 400),
        ("GET /\u{7F} HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\nX: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nX: \u{0}\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nNo colon\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n: empty name\r\n\r\n", 400),
        ("GET /?a=%zz HTTP/1.1\r\n\r\n", 400),
        ("GET /?a=%ff HTTP/1.1\r\n\r\n", 400),  // not UTF-8
        ("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nContent-Length: 65537\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        ("\r\n\r\n", 400),
    ])
    func malformedRequestsAreRefused(_ text: String, _ expected: Int) {
        #expect(status(of: text) == expected, "\(text.debugDescription)")
    }

    @Test func tooManyFieldsAreRefused() {
        let fields = (0...HTTPRequest.maximumFields).map { "X-\($0): 1\r\n" }.joined()
        #expect(status(of: "GET / HTTP/1.1\r\n" + fields + "\r\n") == 431)
    }
}

/// The web server over real sockets: the token, the cookie, the Host check, the security
/// fields on every answer, the event stream.
@Suite struct WebServerTests {
    /// Sends `text` to 127.0.0.1:`port` and reads the answer until the server closes, on a
    /// thread of its own: the server's handler runs in a task, which blocked test threads
    /// could keep from running. The server closes after each answer, so a generous `until`
    /// costs nothing when it answers: it covers a loaded machine (ThreadSanitizer on two
    /// cores), where the handler's task has waited more than ten seconds for a thread.
    static func exchange(_ port: UInt16, _ text: String, until: Double = 60) async -> (
        status: Int, head: String, body: String
    ) {
        (try? await offMain { blockingExchange(port, text, until: until) }) ?? (0, "", "")
    }

    static func blockingExchange(_ port: UInt16, _ text: String, until: Double) -> (
        status: Int, head: String, body: String
    ) {
        let descriptor = SocketSystem.makeSocket(family: AF_INET)
        let status = SocketSystem.withLoopbackAddress(port: port) { SocketSystem.connect(descriptor, $0, $1) }
        guard status == 0 else { return (0, "cannot connect", "") }
        let connection = Connection(descriptor: descriptor)
        _ = connection.write(Array(text.utf8), timeout: 5)
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(until)
        while Date() < deadline, let more = connection.receive(timeout: deadline.timeIntervalSinceNow) {
            bytes += more
        }
        let answer = String(decoding: bytes, as: UTF8.self)
        let parts = answer.components(separatedBy: "\r\n\r\n")
        let code = Int(parts[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        return (code, parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    static func server() throws -> WebServer {
        try WebServer(port: 0, token: "secret") { request in
            if request.path == "/page" {
                return WebServer.Response(contentType: "text/html", body: Array("<p>page".utf8), nonce: "N0NCE")
            }
            return WebServer.Response(
                contentType: "application/json", body: Array("{\"path\":\"\(request.path)\"}".utf8))
        }
    }

    @Test func theTokenInTheAddressBecomesACookieAndARedirect() async throws {
        let server = try Self.server()
        defer { server.stop() }
        #expect(server.address == "http://127.0.0.1:\(server.port)/?token=secret")
        let answer = await Self.exchange(
            server.port, "GET /?token=secret HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        #expect(answer.status == 303)
        #expect(answer.head.contains("\r\nLocation: /\r\n"))
        #expect(answer.head.contains("\r\nSet-Cookie: xtree-token=secret; HttpOnly; SameSite=Strict; Path=/"))
        let page = await Self.exchange(
            server.port, "GET /page HTTP/1.1\r\nHost: localhost:\(server.port)\r\nCookie: xtree-token=secret\r\n\r\n")
        #expect(page.status == 200)
        #expect(page.body == "<p>page")
        #expect(page.head.contains("script-src 'nonce-N0NCE'; style-src 'nonce-N0NCE'"))
        #expect(page.head.contains("frame-ancestors 'none'"))
    }

    @Test func everyAnswerCarriesTheSecurityFields() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        for request in [
            "GET /api/tree HTTP/1.1\r\n\(host)Cookie: xtree-token=secret\r\n\r\n",
            "GET /api/tree HTTP/1.1\r\n\(host)\r\n",
            "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n",
            "BAD\r\n\r\n",
        ] {
            let head = await Self.exchange(server.port, request).head
            for field in [
                "Content-Security-Policy: default-src 'none'", "Referrer-Policy: no-referrer",
                "X-Content-Type-Options: nosniff", "Cache-Control: no-store",
            ] {
                #expect(head.contains("\r\n\(field)"), "\(field) in \(head)")
            }
            #expect(!head.lowercased().contains("access-control"))
        }
    }

    @Test func requestsWithoutTheTokenOrForAnotherHostAreRefused() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let port = server.port
        let cookie = "Cookie: xtree-token=secret\r\n"
        #expect(await Self.exchange(port, "GET /api/tree HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n").status == 403)
        #expect(
            await Self.exchange(
                port, "GET /api/tree HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: xtree-token=secreT\r\n\r\n"
            )
            .status == 403)
        #expect(
            await Self.exchange(port, "GET /api/tree?token=secre HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n").status
                == 403)
        // DNS rebinding: the right token, a name that resolved here.
        #expect(
            await Self.exchange(port, "GET /api/tree HTTP/1.1\r\nHost: evil.example:\(port)\r\n\(cookie)\r\n").status
                == 421)
        #expect(
            await Self.exchange(port, "GET /api/tree HTTP/1.1\r\nHost: 127.0.0.1:\(port + 1)\r\n\(cookie)\r\n").status
                == 421)
        #expect(await Self.exchange(port, "GET /api/tree HTTP/1.1\r\n\(cookie)\r\n").status == 421)
        let foreign = "Origin: http://evil.example\r\n"
        #expect(
            await Self.exchange(port, "POST /api/open HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(cookie)\(foreign)\r\n")
                .status
                == 403)
        let allowed = await Self.exchange(
            port,
            "GET /api/tree HTTP/1.1\r\nHost: LOCALHOST:\(port)\r\n\(cookie)Origin: http://localhost:\(port)\r\n\r\n")
        #expect(allowed.status == 200)
        #expect(allowed.body == "{\"path\":\"/api/tree\"}")
    }

    @Test func aSilentConnectionIsClosedAndOthersAreServed() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let descriptor = SocketSystem.makeSocket(family: AF_INET)
        _ = SocketSystem.withLoopbackAddress(port: server.port) { SocketSystem.connect(descriptor, $0, $1) }
        let silent = Connection(descriptor: descriptor)
        _ = silent.write(Array("GET / HTTP/1.1\r\n".utf8), timeout: 1)
        let answer = await Self.exchange(
            server.port, "GET /x HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nCookie: xtree-token=secret\r\n\r\n")
        #expect(answer.status == 200)
        silent.close()
    }

    @Test func eventsReachTheStream() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let port = server.port
        let reader = Task {
            await Self.exchange(
                port, "GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: xtree-token=secret\r\n\r\n",
                until: 5)
        }
        // Broadcast for as long as the reader reads, from a thread of its own: however slowly
        // this machine runs, and however busy the test threads are.
        let stop = DispatchSemaphore(value: 0)
        Thread {
            var number = 0
            while stop.wait(timeout: .now() + 0.05) == .timedOut {
                server.broadcast("tree", data: "{\"version\":\(number)}\n{\"injected\":true}")
                number += 1
            }
        }.start()
        let answer = await reader.value
        stop.signal()
        #expect(answer.status == 200)
        #expect(answer.head.contains("Content-Type: text/event-stream"))
        // Every message arrives whole, its line break folded, none lost between the first and
        // the last received.
        let data = answer.body.split(separator: "\n").filter { $0.hasPrefix("data:") }
        let first = data.first.flatMap { Int($0.split(separator: ":")[2].prefix { $0.isNumber }) } ?? -1
        #expect(!data.isEmpty)
        let expected = (first..<first + data.count).map { "data: {\"version\":\($0)} {\"injected\":true}" }
        #expect(data.map(String.init) == expected)
    }

    @Test func aStoppedServerRefusesConnections() async throws {
        let server = try Self.server()
        let port = server.port
        server.stop()
        try await Task.sleep(for: .milliseconds(400))
        #expect(await Self.exchange(port, "GET / HTTP/1.1\r\n\r\n", until: 1).status == 0)
    }
}

/// The bytes of an answer: its status line, the security fields every answer carries, its own
/// fields and its body.
enum Answers {
    private static let reasons = [
        200: "OK", 303: "See Other", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 408: "Request Timeout", 409: "Conflict", 413: "Content Too Large",
        421: "Misdirected Request", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
        501: "Not Implemented", 502: "Bad Gateway", 503: "Service Unavailable", 505: "HTTP Version Not Supported",
    ]

    /// The whole answer, to be written and the connection closed.
    static func bytes(of response: WebServer.Response) -> [UInt8] {
        head(response, streaming: false) + response.body
    }

    /// The head of an event stream, whose body goes on for as long as the stream does.
    static func streamHead() -> [UInt8] {
        head(WebServer.Response(contentType: "text/event-stream", body: []), streaming: true)
    }

    private static func head(_ response: WebServer.Response, streaming: Bool) -> [UInt8] {
        let policy =
            response.nonce.map {
                "default-src 'none'; script-src 'nonce-\($0)'; style-src 'nonce-\($0)'; "
                    + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
            } ?? "default-src 'none'; frame-ancestors 'none'"
        var fields: [(String, String)] = [
            ("Content-Type", response.contentType),
            ("Content-Security-Policy", policy),
            ("Referrer-Policy", "no-referrer"),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
            ("Cache-Control", "no-store"),
            ("Connection", "close"),
        ]
        if !streaming { fields.append(("Content-Length", String(response.body.count))) }
        fields += response.fields.map { ($0.name, $0.value) }
        var text = "HTTP/1.1 \(response.status) \(reasons[response.status] ?? "Status")\r\n"
        for (name, value) in fields { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }
}

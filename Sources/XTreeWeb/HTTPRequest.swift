/// One HTTP/1.1 request as the web inspector reads it: strictly, within limits, or refused
/// with the status that says why.
///
/// Only what a browser sends a local page is accepted: a request line of `GET` or `POST`
/// (methods are case-sensitive), an origin-form target without dot segments, encoded or not,
/// and `HTTP/1.1` or `HTTP/1.0`; header fields of token names and values of visible
/// characters, spaces and tabs (no folded lines, no bare CR or LF, no NUL); at most one
/// `Host`, `Origin`, `Content-Length` and `Cookie`; a body only with `Content-Length` (no
/// `Transfer-Encoding`, which beside a `Content-Length` would be a way to smuggle a request).
package struct HTTPRequest: Sendable, Hashable {
    /// The method, such as `GET`.
    package var method: String
    /// The target's path, undecoded, such as `/api/tree`.
    package var path: String
    /// The target's query, each name and value percent-decoded, in order.
    package var query: [Field]
    /// The header fields, names lowercased, values without surrounding spaces, in order.
    package var headers: [Field]
    /// The body.
    package var body: [UInt8]

    package struct Field: Sendable, Hashable {
        package var name: String
        package var value: String

        package init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    package init(method: String, path: String, query: [Field] = [], headers: [Field] = [], body: [UInt8] = []) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
    }

    /// Longest request head (request line and header fields) accepted.
    package static let maximumHeadBytes = 16 * 1024
    /// Longest body accepted.
    package static let maximumBodyBytes = 64 * 1024
    /// Most header fields accepted.
    package static let maximumFields = 100
    /// The methods the server implements.
    package static let methods = ["GET", "POST"]

    /// The first field named `name` (lowercase), if any.
    package func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The first query parameter named `name`, if any.
    package func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The first value of the cookie `name`, from the `Cookie` field.
    package func cookie(_ name: String) -> String? { cookies(name).first }

    /// Every value of the cookie `name`, in order: a browser sends two of one name when
    /// servers on two ports of one host set it, since cookies ignore ports.
    package func cookies(_ name: String) -> [String] {
        var found: [String] = []
        for field in headers where field.name == "cookie" {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].trimmingSpaces == name { found.append(String(parts[1].trimmingSpaces)) }
            }
        }
        return found
    }

    /// What reading the start of a connection's bytes found.
    package enum Parsed: Sendable, Hashable {
        /// A whole request, and how many bytes it took.
        case request(HTTPRequest, length: Int)
        /// Its head, whose fields a server may check before the body arrives (`body` empty),
        /// and how many bytes the whole request takes.
        case incompleteBody(HTTPRequest, length: Int)
        /// Not all of its head has arrived yet.
        case incomplete
        /// Not a request this server takes: the status to answer, and why.
        case refused(status: Int, reason: String)
    }

    /// The request as bytes a client would send: what ``parse(_:)`` reads back as it.
    package var serialized: [UInt8] {
        var text = "\(method) \(path)"
        if !query.isEmpty {
            text +=
                "?"
                + query.map { "\(Self.percentEncoded($0.name))=\(Self.percentEncoded($0.value))" }
                .joined(separator: "&")
        }
        text += " HTTP/1.1\r\n"
        for field in headers { text += "\(field.name): \(field.value)\r\n" }
        return Array(text.utf8) + Array("\r\n".utf8) + body
    }

    private static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}

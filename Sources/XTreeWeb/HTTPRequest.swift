/// One HTTP/1.1 request as the web inspector reads it: strictly, within limits, or refused
/// with the status that says why.
///
/// Only what a browser sends a local page is accepted: a request line of a method, an
/// origin-form target and `HTTP/1.1` or `HTTP/1.0`; header fields of token names and values
/// of visible characters, spaces and tabs (no folded lines, no bare CR or LF, no NUL); one
/// `Host`; a body only with one `Content-Length` (no `Transfer-Encoding`).
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

    /// The first field named `name` (lowercase), if any.
    package func header(_ name: String) -> String? { headers.first { $0.name == name }?.value }

    /// The first query parameter named `name`, if any.
    package func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }

    /// The value of the cookie `name`, from the `Cookie` fields.
    package func cookie(_ name: String) -> String? {
        for field in headers where field.name == "cookie" {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].trimmingSpaces == name { return String(parts[1].trimmingSpaces) }
            }
        }
        return nil
    }

    /// What reading the start of a connection's bytes found.
    package enum Parsed: Sendable, Hashable {
        /// A whole request, and how many bytes it took.
        case request(HTTPRequest, length: Int)
        /// Not all of it has arrived yet.
        case incomplete
        /// Not a request this server takes: the status to answer, and why.
        case refused(status: Int, reason: String)
    }

    /// Reads the request at the start of `bytes`.
    ///
    /// - Complexity: O(*n*) for the *n* bytes of the head, searched once for its end.
    package static func parse(_ bytes: [UInt8]) -> Parsed {
        guard let headEnd = endOfHead(bytes) else {
            return bytes.count > maximumHeadBytes
                ? .refused(status: 431, reason: "the request head is over \(maximumHeadBytes) bytes") : .incomplete
        }
        guard headEnd <= maximumHeadBytes else {
            return .refused(status: 431, reason: "the request head is over \(maximumHeadBytes) bytes")
        }
        var lines = split(lines: bytes[..<(headEnd - 4)])
        guard !lines.isEmpty else { return .refused(status: 400, reason: "no request line") }
        let requestLine = lines.removeFirst()
        let words = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard words.count == 3 else {
            return .refused(status: 400, reason: "the request line is not METHOD TARGET VERSION")
        }
        guard !words[0].isEmpty, words[0].count <= 16, words[0].allSatisfy(isToken) else {
            return .refused(status: 400, reason: "the method is not a token")
        }
        guard words[2].elementsEqual("HTTP/1.1".utf8) || words[2].elementsEqual("HTTP/1.0".utf8) else {
            return .refused(status: 505, reason: "only HTTP/1.1 and HTTP/1.0 are served")
        }
        let target = words[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .refused(status: 400, reason: "the target is not a path of visible characters")
        }
        let question = target.firstIndex(of: UInt8(ascii: "?"))
        let path = String(decoding: target[..<(question ?? target.endIndex)], as: UTF8.self)
        var query: [Field] = []
        if let question {
            for pair in target[(question + 1)...].split(separator: UInt8(ascii: "&")) {
                let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
                guard let name = percentDecoded(parts[0]), let value = percentDecoded(parts.count == 2 ? parts[1] : [])
                else { return .refused(status: 400, reason: "the query is not percent-encoded UTF-8") }
                query.append(Field(name, value))
            }
        }
        guard lines.count <= maximumFields else {
            return .refused(status: 431, reason: "more than \(maximumFields) header fields")
        }
        var headers: [Field] = []
        for line in lines {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy(isToken)
            else { return .refused(status: 400, reason: "a header field is not NAME: VALUE") }
            let rawValue = line[(colon + 1)...]
            guard rawValue.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) || $0 >= 0x80 }),
                let value = String(validating: trimmed(rawValue), as: UTF8.self)
            else { return .refused(status: 400, reason: "a header value holds a control character or is not UTF-8") }
            headers.append(Field(String(decoding: line[..<colon], as: UTF8.self).lowercased(), value))
        }
        for name in ["host", "content-length", "cookie", "origin"] where headers.count(where: { $0.name == name }) > 1 {
            return .refused(status: 400, reason: "more than one \(name) field")
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            return .refused(status: 501, reason: "Transfer-Encoding is not supported; send Content-Length")
        }
        var length = 0
        if let declared = headers.first(where: { $0.name == "content-length" })?.value {
            guard !declared.isEmpty, declared.utf8.count <= 9, declared.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = Int(declared)
            else { return .refused(status: 400, reason: "Content-Length is not a number") }
            guard number <= maximumBodyBytes else {
                return .refused(status: 413, reason: "the body is over \(maximumBodyBytes) bytes")
            }
            length = number
        }
        guard bytes.count >= headEnd + length else { return .incomplete }
        let request = HTTPRequest(
            method: String(decoding: words[0], as: UTF8.self), path: path, query: query, headers: headers,
            body: Array(bytes[headEnd..<(headEnd + length)]))
        return .request(request, length: headEnd + length)
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

    /// The index just past the blank line that ends the head.
    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        let limit = min(bytes.count, maximumHeadBytes + 4)
        guard limit >= 4 else { return nil }
        var index = 3
        while index < limit {
            if bytes[index] == 0x0A, bytes[index - 1] == 0x0D, bytes[index - 2] == 0x0A, bytes[index - 3] == 0x0D {
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// Lines separated by CR LF; a line that holds a bare CR or LF keeps it, and is refused
    /// by the checks on its parts.
    private static func split(lines head: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var index = head.startIndex
        while index < head.endIndex {
            if head[index] == 0x0D, index + 1 < head.endIndex, head[index + 1] == 0x0A {
                lines.append(head[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        return lines
    }

    private static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    private static func percentDecoded(_ bytes: some Collection<UInt8>) -> String? {
        var out: [UInt8] = []
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "+") {
                out.append(0x20)
            } else if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                out.append(high << 4 | low)
            } else {
                out.append(byte)
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
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

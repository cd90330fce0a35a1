extension HTTPRequest {
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
        let method = String(decoding: words[0], as: UTF8.self)
        guard methods.contains(method) else {
            return .refused(
                status: 501,
                reason: "this server implements \(methods.joined(separator: " and ")); methods are case-sensitive")
        }
        let target = words[1]
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .refused(status: 400, reason: "the target is not a path of visible characters")
        }
        guard !hasDotSegment(target) else {
            return .refused(status: 400, reason: "the target's path holds a dot segment, encoded or not")
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
                let value = String(strictUTF8: trimmed(rawValue))
            else { return .refused(status: 400, reason: "a header value holds a control character or is not UTF-8") }
            headers.append(Field(String(decoding: line[..<colon], as: UTF8.self).lowercased(), value))
        }
        for name in ["host", "content-length", "cookie", "origin"] where headers.count(where: { $0.name == name }) > 1 {
            return .refused(status: 400, reason: "more than one \(name) field")
        }
        if headers.contains(where: { $0.name == "transfer-encoding" }) {
            if headers.contains(where: { $0.name == "content-length" }) {
                return .refused(status: 400, reason: "both Transfer-Encoding and Content-Length: one length, or none")
            }
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
        var request = HTTPRequest(method: method, path: path, query: query, headers: headers)
        guard bytes.count >= headEnd + length else { return .incompleteBody(request, length: headEnd + length) }
        request.body = Array(bytes[headEnd..<(headEnd + length)])
        return .request(request, length: headEnd + length)
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
                guard let high = iterator.next().flatMap(\.hexDigitValue),
                    let low = iterator.next().flatMap(\.hexDigitValue)
                else {
                    return nil
                }
                out.append(high << 4 | low)
            } else {
                out.append(byte)
            }
        }
        return String(strictUTF8: out[...])
    }

    /// Whether a path has a `.` or `..` segment, or a `%2e` (which a decoder would make one).
    private static func hasDotSegment(_ target: ArraySlice<UInt8>) -> Bool {
        let path = target.prefix { $0 != UInt8(ascii: "?") }
        let encodedDot = path.indices.contains { index in
            path[index] == UInt8(ascii: "%")
                && path[index...].dropFirst().prefix(2).map { $0 | 0x20 }
                    == [UInt8(ascii: "2"), UInt8(ascii: "e")]
        }
        return encodedDot
            || path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains { segment in
                segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8)
            }
    }
}

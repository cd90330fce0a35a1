import XTreeSupport

/// A link in the normal form RFC 3986 gives every link equivalent to it (section 6.2.2): the
/// scheme and host in lower case, percent-escapes of unreserved characters (letters, digits,
/// `-`, `.`, `_`, `~`) decoded and the hex digits of the others in upper case, and the dot
/// segments of the path removed (section 5.2.4).
///
/// A parser that reads links from outside applies it first, so that `RECIPES://recipes/./%69rish-stew`
/// opens what `recipes://recipes/irish-stew` opens; `xtree-cli fuzz` checks that it does.
public enum LinkNormalization {
    /// `link` in normal form; a text without `scheme://` is returned as it is.
    public static func normalized(_ link: String) -> String {
        guard let marker = link.range(of: "://") else { return link }
        let scheme = link[..<marker.lowerBound]
        var rest = link[marker.upperBound...]
        var suffix = Substring("")
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            suffix = rest[end...]
            rest = rest[..<end]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let host = rest[..<slash]
        let path = removingDotSegments(decodingUnreserved(rest[slash...]))
        return scheme.lowercased() + "://" + host.lowercased() + path + decodingUnreserved(suffix)
    }

    /// `text` with escapes of unreserved characters decoded, the others' hex digits in upper case.
    static func decodingUnreserved(_ text: Substring) -> String {
        guard text.contains("%") else { return String(text) }
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), utf8.distance(from: index, to: utf8.endIndex) >= 3,
                let high = utf8[utf8.index(after: index)].hexDigitValue,
                let low = utf8[utf8.index(index, offsetBy: 2)].hexDigitValue
            {
                let value = high << 4 | low
                if isUnreserved(value) {
                    bytes.append(value)
                } else {
                    bytes += Array("%\(String(value, radix: 16, uppercase: true).leftPadded)".utf8)
                }
                index = utf8.index(index, offsetBy: 3)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// RFC 3986's `remove_dot_segments`, on a path that is empty or starts with `/`.
    static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            switch segment {
            case ".":
                if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default: output.append(segment)
            }
        }
        return path.isEmpty ? "" : "/" + output.joined(separator: "/")
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
    }
}

extension String {
    fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}

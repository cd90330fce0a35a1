import Foundation
import XTreeEscaping
import XTreePlatform
import XTreeSnapshot
import XTreeSupport

extension SnapshotReader {
    @inline(__always)
    mutating func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    @inline(__always)
    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// A member's key: where its bytes are, and whether it has escapes.
    struct Key {
        var range: Range<Int>
        var isEscaped: Bool
    }

    /// The key's text, escapes decoded as the strict scan decodes them to compare keys.
    mutating func text(of key: Key) -> String {
        key.isEscaped
            ? decodedKey(bytes, key.range)
            : String(decoding: UnsafeBufferPointer(rebasing: bytes[key.range]), as: UTF8.self)
    }

    /// Whether the key is `name`, which is ASCII.
    @inline(__always)
    mutating func key(_ key: Key, is name: StaticString) -> Bool {
        if key.isEscaped { return text(of: key) == name.description }
        guard key.range.count == name.utf8CodeUnitCount else { return false }
        return Memory.equal(bytes.baseAddress! + key.range.lowerBound, name.utf8Start, count: key.range.count)
    }

    /// Reads the members of an object whose `{` has been read, through its `}`, calling
    /// `member` with each key once its `:` has been read.
    mutating func readMembers(
        streaming: Bool = false, _ member: (inout Self, Key) throws(Stop) -> Void
    ) throws(Stop) {
        if streaming { try skipSpaceFilling() } else { skipSpace() }
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            var key = Key(range: 0..<0, isEscaped: false)
            if streaming {
                try skipSpaceFilling()
                try readWhole { reader throws(Stop) in key = try reader.readKey() }
            } else {
                skipSpace()
                key = try readKey()
            }
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            guard peek() == UInt8(ascii: ":") else { throw Stop.strict }
            index += 1
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            try member(&self, key)
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            switch peek() {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return
            default: throw Stop.strict
            }
        }
    }

    /// Reads the elements of an array whose `[` has been read, through its `]`, calling
    /// `element` at the start of each.
    mutating func readElements(
        streaming: Bool = false, _ element: (inout Self) throws(Stop) -> Void
    ) throws(Stop) {
        if streaming { try skipSpaceFilling() } else { skipSpace() }
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            if streaming {
                dropRead()
                try skipSpaceFilling()
                try readWhole(element)
            } else {
                skipSpace()
                try element(&self)
            }
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            switch peek() {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return
            default: throw Stop.strict
            }
        }
    }

    /// Skips any value, checking it as the strict scan does; what kind of value it was.
    /// `depth` is the number of containers around it.
    mutating func skipValue(depth: Int) throws(Stop) -> Kind {
        skipSpace()
        guard let byte = peek() else { throw Stop.strict }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < JSONScan.maximumDepth else { throw Stop.strict }
            index += 1
            var keys: [String] = []
            try readMembers { reader, key throws(Stop) in
                let name = reader.text(of: key)
                guard !keys.contains(name) else { throw Stop.strict }
                keys.append(name)
                _ = try reader.skipValue(depth: depth + 1)
            }
            return .object
        case UInt8(ascii: "["):
            guard depth < JSONScan.maximumDepth else { throw Stop.strict }
            index += 1
            try readElements { reader throws(Stop) in
                _ = try reader.skipValue(depth: depth + 1)
            }
            return .array
        case UInt8(ascii: "\""):
            _ = try readStringBytes()
            return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for (word, kind) in [("true", Kind.bool), ("false", .bool), ("null", .null)]
            where UnsafeBufferPointer(rebasing: bytes[index...]).starts(with: word.utf8) {
                index += word.utf8.count
                return kind
            }
            throw bytes.count - index < 5 ? ranOut() : Stop.strict
        default:
            _ = try skipNumber()
            return .number
        }
    }

    /// Skips a number as the strict scan reads one: an optional minus, digits, then any run
    /// of digits, `.`, `e`, `E`, `+` and `-`, which must be a finite number, and fit 64 bits
    /// if it is digits alone. Whether it is digits alone.
    mutating func skipNumber() throws(Stop) -> Bool {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        // A number that the window cuts may go on in the bytes that come next.
        if index == bytes.count, window != nil, !exhausted { throw ranOut() }
        guard index > digits else { throw Stop.strict }
        let whole = index == bytes.count || !Self.continuesNumber(bytes[index])
        if whole, index - digits < 19 { return true }
        while index < bytes.count, Self.continuesNumber(bytes[index]) { index += 1 }
        if index == bytes.count, window != nil, !exhausted { throw ranOut() }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw Stop.strict }
        if whole, Int(text) == nil { throw Stop.strict }
        return whole
    }

    @inline(__always)
    static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Reads a key whose `"` is next, checking it as the strict scan does, without
    /// unescaping it.
    mutating func readKey() throws(Stop) -> Key {
        guard peek() == UInt8(ascii: "\"") else { throw Stop.strict }
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                let range = start..<(index - 1)
                // Bytes that are not UTF-8 are the strict scan's to describe, as it does.
                guard ascii || isUTF8(UnsafeBufferPointer(rebasing: bytes[range])) else { throw Stop.strict }
                return Key(range: range, isEscaped: false)
            }
            if byte == UInt8(ascii: "\\") {
                // Rare: read it as any string, then note where its bytes were.
                index = start - 1
                try readStringBytes()
                return Key(range: start..<(index - 1), isEscaped: true)
            }
            if byte < 0x20 { throw Stop.strict }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw Stop.strict
    }

    /// Reads a string whose `"` is next, checking it as the strict scan does: its bytes stay
    /// where they are (`lastString`) unless it has escapes, which are decoded into `scratch`.
    /// Bytes that are not UTF-8 stop it, for the strict scan to describe.
    mutating func readStringBytes() throws(Stop) {
        index += 1
        let start = index
        var ascii = true
        var escaped = false
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if escaped {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    lastString = nil
                } else {
                    lastString = start..<index
                }
                index += 1
                // Bytes that are not UTF-8 are the strict scan's to describe, as it does.
                guard ascii || withLastString(isUTF8) else { throw Stop.strict }
                return
            }
            if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try readEscape()
                runStart = index
                continue
            }
            if byte < 0x20 { throw Stop.strict }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw Stop.strict
    }

    /// Calls `body` with the bytes of the last string read, unescaped.
    @inline(__always)
    mutating func withLastString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let range = lastString { return body(UnsafeBufferPointer(rebasing: bytes[range])) }
        return scratch.withUnsafeBufferPointer(body)
    }

    /// The last string read.
    mutating func lastStringText() -> String {
        withLastString { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the last string read is `text`.
    mutating func lastStringIs(_ text: String) -> Bool {
        withLastString { read in
            text.utf8.withContiguousStorageIfAvailable { stored in
                stored.count == read.count
                    && (read.isEmpty || Memory.equal(stored.baseAddress!, read.baseAddress!, count: read.count))
            } ?? text.utf8.elementsEqual(read)
        }
    }

    mutating func appendLastStringToLabels() {
        if let range = lastString {
            columns.labelBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        } else {
            columns.labelBytes.append(contentsOf: scratch)
        }
    }

    /// Reads the escape at `index` into `scratch`.
    mutating func readEscape() throws(Stop) {
        do {
            try readEscapeInWindow()
        } catch {
            // An escape takes at most 12 bytes: one that the window cuts may be whole.
            throw index + 12 > bytes.count ? ranOut() : error
        }
    }

    /// The stop for a value that runs past the bytes at hand: it may be whole once more
    /// arrive.
    mutating func ranOut() -> Stop {
        index = bytes.count
        return .strict
    }

    mutating func readEscapeInWindow() throws(Stop) {
        guard index + 1 < bytes.count else { throw Stop.strict }
        let escape = bytes[index + 1]
        // `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, and the bytes they stand for.
        if let simple = Array("\"\\/bfnrt".utf8).firstIndex(of: escape) {
            scratch.append([0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09][simple])
            index += 2
            return
        }
        guard escape == UInt8(ascii: "u"), let unit = hex4(at: index + 2) else { throw Stop.strict }
        var scalar = unit
        if (0xD800...0xDBFF).contains(unit) {
            guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                bytes[index + 7] == UInt8(ascii: "u"),
                let low = hex4(at: index + 8), (0xDC00...0xDFFF).contains(low)
            else { throw Stop.strict }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            index += 12
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw Stop.strict
        } else {
            index += 6
        }
        scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
    }

    mutating func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

/// Whether `bytes` is well-formed UTF-8: no stray continuation byte, overlong form, surrogate,
/// or value past U+10FFFF.
private func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    func continues(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
        index + offset < count && range.contains(bytes[index + offset])
    }
    while index < count {
        switch bytes[index] {
        case 0x00...0x7F:
            index += 1
        case 0xC2...0xDF:
            guard continues(1) else { return false }
            index += 2
        case 0xE0:
            guard continues(1, 0xA0...0xBF), continues(2) else { return false }
            index += 3
        case 0xE1...0xEC, 0xEE...0xEF:
            guard continues(1), continues(2) else { return false }
            index += 3
        case 0xED:
            guard continues(1, 0x80...0x9F), continues(2) else { return false }
            index += 3
        case 0xF0:
            guard continues(1, 0x90...0xBF), continues(2), continues(3) else { return false }
            index += 4
        case 0xF1...0xF3:
            guard continues(1), continues(2), continues(3) else { return false }
            index += 4
        case 0xF4:
            guard continues(1, 0x80...0x8F), continues(2), continues(3) else { return false }
            index += 4
        default:
            return false
        }
    }
    return true
}

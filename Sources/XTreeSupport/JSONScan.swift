import Foundation

/// Something wrong with a JSON document that Foundation's decoder on Linux either does not
/// explain (it says only that the data "was not valid JSON", with no position) or accepts
/// silently (a key given twice, where it keeps one value).
package struct JSONProblem: Sendable, Equatable {
    /// Line and column (in bytes) from 1.
    package var line: Int
    package var column: Int
    /// Where in the document, such as `recipes[3].title`; empty at the top level.
    package var path: String
    /// What is wrong, as a phrase.
    package var message: String
    /// Whether the text is not JSON at all (as opposed to JSON that breaks a rule of ours).
    package var isSyntax: Bool
}

/// One pass over a JSON document: the first problem in it, and where the first number that is
/// not a whole number is.
///
/// Iterative, with an explicit stack, so nesting cannot overflow the call stack. Paths are
/// kept as byte ranges of keys and made into text only for a report, so the pass costs little
/// more than reading the bytes on a snapshot of a million nodes.
package struct JSONScan {
    /// Nesting deeper than Foundation's reader accepts.
    package static let maximumDepth = 512

    package private(set) var problem: JSONProblem?
    package private(set) var firstFraction: JSONProblem?
    /// Where in the document the values of the key asked for lie, by path (`start.tree`,
    /// `events[3].tree`): for a reader that hands a part of a document to the reader of its
    /// own format. A value inside another such value is not looked for.
    package private(set) var values: [String: Range<Int>] = [:]
    private let key: String?

    private enum Container {
        case object(key: Range<Int>?, keys: [Int: [Range<Int>]])
        case array(index: Int)
    }

    /// Scans `data`, noting where the values of `key` lie in ``values``, if a key is given.
    package init(_ data: Data, valuesOf key: String? = nil) {
        self.key = key
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            scan(bytes)
        }
    }

    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var stack: [Container] = []
        enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end }
        var expect = Expect.value

        func position(_ offset: Int) -> (Int, Int) {
            var line = 1
            var lineStart = 0
            var position = 0
            let end = Swift.min(offset, bytes.count)
            while position < end {
                if bytes[position] == 0x0A {
                    line += 1
                    lineStart = position + 1
                }
                position += 1
            }
            return (line, offset - lineStart + 1)
        }
        func pathText(_ stack: [Container]) -> String {
            var text = ""
            // Deep nesting would make a path as long as the document: show its start.
            for container in stack where text.count < 100 {
                switch container {
                case .object(let key, _):
                    guard let key else { continue }
                    let name = decodedKey(bytes, key)
                    text += text.isEmpty ? name : ".\(name)"
                case .array(let index):
                    text += "[\(index)]"
                }
            }
            return text.count < 100 ? text : text + "…"
        }
        func report(_ message: String, at offset: Int, syntax: Bool) -> JSONProblem {
            let (line, column) = position(offset)
            return JSONProblem(line: line, column: column, path: pathText(stack), message: message, isSyntax: syntax)
        }
        func found() -> String {
            guard index < bytes.count else { return "the end of the file" }
            let byte = bytes[index]
            return (0x21...0x7E).contains(byte)
                ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
        }
        func hex4(at offset: Int) -> UInt32? {
            guard offset + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for byte in bytes[offset..<offset + 4] {
                guard let digit = Character(UnicodeScalar(byte)).hexDigitValue else { return nil }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        // Skips a string; returns the problem, if any, and where it is.
        func skipString() -> (String, Int)? {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return nil
                case UInt8(ascii: "\\"):
                    guard index + 1 < bytes.count else { return ("unterminated string", index) }
                    let escape = bytes[index + 1]
                    if escape == UInt8(ascii: "u") {
                        guard let unit = hex4(at: index + 2) else {
                            return ("\\u needs four hexadecimal digits", index)
                        }
                        if (0xD800...0xDBFF).contains(unit) {
                            guard bytes.count > index + 7, bytes[index + 6] == UInt8(ascii: "\\"),
                                bytes[index + 7] == UInt8(ascii: "u"), let low = hex4(at: index + 8),
                                (0xDC00...0xDFFF).contains(low)
                            else {
                                return (String(format: "a lone surrogate \\u%04X in a string", unit), index)
                            }
                            index += 12
                        } else if (0xDC00...0xDFFF).contains(unit) {
                            return (String(format: "a lone surrogate \\u%04X in a string", unit), index)
                        } else {
                            index += 6
                        }
                    } else if "\"\\/bfnrt".utf8.contains(escape) {
                        index += 2
                    } else {
                        return ("unknown escape in a string", index)
                    }
                case 0..<0x20:
                    return ("control character in a string", index)
                case 0x80...:
                    guard let length = utf8Length(bytes, at: index) else {
                        let byte = String(format: "0x%02X", bytes[index])
                        return ("not UTF-8: the byte \(byte) at byte offset \(index) begins no character", index)
                    }
                    index += length
                default:
                    index += 1
                }
            }
            return ("unterminated string", index)
        }
        // Skips a literal or number; returns the problem, if any.
        func skipLiteral() -> String? {
            for word in ["true", "false", "null"] where bytes[index...].starts(with: word.utf8) {
                index += word.utf8.count
                return nil
            }
            let start = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let digits = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > digits else {
                index = start
                return "expected a value but found \(found())"
            }
            var whole = true
            while index < bytes.count, "0123456789.eE+-".utf8.contains(bytes[index]) {
                whole = false
                index += 1
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let number = Double(text) else {
                index = start
                return "'\(text)' is not a number"
            }
            guard number.isFinite else {
                index = start
                return "the number \(text) is too large for any reader"
            }
            if whole, Int(text) == nil {
                index = start
                return "the whole number \(text) is too large for 64 bits"
            }
            if !whole, firstFraction == nil {
                let (line, column) = position(start)
                firstFraction = JSONProblem(
                    line: line, column: column, path: pathText(stack),
                    message: "holds \(text), where a whole number is expected", isSyntax: false)
            }
            return nil
        }
        // The value of `key` under way: its path, where it began, and how deep.
        var pending: (path: String, start: Int, depth: Int)?
        func valueDone() {
            if let value = pending, stack.count == value.depth {
                values[value.path] = value.start..<index
                pending = nil
            }
            expect = stack.isEmpty ? .end : .commaOrClose
        }

        while true {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            if expect == .end {
                if index < bytes.count {
                    problem = report("unexpected \(found()) after the document", at: index, syntax: true)
                }
                return
            }
            guard index < bytes.count else {
                problem = report("the document ends early", at: index, syntax: true)
                return
            }
            let byte = bytes[index]
            if expect == .value, pending == nil, let key, case .object(let name?, _)? = stack.last,
                UnsafeBufferPointer(rebasing: bytes[name]).elementsEqual(key.utf8)
                    || (bytes[name].contains(UInt8(ascii: "\\")) && decodedKey(bytes, name) == key)
            {
                pending = (pathText(stack), index, stack.count)
            }
            switch expect {
            case .value, .valueOrClose:
                if expect == .valueOrClose, byte == UInt8(ascii: "]") {
                    index += 1
                    stack.removeLast()
                    valueDone()
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    guard stack.count < Self.maximumDepth else {
                        problem = report("nesting deeper than \(Self.maximumDepth) levels", at: index, syntax: true)
                        return
                    }
                    index += 1
                    stack.append(byte == UInt8(ascii: "{") ? .object(key: nil, keys: [:]) : .array(index: 0))
                    expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
                } else if byte == UInt8(ascii: "\"") {
                    if let (message, offset) = skipString() {
                        problem = report(message, at: offset, syntax: true)
                        return
                    }
                    valueDone()
                } else {
                    let start = index
                    if let message = skipLiteral() {
                        problem = report(message, at: Swift.max(index, start), syntax: true)
                        return
                    }
                    valueDone()
                }
            case .key, .keyOrClose:
                if expect == .keyOrClose, byte == UInt8(ascii: "}") {
                    index += 1
                    stack.removeLast()
                    valueDone()
                } else if byte == UInt8(ascii: "\"") {
                    let start = index
                    if let (message, offset) = skipString() {
                        problem = report(message, at: offset, syntax: true)
                        return
                    }
                    let key = (start + 1)..<(index - 1)
                    guard case .object(_, var keys) = stack[stack.count - 1] else { return }
                    let name = decodedKey(bytes, key)
                    let hash = name.hashValue
                    if let earlier = keys[hash], earlier.contains(where: { decodedKey(bytes, $0) == name }) {
                        stack[stack.count - 1] = .object(key: key, keys: keys)
                        problem = report("appears twice in one object; keys must be unique", at: start, syntax: false)
                        return
                    }
                    keys[hash, default: []].append(key)
                    stack[stack.count - 1] = .object(key: key, keys: keys)
                    expect = .colon
                } else {
                    problem = report("expected a key in double quotes but found \(found())", at: index, syntax: true)
                    return
                }
            case .colon:
                guard byte == UInt8(ascii: ":") else {
                    problem = report("expected ':' but found \(found())", at: index, syntax: true)
                    return
                }
                index += 1
                expect = .value
            case .commaOrClose:
                let isObject: Bool
                if case .object = stack[stack.count - 1] { isObject = true } else { isObject = false }
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if case .array(let count) = stack[stack.count - 1] {
                        stack[stack.count - 1] = .array(index: count + 1)
                    }
                    expect = isObject ? .key : .value
                } else if byte == close {
                    index += 1
                    stack.removeLast()
                    valueDone()
                } else {
                    problem = report(
                        "expected ',' or '\(Character(UnicodeScalar(close)))' but found \(found())", at: index,
                        syntax: true)
                    return
                }
            case .end:
                return
            }
        }
    }
}

/// How many bytes the UTF-8 encoded character at `offset` takes, or `nil` where no
/// character begins (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF,
/// or a sequence cut short), as the Unicode Standard's table 3-7 of well-formed sequences has it.
func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xE1...0xEF: length = 3
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return nil
    }
    guard bytes.count - offset >= length, second.contains(bytes[offset + 1]) else { return nil }
    for next in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[next]) { return nil }
    return length
}

/// A key's text, with escapes decoded when it has any: what two keys are compared by when
/// the scan looks for one given twice.
package func decodedKey(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let raw = UnsafeBufferPointer(rebasing: bytes[range])
    guard raw.contains(UInt8(ascii: "\\")) else { return String(decoding: raw, as: UTF8.self) }
    let quoted = Data([UInt8(ascii: "\"")] + Array(raw) + [UInt8(ascii: "\"")])
    return (try? JSONDecoder().decode(String.self, from: quoted)) ?? String(decoding: raw, as: UTF8.self)
}

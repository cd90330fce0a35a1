import Foundation

/// Finds the first JSON syntax error in `data` and where it is, because Foundation's decoder
/// on Linux says only that the data "was not valid JSON".
///
/// A small iterative scanner (an explicit stack, so nesting depth cannot overflow the call
/// stack). Returns line and column from 1, counting columns in bytes.
package func locateJSONSyntaxError(in data: Data) -> (line: Int, column: Int, problem: String) {
    let bytes = [UInt8](data)
    var index = 0
    var stack: [UInt8] = []
    enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end }
    var expect = Expect.value

    func position(_ offset: Int) -> (Int, Int) {
        var line = 1
        var lineStart = 0
        for (position, byte) in bytes[..<Swift.min(offset, bytes.count)].enumerated() where byte == 0x0A {
            line += 1
            lineStart = position + 1
        }
        return (line, offset - lineStart + 1)
    }
    func fail(_ problem: String) -> (line: Int, column: Int, problem: String) {
        let (line, column) = position(index)
        return (line, column, problem)
    }
    func found() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        return (0x21...0x7E).contains(byte)
            ? "'\(Character(UnicodeScalar(byte)))'" : String(format: "byte 0x%02X", byte)
    }
    func skipString() -> String? {
        index += 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return nil
            case UInt8(ascii: "\\"):
                index += 2
            case 0..<0x20:
                return "control character in a string"
            default:
                index += 1
            }
        }
        return "unterminated string"
    }
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
        while index < bytes.count, "0123456789.eE+-".utf8.contains(bytes[index]) { index += 1 }
        return nil
    }

    while true {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        if expect == .end {
            return index < bytes.count ? fail("unexpected \(found()) after the document") : fail("no error found")
        }
        guard index < bytes.count else { return fail("the document ends early") }
        let byte = bytes[index]
        switch expect {
        case .value, .valueOrClose:
            if expect == .valueOrClose, byte == UInt8(ascii: "]") {
                index += 1
                stack.removeLast()
                expect = stack.isEmpty ? .end : .commaOrClose
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                index += 1
                stack.append(byte)
                expect = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
            } else {
                let problem = byte == UInt8(ascii: "\"") ? skipString() : skipLiteral()
                if let problem { return fail(problem) }
                expect = stack.isEmpty ? .end : .commaOrClose
            }
        case .key, .keyOrClose:
            if expect == .keyOrClose, byte == UInt8(ascii: "}") {
                index += 1
                stack.removeLast()
                expect = stack.isEmpty ? .end : .commaOrClose
            } else if byte == UInt8(ascii: "\"") {
                if let problem = skipString() { return fail(problem) }
                expect = .colon
            } else {
                return fail("expected a key in double quotes but found \(found())")
            }
        case .colon:
            guard byte == UInt8(ascii: ":") else { return fail("expected ':' but found \(found())") }
            index += 1
            expect = .value
        case .commaOrClose:
            let close = stack.last == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            if byte == UInt8(ascii: ",") {
                index += 1
                expect = close == UInt8(ascii: "}") ? .key : .value
            } else if byte == close {
                index += 1
                stack.removeLast()
                expect = stack.isEmpty ? .end : .commaOrClose
            } else {
                return fail("expected ',' or '\(Character(UnicodeScalar(close)))' but found \(found())")
            }
        case .end:
            break
        }
    }
}

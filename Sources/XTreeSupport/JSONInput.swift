import Foundation
import XTreePlatform

/// How many bytes one input may hold: a snapshot, a catalog, a state file, standard input, or
/// the snapshot an attached app sends.
///
/// 1 GiB by default, which holds a snapshot of several million nodes; `XTREE_MAX_INPUT_BYTES`
/// sets another, in bytes or with a `K`, `M` or `G` suffix (powers of 1,024).
package enum InputLimit {
    package static let defaultBytes = 1 << 30
    package static let environmentVariable = "XTREE_MAX_INPUT_BYTES"

    /// The limit the environment sets, or the default; a sentence saying what is wrong when
    /// the variable is set to something that is not a size.
    package static func fromEnvironment(
        _ environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Result<Int, InputLimitError> {
        guard let text = environment[environmentVariable], !text.isEmpty else { return .success(defaultBytes) }
        guard let bytes = parse(text) else { return .failure(InputLimitError(text: text)) }
        return .success(bytes)
    }

    /// `1 GiB`, `512 KiB`, or a count of bytes: the limit as an error names it.
    package static func describe(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where bytes >= 1 << shift {
            if bytes % (1 << shift) == 0 { return "\(bytes >> shift) \(unit)" }
        }
        return "\(bytes) bytes"
    }

    private static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var shift = 0
        switch digits.last {
        case "K", "k": shift = 10
        case "M", "m": shift = 20
        case "G", "g": shift = 30
        default: break
        }
        if shift > 0 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0,
            number <= Int.max >> shift
        else { return nil }
        return number << shift
    }
}

/// `XTREE_MAX_INPUT_BYTES` is set to something that is not a size.
package struct InputLimitError: Error, Sendable, Hashable, CustomStringConvertible {
    package var text: String

    package var description: String {
        "\(InputLimit.environmentVariable) is '\(text)'; give a whole number of bytes above 0, "
            + "optionally followed by K, M or G"
    }
}

/// Why a JSON input could not be read.
package enum JSONInputError: Error, Sendable, CustomStringConvertible {
    /// More than `limit` bytes arrived.
    case tooLarge(limit: Int)
    /// Reading failed with `errno`.
    case io(Int32)

    package var description: String {
        switch self {
        case .tooLarge(let limit):
            "it is larger than the input limit of \(InputLimit.describe(limit)); "
                + "set \(InputLimit.environmentVariable) to read more"
        case .io(let error): SystemError(error).description
        }
    }
}

/// Reads a JSON document from a file descriptor, stopping early at what cannot be JSON.
///
/// Every byte is screened as it arrives: the first byte after white space must be able to
/// start a value, and a control byte other than tab, line feed and carriage return can stand
/// nowhere in JSON text. At the first such byte reading stops, and what was read up to and
/// including it is returned: a strict reader (every reader of the package checks
/// ``DecodingProblem/strictProblem(in:)`` first) refuses it with the problem, line and column
/// it would report for the whole input. So `/dev/zero` fails at its first byte and random
/// bytes within a few, while a valid document reads whole. The input is also held to a limit.
package enum JSONInput {
    /// Every byte up to the end of input, or up to the first byte that cannot be JSON.
    ///
    /// - Throws: ``JSONInputError``.
    package static func read(descriptor: Int32, limit: Int, screening: Bool = true) throws(JSONInputError) -> Data {
        var data = Data()
        if let status = try? Files.status(of: descriptor), status.kind == .regular, status.size > 0 {
            // A regular file says how much to expect; more than the limit is refused unread.
            guard status.size <= limit else { throw .tooLarge(limit: limit) }
            data.reserveCapacity(Int(status.size))
        }
        var screen = Screen()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let read = chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try Files.read(descriptor, into: buffer) }
            }
            let count: Int
            switch read {
            case .success(let read): count = read
            case .failure(let error): throw .io(error.code)
            }
            if count == 0 { return data }
            guard data.count + count <= limit else { throw .tooLarge(limit: limit) }
            let start = data.count
            data.append(contentsOf: chunk[..<count])
            guard screening else { continue }
            let bad = chunk.withUnsafeBufferPointer {
                screen.firstImpossible(in: UnsafeBufferPointer(rebasing: $0[..<count]))
            }
            if let bad { return data.prefix(start + bad + 1) }
        }
    }

    /// Finds bytes that cannot stand where they are in any JSON document, piece by piece.
    package struct Screen {
        private var started = false

        package init() {}

        /// The index of the first impossible byte in `bytes`, the next piece of the input.
        package mutating func firstImpossible(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            var index = 0
            if !started {
                while index < bytes.count, Self.isWhiteSpace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return nil }
                started = true
                guard Self.canStartValue(bytes[index]) else { return index }
                index += 1
            }
            // Eight bytes at a time: any byte below 0x20 sets its high bit in `low`.
            let words = (bytes.count - index) / 8
            let raw = UnsafeRawBufferPointer(bytes)
            for word in 0..<words {
                let offset = index + word * 8
                let value = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                let low = (value &- 0x2020_2020_2020_2020) & ~value & 0x8080_8080_8080_8080
                guard low != 0 else { continue }
                for position in offset..<offset + 8 where Self.isControl(bytes[position]) { return position }
            }
            for position in (index + words * 8)..<bytes.count where Self.isControl(bytes[position]) {
                return position
            }
            return nil
        }

        private static func isWhiteSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        /// A control byte that JSON allows nowhere, not even in a string.
        private static func isControl(_ byte: UInt8) -> Bool {
            byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09
        }

        private static func canStartValue(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                true
            default: false
            }
        }
    }
}

import Foundation
import Testing
import XTree
import XTreeCodec
import XTreeJournal
import XTreeSnapshot

@testable import XTreeInspector

/// Numbers from outside at their extremes: every reader of a snapshot, a session and a reply
/// given `Int.max`, `Int.min`, their neighbours, 2^53 and past it, and a number no `Int`
/// holds, in each numeric field in turn. Each is read or refused with an error; none traps.
@Suite struct ExtremeNumbersTests {
    static let extremes = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775806", "-9223372036854775807", "-1", "0",
        "1", "2", "9007199254740992", "9007199254740993", "18446744073709551616", "1e308", "-0",
    ]
    /// Whether a value can never be right in a field that counts, numbers or places something.
    static func outOfRange(_ text: String) -> Bool {
        [
            "9223372036854775807", "-9223372036854775808", "9223372036854775806", "-9223372036854775807", "-1",
            "9007199254740993", "18446744073709551616", "1e308",
        ].contains(text)
    }

    /// `text` with the `occurrence`th value of `"field":` replaced by `value`.
    static func substituting(_ field: String, occurrence: Int, with value: String, in text: String) -> String? {
        let pattern = try! NSRegularExpression(pattern: "\"\(field)\":(-?[0-9.e]+)")
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard occurrence < matches.count, let range = Range(matches[occurrence].range(at: 1), in: text) else {
            return nil
        }
        return text.replacingCharacters(in: range, with: value)
    }

    static let snapshot = """
        {"nodes":[
        {"attributes":[],"depth":0,"id":"aaaaaaaa","label":"R","links":[{"kind":"child","node":1}],"names":["Box"],"order":0,"type":"Box"},
        {"attributes":[],"depth":1,"id":"bbbbbbbb","label":"C","links":[],"names":["Box"],"order":1,"parent":0,"type":"Box"}
        ],"version":2}
        """

    @Test(arguments: [
        ("depth", 0), ("depth", 1), ("order", 0), ("order", 1), ("parent", 0), ("node", 0), ("version", 0),
    ])
    func aSnapshotsNumbersAtTheirExtremesAreReadOrRefused(field: String, occurrence: Int) throws {
        #expect(throws: Never.self) { try SnapshotCodec.read(Data(Self.snapshot.utf8)) }
        for value in Self.extremes {
            let text = try #require(Self.substituting(field, occurrence: occurrence, with: value, in: Self.snapshot))
            let read = Result { try SnapshotCodec.read(Data(text.utf8)) }
            if Self.outOfRange(value) {
                #expect(throws: (any Error).self, "\(field) #\(occurrence) = \(value)") { try read.get() }
            }
        }
    }

    static let session: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Docs/Examples/recipes-session.json")
        return try! String(contentsOf: path, encoding: .utf8)
    }()

    @Test(arguments: [
        ("sequence", 0), ("sequence", 1), ("sequence", 3), ("depth", 1), ("parent", 2), ("node", 0), ("order", 3),
        ("version", 0), ("version", 1), ("searches", 0), ("visits", 0), ("notifications", 1), ("objects", 1),
    ])
    func aSessionsNumbersAtTheirExtremesAreReadOrRefused(field: String, occurrence: Int) throws {
        #expect(throws: Never.self) { try RecordedSession(data: Data(Self.session.utf8)) }
        for value in Self.extremes {
            guard let text = Self.substituting(field, occurrence: occurrence, with: value, in: Self.session) else {
                Issue.record("no \(field) #\(occurrence) in the example session")
                return
            }
            // The error type named: Swift 6.3.1 miscompiles this initializer's typed throw caught
            // as `any Error` by `Result { … }` (the Result it makes crashes when copied).
            let read = Result<RecordedSession, SessionError> { () throws(SessionError) in
                try RecordedSession(data: Data(text.utf8))
            }
            if Self.outOfRange(value),
                !["searches", "visits", "notifications", "objects"].contains(field)
                    || value.hasPrefix("-") || value == "18446744073709551616" || value == "1e308"
            {
                #expect(throws: (any Error).self, "\(field) #\(occurrence) = \(value)") { try read.get() }
            }
        }
    }
}

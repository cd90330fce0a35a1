import Foundation
import Testing
import XTree
import XTreeRecorder

/// Entries beyond URLs: one text form read back as the entry it was, nothing else taken for
/// one, and secrets in their user info and payloads redacted as a link's are.
@Suite struct EntryTests {
    static let entries: [Entry] = [
        .activity(type: "org.example.browsing", url: "https://example.org/a?b=1&c=2", info: [:]),
        .activity(
            type: "org.example.browsing", url: nil,
            info: ["tab": Entry.JSONText(json: "2")!, "path": Entry.JSONText("a/b c&d=e")]),
        .shortcut(type: "org.example.new-tab", info: [:]),
        .shortcut(type: "org.example.compose", info: ["to": Entry.JSONText(json: #"{"name":"Ann","ids":[1,2]}"#)!]),
        .notification(payload: ["thread": Entry.JSONText("42"), "aps": Entry.JSONText(json: #"{"badge":3}"#)!]),
        .intent(name: "OpenSettings", parameters: ["section": Entry.JSONText("privacy")]),
        .intent(name: "Refresh", parameters: [:]),
        .navigation(action: "navigate", values: ["to": Entry.JSONText(json: #"{"status":{"id":"1042"}}"#)!]),
        .navigation(action: "pop", values: [:]),
    ]

    /// A navigation call's value travels as its Codable JSON and decodes back as the value.
    @Test func aNavigationValueIsItsCodableJSON() throws {
        enum Place: Codable, Equatable {
            case tag(String)
            case status(id: String)
        }
        let value = try #require(Entry.JSONText(encoding: Place.status(id: "1042")))
        #expect(value.json == #"{"status":{"id":"1042"}}"#)
        #expect(value.decoded(as: Place.self) == .status(id: "1042"))
        #expect(Entry.JSONText(json: "2")?.decoded(as: Place.self) == nil)
        let entry = Entry.navigation(action: "navigate", values: ["to": value])
        #expect(entry.summary == #"the app's navigation call navigate, values {"to":{"status":{"id":"1042"}}}"#)
    }

    @Test(arguments: entries)
    func anEntrysTextIsReadBackAsTheEntry(_ entry: Entry) {
        let text = entry.description
        #expect(text.hasPrefix("xtree-entry:"))
        #expect(Entry(text) == entry, "\(text)")
        // Printable ASCII only: it travels as a link does.
        #expect(text.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }, "\(text)")
    }

    @Test(arguments: [
        "https://example.org/a", "recipes://recipes/irish-stew", "xtree-entry:", "xtree-entry:unknown?type=a",
        "xtree-entry:activity", "xtree-entry:activity?type=", "xtree-entry:activity?type=a&type=b",
        "xtree-entry:activity?type=a&extra=1", "xtree-entry:shortcut?type=a&info=not-json",
        "xtree-entry:notification?payload=%5B1%5D", "xtree-entry:intent?parameters=%7B%7D",
        "xtree-entry:navigation?values=%7B%7D", "xtree-entry:navigation?action=a&name=b",
        "XTREE-ENTRY:shortcut?type=a",
    ])
    func whatIsNotAnEntryIsNotReadAsOne(_ text: String) {
        #expect(Entry(text) == nil)
    }

    @Test func secretsInAnEntrysUserInfoAndPayloadAreRedacted() {
        let payload = Entry.notification(payload: ["token": Entry.JSONText("s3cr3t"), "thread": Entry.JSONText("42")])
        let kept = LinkRedaction.current(payload.description)
        #expect(!kept.contains("s3cr3t") && kept.hasSuffix("payload=<private>"), "\(kept)")
        let info = Entry.activity(type: "org.example.login", url: nil, info: ["session": Entry.JSONText("abc")])
        #expect(!LinkRedaction.current(info.description).contains("abc"))
        let plain = Entry.shortcut(type: "org.example.new-tab", info: ["tab": Entry.JSONText("2")])
        #expect(LinkRedaction.current(plain.description) == plain.description)
    }

    /// User info as the system gives it becomes JSON values, booleans kept apart from numbers;
    /// what is no property list is named, never dropped without a word.
    @Test func aPropertyListBecomesAnEntrysValues() {
        let date = Date(timeIntervalSince1970: 0)
        let (values, leftOut) = Entry.values(of: [
            "name": "Ann", "tab": 2, "ratio": 0.5, "on": true, "one": NSNumber(value: 1), "when": date,
            "bytes": Data([1, 2]), "page": URL(string: "https://example.org/a")!, "ids": [1, 2],
            "nested": ["k": ["v"]], 7: "not a string key", "nan": Double.nan, "object": NSObject(),
        ])
        #expect(
            values.mapValues(\.json) == [
                "name": #""Ann""#, "tab": "2", "ratio": "0.5", "on": "true", "one": "1",
                "when": #""1970-01-01T00:00:00Z""#, "bytes": #""AQI=""#, "page": #""https://example.org/a""#,
                "ids": "[1,2]", "nested": #"{"k":["v"]}"#,
            ])
        #expect(leftOut == ["7", "nan", "object"])
        #expect(Entry.values(of: nil).values.isEmpty)
        #expect(
            Entry.activity(type: "t", url: nil, info: values).summary.hasPrefix(
                #"a user activity of type t, user info {"bytes":"AQI=","#))
    }
}

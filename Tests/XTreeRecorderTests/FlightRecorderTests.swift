import Foundation
import Testing
import XTree

@testable import XTreeRecorder

/// An app type for the recorder's header.
enum LoggedApp: DeepLinkableApp {
    static func makeRoot() -> LoggedRoot { LoggedRoot() }
    static func open(_ link: String, in root: LoggedRoot) async throws -> any DeepLinkable { root }
}

@MainActor final class LoggedRoot: DeepLinkable {
    var children: [any DeepLinkable] { [] }
}

/// A file in a directory of its own, removed with the value.
final class ScratchFile {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("xr-\(UUID().uuidString.prefix(8))")
        .path
    var path: String { directory + "/app.flightrecord" }
    deinit { try? FileManager.default.removeItem(atPath: directory) }
}

@Suite struct FlightRecorderTests {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func recorder(_ file: ScratchFile, slots: Int = 8, slotSize: Int = 256) throws -> FlightRecorder {
        try FlightRecorder(
            app: String(reflecting: LoggedApp.self), path: file.path, slots: slots, slotSize: slotSize, durable: false)
    }

    @Test func linksAreReadBackInOrderWithTheirOutcomes() throws {
        let file = ScratchFile()
        let recorder = try recorder(file)
        let first = recorder.begin("app://a")
        recorder.end(first, typeNamed: "Screen")
        let second = recorder.begin("app://b")
        recorder.end(second, failed: Failure(description: "no b in app://b"))
        _ = recorder.begin("app://c")
        let record = try recorder.read()
        #expect(record.app == AppTypeName(module: "XTreeRecorderTests", type: "LoggedApp"))
        #expect(!record.endedCleanly)
        #expect(record.links.map(\.link) == ["app://a", "app://b", "app://c"])
        #expect(record.links.map(\.sequence) == [1, 2, 3])
        guard case .reached("Screen", _) = record.links[0].outcome else {
            Issue.record("not reached: \(record.links[0].outcome)")
            return
        }
        guard case .failed("no b in app://b", _) = record.links[1].outcome else {
            Issue.record("not failed: \(record.links[1].outcome)")
            return
        }
        #expect(record.links[2].outcome == .incomplete)
        #expect(
            record.breadcrumbs == [
                "xtree link 1 reached app://a", "xtree link 2 failed app://b", "xtree link 3 incomplete app://c",
            ])
        recorder.markEndedCleanly()
        #expect(try recorder.read().endedCleanly)
        _ = recorder.begin("app://d")
        #expect(try !recorder.read().endedCleanly)
    }

    @Test func theRingKeepsTheLastLinksAndALongOneIsCutAndSaysSo() throws {
        let file = ScratchFile()
        let recorder = try recorder(file, slots: 4, slotSize: 128)
        for index in 1...10 { recorder.end(recorder.begin("app://\(index)"), typeNamed: "S") }
        #expect(try recorder.read().links.map(\.link) == ["app://7", "app://8", "app://9", "app://10"])
        // 28 bytes of link fit in a slot of 128; é is two bytes and is never cut in half.
        let long = "app://" + String(repeating: "x", count: 21) + "é" + String(repeating: "y", count: 40)
        _ = recorder.begin(long)
        let last = try #require(try recorder.read().links.last)
        #expect(last.truncated)
        #expect(last.link == "app://" + String(repeating: "x", count: 21))
        #expect(last.breadcrumb.hasSuffix(" ...(truncated)"))
    }

    @Test func aRecordCutAtEveryByteOfItsLastWriteKeepsEveryWholeLinkAndInventsNone() throws {
        let file = ScratchFile()
        let recorder = try recorder(file, slots: 4, slotSize: 128)
        for index in 1...5 { recorder.end(recorder.begin("app://\(index)"), typeNamed: "S") }
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let ticket = recorder.begin("app://sixth-link")
        let begun = try Data(contentsOf: URL(fileURLWithPath: file.path))
        recorder.end(ticket, typeNamed: "Sixth")
        let ended = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let known = Set(try [before, begun, ended].flatMap { try FlightRecord(bytes: $0).links })
        // The sixth link goes to the slot of the second; every other slot must read as before.
        let kept = try FlightRecord(bytes: before).links.filter { $0.sequence != 2 }
        for (old, new) in [(before, begun), (begun, ended)] {
            let changed = (0..<old.count).filter { old[$0] != new[$0] }
            #expect(!changed.isEmpty)
            for cut in changed.first!...changed.last! {
                var torn = old
                torn.replaceSubrange(changed.first!..<cut, with: new[changed.first!..<cut])
                let links = try FlightRecord(bytes: torn).links
                // The sixth link whole, its outcome whole or not yet: nothing else is new.
                #expect(
                    links.allSatisfy {
                        known.contains($0)
                            || ($0.sequence == 6 && $0.link == "app://sixth-link" && $0.outcome == .incomplete)
                    })
                #expect(kept.allSatisfy { link in links.contains(link) })
            }
        }
    }

    @Test func hostileFilesAreRefusedWithAMessage() throws {
        let file = ScratchFile()
        let recorder = try recorder(file, slots: 2, slotSize: 128)
        _ = recorder.begin("app://a")
        let good = try Data(contentsOf: URL(fileURLWithPath: file.path))
        func refusal(_ edit: (inout Data) -> Void) -> String? {
            var bytes = good
            edit(&bytes)
            do {
                _ = try FlightRecord(bytes: bytes)
                return nil
            } catch {
                return error.description
            }
        }
        func put(_ value: UInt32, at offset: Int) -> (inout Data) -> Void {
            { data in withUnsafeBytes(of: value.littleEndian) { data.replaceSubrange(offset..<offset + 4, with: $0) } }
        }
        #expect(refusal { $0[0] = UInt8(ascii: "Y") } == "not a flight record: it does not begin with XTREEFR1")
        #expect(refusal { $0 = $0.prefix(100) } == "not a flight record: it does not begin with XTREEFR1")
        #expect(refusal(put(9, at: 8)) == "a flight record of version 9; this reader reads versions 1 to 2")
        #expect(refusal(put(0, at: 8)) == "a flight record of version 0; this reader reads versions 1 to 2")
        // A file an earlier build wrote, of version 1, is read as before.
        #expect(refusal(put(1, at: 8)) == nil)
        #expect(refusal(put(.max, at: 12)) == "a damaged flight record: its slots would be 4294967295 bytes")
        #expect(refusal(put(130, at: 12)) == "a damaged flight record: its slots would be 130 bytes")
        #expect(refusal(put(.max, at: 16)) == "a damaged flight record: it would have 4294967295 slots")
        #expect(refusal(put(3, at: 16)) == "a cut flight record: 3 slots of 128 bytes do not fit in its 384 bytes")
        #expect(
            refusal { $0 = $0.prefix(300) } == "a cut flight record: 2 slots of 128 bytes do not fit in its 300 bytes")
        #expect(refusal(put(0xFFFF, at: 36)) == "a damaged flight record: its app's name is not readable")
        #expect(refusal { $0[38] = 0xFF } == "a damaged flight record: its app's name is not readable")
        // A name of one byte: no module, no type.
        #expect(
            refusal {
                $0[36] = 1
                $0[37] = 0
            } == "a damaged flight record: its app's name is not Module.Type")
        // A link length past its slot, or bytes that do not match their checksum: the link is not read.
        #expect(
            try FlightRecord(
                bytes: {
                    var d = good
                    d[128 + 16] = 0xFF
                    d[128 + 17] = 0xFF
                    return d
                }()
            ).links == [])
        #expect(
            try FlightRecord(
                bytes: {
                    var d = good
                    d[128 + 20] ^= 1
                    return d
                }()
            ).links == [])
        #expect(try FlightRecord(bytes: good).links.map(\.link) == ["app://a"])
    }

    @Test func aRecordOfAnotherAppIsNotTakenForTheLastRun() throws {
        let file = ScratchFile()
        _ = try FlightRecorder(app: "Other.App", path: file.path, slots: 2, slotSize: 128, durable: false).begin(
            "o://x")
        do {
            let recorder = try recorder(file)
            #expect(recorder.lastRun == nil)
            #expect(recorder.lastRunProblem == "it was written by Other.App")
            _ = recorder.begin("app://a")
        }
        let again = try self.recorder(file)
        #expect(again.lastRun?.links.map(\.link) == ["app://a"])
        #expect(try again.read().links.isEmpty)
    }

    /// The fuzzer's seed was written from Docs/FlightRecorderFormat.md alone, by another program:
    /// the format as documented is the format as read.
    @Test func aRecordWrittenFromTheFormatsDescriptionIsRead() throws {
        let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Fuzz/Corpus/record/three-links.flightrecord").path
        let record = try FlightRecord(contentsOf: seed)
        #expect(record.app == AppTypeName(module: "RecipesDomain", type: "RecipesApp"))
        #expect(record.processID == 42)
        #expect(
            record.links.map(\.link) == [
                "recipes://recipes/irish-stew", "recipes://tab/veggie", "recipes://x?token=<private>",
            ])
        #expect(record.breadcrumbs.first == "xtree link 1 reached recipes://recipes/irish-stew")
        #expect(record.links.last?.outcome == .incomplete)
    }

    @Test func breadcrumbLinesAreFoundInAPastedReport() {
        let report = """
            2026-11-26 10:00:01 [info] xtree link 3 failed app://c
            Thread 0 Crashed
            12:00 breadcrumb: xtree link 1 reached app://a?x=%20y
            xtree link 2 incomplete app://b ...(truncated)
            xtree link nine reached app://n
            xtree link 1 reached app://duplicate
            """
        let (links, cut) = RecordedLink.links(inBreadcrumbs: report)
        #expect(links == ["app://a?x=%20y", "app://c"])
        #expect(cut == 1)
    }

    /// Every common form a secret takes in a link, hidden by the default redaction.
    @Test(arguments: [
        ("app://cb#access_token=abc&state=s", "app://cb#access_token=<private>&state=s"),
        ("https://user:secret@host/p", "https://<private>@host/p"),
        ("https://TOKEN@host", "https://<private>@host"),
        ("app://a/b;token=abc?x=1", "app://a/b;token=<private>?x=1"),
        ("app://a?x=1;token=abc", "app://a?x=1;token=<private>"),
        ("app://a?token[]=abc&token%5B%5D=def", "app://a?token[]=<private>&token%5B%5D=<private>"),
        ("app://a?%2574oken=abc&%252574oken=def", "app://a?%2574oken=<private>&%252574oken=<private>"),
        (
            "app://a?auth_token=1&client_secret=2&jwt=3&passwd=4",
            "app://a?auth_token=<private>&client_secret=<private>&jwt=<private>&passwd=<private>"
        ),
        ("app://a?my-api-key=1&user_token=2&monkey=3", "app://a?my-api-key=<private>&user_token=<private>&monkey=3"),
        (#"app://a?state={"token":"abc"}&next=1"#, #"app://a?state=<private>&next=1"#),
        ("app://a?state=%7B%22Token%22%3A%22abc%22%7D", "app://a?state=<private>"),
        (#"app://a?state={"page":2}"#, #"app://a?state={"page":2}"#),
        ("app://verify/token/abc/next", "app://verify/token/<private>/next"),
        ("recipes://recipes/irish-stew/ratings", "recipes://recipes/irish-stew/ratings"),
        (
            "app://a?\(String(repeating: "%25", count: 100))=x",
            "app://a?\(String(repeating: "%25", count: 100))=<private>"
        ),
    ])
    func theDefaultRedactionReadsTheLinksStructure(link: String, kept: String) {
        #expect(LinkRedaction.current(link) == kept)
    }

    @Test func aMessageHidesEachValueOnceAndStaysReadable() {
        let link = "app://a?token=e&code=exp"
        let kept = LinkRedaction.current(link)
        #expect(kept == "app://a?token=<private>&code=<private>")
        #expect(
            LinkRedaction.current.message("unexpected e in exp: \(link)", of: link, kept: kept)
                == "unexpected <private> in <private>: app://a?token=<private>&code=<private>")
        // A value the app wrote again, encoded its own way.
        let json = #"app://a?state={"token":"abc"}"#
        #expect(
            LinkRedaction.current.message(
                "unexpected state=%7B%22token%22:%22abc%22%7D", of: json, kept: LinkRedaction.current(json))
                == "unexpected state=<private>")
    }

    @Test func redactionHidesNamedQueryValuesAndKeepsTheRest() {
        let redact = LinkRedaction.queryValues(named: ["token", "email"])
        #expect(redact("bank://login?token=abc&next=home") == "bank://login?token=<private>&next=home")
        #expect(
            redact("bank://x?T%6Fken=abc&EMAIL=a@b.c#token=frag")
                == "bank://x?T%6Fken=<private>&EMAIL=<private>#token=<private>")
        #expect(redact("bank://x?tokens=1&token=") == "bank://x?tokens=1&token=")
        #expect(redact("bank://token/abc") == "bank://token/abc")
        #expect(LinkRedaction.current("app://a?password=hunter2") == "app://a?password=<private>")
        // A failure's message hides the values wherever they are in it, raw or decoded.
        let link = "bank://x?token=a%20b&next=home"
        #expect(
            redact.message("no item 'token=a b' in \(link) (a%20b)", of: link, kept: redact(link))
                == "no item 'token=<private>' in bank://x?token=<private>&next=home (<private>)")
        #expect(redact.message("no bank://y", of: "bank://y", kept: "bank://y") == "no bank://y")
        let own = LinkRedaction { _ in "bank://<private>" }
        #expect(
            own.message("no a", of: "bank://a", kept: "bank://<private>").hasPrefix("(a failure's message, not kept"))
    }
}

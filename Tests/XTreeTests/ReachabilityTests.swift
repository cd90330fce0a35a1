import Foundation
import Testing
import XTree
import XTreeReachability

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A link of any description, for hostile text.
private struct NamedLink: Sendable, CustomStringConvertible {
    let description: String
    let target: LibraryLink
}

private struct Failure: Error, CustomStringConvertible {
    var description: String { "the service is down" }
}

@MainActor
@Suite struct ReachabilityTests {
    @Test func aSecondApplierThatLeavesADifferentTreeFailsWithTheFirstDifference() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() }, applier: "handler", apply: { $0.open($1) },
            alternative: (
                "sloppy",
                { library, link in
                    let reached = library.open(link)
                    library.shelf.openBook = BookDetail(isbn: "other")
                    return reached
                }
            ))
        check.expect(.search, reaches: .receiver(SearchScreen.self))
        let report = await check.run()
        #expect(report.results.map(\.passed) == [true, false])
        #expect(
            report.results[1].failure?.hasPrefix("it leaves a different tree than handler: + 3 BookDetail #") == true)
        #expect(report.results[1].failure?.hasSuffix("(1 added, 0 removed, 0 changed, 3 unchanged)") == true)
    }

    @Test func aThrowingApplierFailsTheLinkAndKeepsItsTraces() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() },
            apply: { library, _ in
                _ = library.firstReceiver(as: (any BookScreen).self)
                throw Failure()
            })
        check.expect(.shelf, reaches: .receiver(Shelf.self))
        let result = await check.run().results[0]
        #expect(result.failure == "applying it failed: the service is down")
        #expect(result.traces.map(\.receiverType) == ["BookScreen"])
        #expect(result.reached.isEmpty)
    }

    @Test func anObjectOutsideTheTreeIsNotReached() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() }, apply: { _, _ in SearchScreen() })
        check.expect(.search, reaches: .receiver(SearchScreen.self))
        let result = await check.run().results[0]
        #expect(result.failure == "it ended on SearchScreen, which is not in the app's tree")
    }

    @Test func aCustomExpectationSeesThePathFromTheRoot() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() }, apply: { $0.open($1) })
        check.expect(
            .book("1"),
            reaches: .custom("a book on the shelf") { reached, path in
                path.count == 3 && path[1] is Shelf && path[2] === reached ? nil : "the path is \(path.count) long"
            })
        check.expect(.search, reaches: .custom("never") { _, path in "the path is \(path.count) long" })
        let report = await check.run()
        #expect(report.results.map(\.failure) == [nil, "it ended on 2 SearchScreen #f21vpky2, but the path is 2 long"])
    }

    @Test func anAppThatCannotBeMadeStopsTheRun() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { throw Failure() }, apply: { $0.open($1) })
        check.expect(.search, reaches: .receiver(SearchScreen.self))
        let report = await check.run()
        #expect(report.startFailure == "cannot make the app: the service is down")
        #expect(!report.passed)
        #expect(report.summary == "\n0 checks (1 link x 1 applier): 0 passed, 0 failed (stopped after 0 of 1)\n")
    }

    @Test func aCancelledRunStopsAndSaysHowFarItGot() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() }, apply: { $0.open($1) })
        for _ in 0..<5 { check.expect(.search, reaches: .receiver(SearchScreen.self)) }
        let report = await check.run { report in
            if report.results.count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        #expect(report.results.count == 2)
        #expect(!report.passed)
    }

    @Test func theJUnitReportIsWellFormedXMLOfTheUsualShapeWhateverTheLinksSay() async throws {
        let hostile = "library://</testcase>&\"'\u{1B}[31m\u{0}"
        var check = ReachabilityCheck<Library, NamedLink>(
            "Lib<rary>", makeApp: { Library(shelf: ForgetfulShelf()) }, apply: { $0.open($1.target) })
        check.expect(NamedLink(description: hostile, target: .book("9")), reaches: .receiver((any BookScreen).self))
        check.expect(NamedLink(description: "library://search", target: .search), reaches: .receiver(SearchScreen.self))
        let report = await check.run()
        let shape = try XMLShape(report.junitXML)
        #expect(
            shape.elements == [
                "testsuites", "testsuite", "testcase", "testcase", "failure", "testcase",
            ])
        #expect(shape.attributes["testsuite"]?["failures"] == "1")
        #expect(shape.attributes["testsuite"]?["name"] == "Lib<rary>")
        #expect(
            shape.testcaseNames == ["children audit", "library://</testcase>&\"'\\u{1b}[31m\\u{0}", "library://search"])
        #expect(shape.failureText.contains("forgotten child: 0 Library > 1 ForgetfulShelf holds BookDetail \"9\""))
        #expect(!report.text().unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{0}" })
        // A report prints itself as its text, however it is printed.
        #expect("\(report)" == report.text(colors: false))
        #expect("\(report.text)" == report.text(colors: false))
        #expect(String(describing: report).hasPrefix("children audit: every held object is listed\n\nRESULT"))
    }

    /// Scalars XML 1.0 cannot hold at all, in names and in failure bodies: written as text, so
    /// the report still parses and CI still sees the failures; the bodies keep real line breaks.
    @Test func theJUnitReportHoldsOnlyWhatXML10AllowsAndKeepsLineBreaksInFailures() async throws {
        let forbidden = "\u{FFFE}\u{FFFF}\u{1}\u{8}\u{B}\u{C}\u{1F}"
        var check = ReachabilityCheck<Library, NamedLink>(
            "Suite\(forbidden)", makeApp: { Library(shelf: ForgetfulShelf()) }, apply: { $0.open($1.target) })
        check.expect(
            NamedLink(description: "library://\(forbidden)", target: .book("9")),
            reaches: .receiver((any BookScreen).self))
        let report = await check.run()
        let xml = report.junitXML
        let allowed = { (scalar: Unicode.Scalar) in
            switch scalar.value {
            case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
            default: false
            }
        }
        #expect(xml.unicodeScalars.allSatisfy(allowed))
        let shape = try XMLShape(xml)
        #expect(shape.attributes["testsuite"]?["name"] == #"Suite\u{fffe}\u{ffff}\u{1}\u{8}\u{b}\u{c}\u{1f}"#)
        #expect(shape.attributes["testsuite"]?["failures"] == "1")
        #expect(shape.testcaseNames.last == #"library://\u{fffe}\u{ffff}\u{1}\u{8}\u{b}\u{c}\u{1f}"#)
        // A trace is several lines, and stays so.
        #expect(shape.failureText.contains("\n  0 Library"), "\(shape.failureText)")
        #expect(!shape.failureText.contains(#"\n"#))
    }

    @Test func theJSONReportCarriesTheVerdictAndEveryResult() async throws {
        let report = await libraryCheck().run()
        let object = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Bool == true)
        #expect(object?["name"] as? String == "Library")
        let results = object?["results"] as? [[String: Any]]
        #expect(
            results?.map { $0["link"] as? String } == [
                "library://shelf", "library://search", "library://book/0-14-044913-6",
            ])
    }
}

/// The elements, attributes and text of an XML document, read by Foundation's parser.
private final class XMLShape: NSObject, XMLParserDelegate {
    private(set) var elements: [String] = []
    private(set) var attributes: [String: [String: String]] = [:]
    private(set) var testcaseNames: [String] = []
    private(set) var failureText = ""
    private var inFailure = false

    init(_ text: String) throws {
        super.init()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = self
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        elements.append(name)
        self.attributes[name] = attributes
        if name == "testcase" { testcaseNames.append(attributes["name"] ?? "") }
        inFailure = name == "failure"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "failure" { inFailure = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inFailure { failureText += string }
    }
}

/// What a leaky app keeps of the screens it closes.
@MainActor private final class Keeper {
    var kept: [AnyObject] = []
}

@MainActor
@Suite struct ReleaseCheckTests {
    private func check(keeping keeper: Keeper?) -> ReachabilityCheck<Library, LibraryLink> {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() },
            apply: { library, link in
                if let keeper, let open = library.shelf.openBook { keeper.kept.append(open) }
                return library.open(link)
            })
        check.expectReleases(within: 0.05)
        check.expect(.book("2"), after: [.book("1")], reaches: .receiver(BookDetail.self))
        return check
    }

    @Test func aScreenKeptAliveAfterItLeftTheTreeFailsTheLinkByName() async {
        let keeper = Keeper()
        let result = await check(keeping: keeper).run(audits: false).results[0]
        #expect(result.failure == "BookDetail \"1\" left the tree and is still alive 0.05 s later")
        #expect(result.outlived?.map(\.label) == ["1"])
        #expect(result.explanation?.hasPrefix("library://book/2 after library://book/1 (apply): expected") == true)
        #expect(keeper.kept.count == 1)
    }

    @Test func aReleasedScreenPassesAndTheReportNamesTheSetup() async {
        let report = await check(keeping: nil).run(audits: false)
        #expect(report.results.map(\.failure) == [nil])
        #expect(report.results[0].outlived == nil)
        #expect(report.results[0].after == ["library://book/1"])
        #expect(report.text.contains("ok      library://book/2 after library://book/1  apply    "))
        #expect(report.json.contains("\"after\" : [\n        \"library://book/1\"\n      ]"))
    }

    @Test func aFailingSetupLinkFailsTheResult() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() },
            apply: { library, link in
                if case .search = link { throw Failure() }
                return library.open(link)
            })
        check.expect(.shelf, after: [.book("1"), .search], reaches: .receiver(Shelf.self))
        let result = await check.run(audits: false).results[0]
        #expect(result.failure == "applying library://search first failed: the service is down")
        #expect(result.reached.isEmpty)
    }
}

/// Expectations that name the screen a link made appear, not what its handler returned.
@MainActor
@Suite struct AppearedExpectationTests {
    /// A handler that returns its coordinator and shows the screen later, from a task: the
    /// expectation may name the handler or the screen that appeared.
    @Test func anExpectationMayNameTheScreenThatAppearedLaterOrTheHandler() async {
        var check = ReachabilityCheck<Library, LibraryLink>(
            "Library", makeApp: { Library() },
            apply: { library, link in
                switch link {
                case .book(let isbn) where isbn.hasPrefix("later"):
                    Task { @MainActor in
                        try? await Task.sleep(nanoseconds: 50_000_000)
                        library.shelf.openBook = BookDetail(isbn: isbn)
                    }
                case .book(let isbn): library.shelf.openBook = BookDetail(isbn: isbn)
                case .shelf, .search: break
                }
                return library.shelf
            })
        // A bound, never a wait: the screen is seen as soon as it appears.
        check.expect(.book("later-1"), reaches: .appeared((any BookScreen).self, within: 600) { $0.isbn == "later-1" })
        check.expect(.book("later-2"), reaches: .receiver(Shelf.self))
        check.expect(.shelf, reaches: .appeared(BookDetail.self, within: 0.05))
        check.expect(.book("4"), reaches: .appeared((any BookScreen).self, within: 0) { $0.isbn == "5" })
        let report = await check.run(audits: false)
        #expect(
            report.results.map(\.expected) == [
                "a BookScreen that appeared matching the predicate", "a Shelf", "a BookDetail that appeared",
                "a BookScreen that appeared matching the predicate",
            ])
        #expect(report.results[0].failure == nil)
        #expect(report.results[1].failure == nil)
        #expect(
            report.results[2].failure
                == "it ended on 1 Shelf #\(report.results[2].reached.last?.id ?? ""), but no BookDetail appeared within 0.05 s; nothing appeared"
        )
        #expect(
            report.results[3].failure
                == "it ended on 1 Shelf #\(report.results[3].reached.last?.id ?? ""), but no BookScreen matching the "
                + "predicate appeared within 0 s; what appeared: BookDetail \"4\"")
    }
}

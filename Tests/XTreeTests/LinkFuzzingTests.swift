import Foundation
import Testing
import XTree
import XTreeFuzzing
import XTreeReachability
import XTreeTesting

// A pantry of jars, `pantry://jar/<id>` and its label sheet `pantry://jar/<id>/label`, with one
// planted bug per app type: each must be found, with its property, by the in-process fuzzer,
// and the app without bugs must pass.

private enum PantryBug: Hashable {
    /// `pantry://jar/<id>/` opens the next jar.
    case trailingSlash
    /// A label opened again over itself is pushed a second time.
    case labelTwice
    /// A jar opened over an open label sheet is refused.
    case refusedOverSheet
    /// A jar opened keeps a note it does not list as a child.
    case forgottenNote
    /// Every pantry that opens a jar is kept by a global list.
    case leak
    /// A jar that does not exist closes the open one before it is refused.
    case refusalCloses
}

@MainActor private final class Jar: DeepLinkable {
    let id: String
    var label: LabelSheet?
    var extraLabels: [LabelSheet] = []
    init(_ id: String) { self.id = id }
    var children: [any DeepLinkable] { (label.map { [$0] } ?? []) + extraLabels }
    var nodeLabel: String { id }
}

@MainActor private final class LabelSheet: DeepLinkable {
    let id: String
    init(_ id: String) { self.id = id }
    var nodeLabel: String { "label of \(id)" }
}

@MainActor private final class Note: DeepLinkable {
    var nodeLabel: String { "note" }
}

@MainActor private enum Kept {
    static var pantries: [Pantry] = []
}

@MainActor private final class Pantry: DeepLinkable {
    static let ids = ["honey", "jam", "salt"]
    let bugs: Set<PantryBug>
    var jar: Jar?
    var note: Note?
    init(bugs: Set<PantryBug>) { self.bugs = bugs }
    var children: [any DeepLinkable] { jar.map { [$0] } ?? [] }

    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    func open(_ link: String) throws -> any DeepLinkable {
        let parts = LinkNormalization.normalized(link).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4 || parts.count == 5, parts[0] == "pantry:", parts[2] == "jar" else {
            throw Refused(description: "\(link): not pantry://jar/<id>[/label]")
        }
        var id = String(parts[3])
        if bugs.contains(.trailingSlash), parts.count == 5, parts[4].isEmpty, let index = Self.ids.firstIndex(of: id) {
            id = Self.ids[(index + 1) % Self.ids.count]
        }
        guard Self.ids.contains(id) else {
            if bugs.contains(.refusalCloses) { jar = nil }
            throw Refused(description: "\(link): no jar is called '\(id)'")
        }
        let wantsLabel = parts.count == 5 && parts[4] == "label"
        guard parts.count == 4 || wantsLabel || bugs.contains(.trailingSlash) else {
            throw Refused(description: "\(link): a jar has only its label")
        }
        if bugs.contains(.refusedOverSheet), !wantsLabel, jar?.label != nil {
            throw Refused(description: "\(link): a label sheet is open")
        }
        if wantsLabel, bugs.contains(.labelTwice), let jar, jar.id == id, jar.label != nil {
            let again = LabelSheet(id)
            jar.extraLabels.append(again)
            return again
        }
        let opened = Jar(id)
        jar = opened
        if bugs.contains(.forgottenNote) { note = Note() }
        if bugs.contains(.leak), !Kept.pantries.contains(where: { $0 === self }) { Kept.pantries.append(self) }
        guard wantsLabel else { return opened }
        let label = LabelSheet(id)
        opened.label = label
        return label
    }
}

private protocol PantryApp: DeepLinkableApp where Root == Pantry {
    static var bugs: Set<PantryBug> { get }
    /// Whether the label form is declared to open a new sheet each time.
    static var labelOpensNew: Bool { get }
}

extension PantryApp {
    static func makeRoot() -> Pantry { Pantry(bugs: bugs) }
    static func open(_ link: String, in root: Pantry) async throws -> any DeepLinkable { try root.open(link) }
    static var linkExamples: [LinkExample] {
        [
            LinkExample(form: "pantry://jar/<id>", link: "pantry://jar/honey"),
            LinkExample(
                form: "pantry://jar/<id>/label", link: "pantry://jar/honey/label", opensNewEachTime: labelOpensNew),
        ]
    }
    static var sampleValues: [String] { Pantry.ids }
    static var labelOpensNew: Bool { false }
}

private enum CleanPantry: PantryApp { static let bugs: Set<PantryBug> = [] }
private enum SlashPantry: PantryApp { static let bugs: Set<PantryBug> = [.trailingSlash] }
private enum TwicePantry: PantryApp { static let bugs: Set<PantryBug> = [.labelTwice] }
private enum SheetPantry: PantryApp { static let bugs: Set<PantryBug> = [.refusedOverSheet] }
private enum NotePantry: PantryApp { static let bugs: Set<PantryBug> = [.forgottenNote] }
private enum LeakPantry: PantryApp { static let bugs: Set<PantryBug> = [.leak] }
private enum ClosingPantry: PantryApp { static let bugs: Set<PantryBug> = [.refusalCloses] }
/// A label sheet pushed again each time, as the form declares.
private enum NewSheetPantry: PantryApp {
    static let bugs: Set<PantryBug> = [.labelTwice]
    static let labelOpensNew = true
}
/// A form declared to open a new sheet each time whose second link changes nothing.
private enum SameSheetPantry: PantryApp {
    static let bugs: Set<PantryBug> = []
    static let labelOpensNew = true
}

/// ``LinkFuzzing``: the properties of `xtree-cli fuzz` in the test's process, with the children
/// audit and objects outliving their case on top.
@MainActor
@Suite struct LinkFuzzingTests {
    @Test func anAppWithoutBugsHasNoFinding() async {
        let report = await LinkFuzzing(CleanPantry.self, budget: 600, gracePeriod: 0.2).run()
        #expect(report.findings.isEmpty, "\(report.findings.map(\.description))")
        #expect(report.links >= 600)
        #expect(report.examples == 6)
        #expect(report.properties == LinkFuzzFinding.properties)
    }

    @Test func eachPlantedBugIsFoundWithItsProperty() async {
        func found(_ app: (some PantryApp).Type) async -> [LinkFuzzFinding] {
            await LinkFuzzing(app, budget: 2_000, gracePeriod: 0.2).run().findings
        }
        let slash = await found(SlashPantry.self)
        #expect(slash.contains { $0.property == "a variant lands alike or is refused" && $0.link.hasSuffix("/") })
        let twice = await found(TwicePantry.self)
        #expect(
            twice.contains {
                $0.property == "applied twice, a link changes nothing more" && $0.link.hasSuffix("/label")
                    && $0.state.isEmpty
            })
        let sheet = await found(SheetPantry.self)
        #expect(
            sheet.contains {
                $0.property == "an example works from every state" && $0.state.first?.hasSuffix("/label") == true
                    && $0.seen.contains("a label sheet is open")
            })
        let note = await found(NotePantry.self)
        #expect(note.contains { $0.property == "the children audit holds" && $0.seen.contains("Note") })
        let leak = await found(LeakPantry.self)
        // The root itself, in the tree until the case ends, is watched as well.
        #expect(leak.contains { $0.property == "nothing a case made outlives it" && $0.seen.contains("Pantry") })
        Kept.pantries.removeAll()
        let closing = await found(ClosingPantry.self)
        #expect(closing.contains { $0.property == "a refused link changes nothing" && !$0.state.isEmpty })
    }

    /// A form declared to open something new each time is expected to change the tree again
    /// when applied twice (each sample's link, not only the example's), never to change
    /// nothing more.
    @Test func aFormThatOpensSomethingNewEachTimeIsCheckedForThat() async throws {
        let opening = await LinkFuzzing(NewSheetPantry.self, budget: 2_000, gracePeriod: 0).run()
        #expect(opening.findings.isEmpty, "\(opening.findings.map(\.description))")
        let same = await LinkFuzzing(SameSheetPantry.self, budget: 2_000, gracePeriod: 0).run().findings
        // One finding, for a label link; the other jars' label links, made from the example
        // with the sample values, are folded into it: each was checked as opening a new sheet.
        #expect(same.count == 1, "\(same.map(\.description))")
        let finding = try #require(same.first)
        #expect(finding.property == "applied twice, a link that opens something new opens it again")
        #expect(finding.link.hasSuffix("/label") && finding.alike >= 2, "\(finding.description) \(finding.alike)")
        // Each folded finding is listed, as a JSON report gives it: the other jars' links.
        let folded = try #require(finding.alikeCases)
        #expect(folded.count == finding.alike && folded.allSatisfy { $0.link.hasSuffix("/label") })
        #expect(Set(folded.map(\.link) + [finding.link]).count >= 2, "\(folded)")
        let json = String(decoding: try JSONEncoder().encode(finding), as: UTF8.self)
        #expect(json.contains("\"alikeCases\":[{"), "\(json)")
    }

    @Test func theSameSeedGivesTheSameRun() async {
        let one = await LinkFuzzing(SlashPantry.self, seed: 5, budget: 300, gracePeriod: 0).run()
        let two = await LinkFuzzing(SlashPantry.self, seed: 5, budget: 300, gracePeriod: 0).run()
        #expect(one.findings.map(\.link) == two.findings.map(\.link))
        #expect(one.findings.map(\.foundAfterLinks) == two.findings.map(\.foundAfterLinks))
        #expect(one.links == two.links)
    }

    @Test func hugeAndManyExamplesAreBoundedAndSaidSo() {
        let huge = "pantry://jar/" + String(repeating: "a", count: LinkFuzzEngine.maximumExampleLength)
        let many = (0..<500).map { "pantry://jar/j\($0)" }
        let (examples, notes, _) = LinkFuzzEngine.examples(given: [huge] + many, samples: ["j1", "j2"])
        #expect(examples.count == LinkFuzzEngine.maximumExamples)
        #expect(!examples.contains(huge))
        #expect(notes.contains { $0.contains("longer than") })
        #expect(notes.contains { $0.contains("took the first 200") })
    }

    /// An app's sample links are each form with its own samples: given them, no example gets
    /// another form's sample values; without them, the first three go in every example.
    @Test func sampleLinksKeepEachFormToItsOwnSamples() {
        let pooled = LinkFuzzEngine.examples(given: ["app://jar/j1"], samples: ["j1", "tab"]).examples
        #expect(pooled == ["app://jar/j1", "app://jar/tab"])
        let own = LinkFuzzEngine.examples(
            given: ["app://jar/j1"], samples: ["j1", "tab"], sampleLinks: ["app://jar/j1", "app://jar/j2"]
        ).examples
        #expect(own == ["app://jar/j1", "app://jar/j2"])
    }

    @Test func theReportIsJUnitWithACasePerProperty() async {
        let report = await LinkFuzzing(SlashPantry.self, budget: 400, gracePeriod: 0).run()
        let xml = report.junitXML(name: "pantry <&>")
        #expect(xml.contains("<testsuites name=\"pantry &lt;&amp;&gt;\" tests=\"11\" failures=\"1\""))
        #expect(xml.components(separatedBy: "<testcase ").count == 12)
        #expect(xml.contains("name=\"a variant lands alike or is refused\" time=\"0\">\n      <failure message=\""))
        #expect(xml.contains("name=\"no crash\" time=\"0\"/>"))
    }

    @Test func aFindingFailsTheTest() async {
        await withKnownIssue {
            await LinkFuzzing(TwicePantry.self, budget: 200, gracePeriod: 0).expectNoFindings()
        }
    }
}

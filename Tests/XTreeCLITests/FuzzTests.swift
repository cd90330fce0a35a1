import Foundation
import Testing
import XTree
import XTreeFuzzing
import XTreePlatform
import XTreeReachability

@testable import XTreeTargets

/// `fuzz`: the links it makes, the normal form they are held to, and runs on the example apps.
/// The planted bugs are found end to end by Scripts/session-check.sh, in the bookshelf
/// fixture's scratch package.
@Suite struct FuzzTests {
    @Test(arguments: [
        "recipes://recipes/irish-stew", "recipes://ratings?recipeID=orange-marmalade&sort=new",
        "https://recipes.example/recipes/irish-stew/ratings", "shop://checkout",
    ])
    func equivalentMutantsAreTheLinkInNormalFormAndTheOthersAreNot(link: String) {
        let mutants = LinkMutation.mutants(of: link)
        #expect(mutants.contains { $0.kind == .equivalent })
        #expect(mutants.contains { $0.kind == .breaking })
        let normal = LinkNormalization.normalized(link)
        for mutant in mutants {
            let same = LinkNormalization.normalized(mutant.link) == normal
            #expect(same == (mutant.kind == .equivalent), "\(mutant.rule): \(mutant.link)")
        }
        #expect(Set(mutants.map(\.link)).count == mutants.count)
        #expect(!mutants.contains { $0.link == link })
    }

    /// An entry is mutated by its fields: the equivalent mutants read back as the same entry,
    /// every other one as another entry or none, and each value of its user info is replaced.
    @Test(arguments: [
        Entry.activity(
            type: "org.example.browsing", url: "https://example.org/a",
            info: ["tab": Entry.JSONText(json: "2")!, "name": Entry.JSONText("Ann")]),
        .shortcut(type: "org.example.new-tab", info: ["tabs": Entry.JSONText(json: "1")!]),
        .notification(payload: ["url": Entry.JSONText("https://example.org/n")]),
        .intent(name: "OpenSettings", parameters: [:]),
        .navigation(action: "navigate", values: ["to": Entry.JSONText(json: #"{"tag":{"_0":"swift"}}"#)!]),
    ])
    func anEntrysMutantsChangeItsFieldsAndKeepItWhereTheySaySo(entry: Entry) {
        let text = entry.description
        let mutants = LinkMutation.mutants(of: text)
        #expect(mutants.contains { $0.kind == .equivalent })
        #expect(!mutants.contains { $0.link == text })
        #expect(Set(mutants.map(\.link)).count == mutants.count)
        for mutant in mutants {
            let same = Entry(mutant.link) == entry
            #expect(same == (mutant.kind == .equivalent), "\(mutant.rule): \(mutant.link)")
            // Still an entry of its kind, or none at all: never taken for a URL.
            #expect(!mutant.link.contains("://") || mutant.link.hasPrefix("xtree-entry:"), "\(mutant.link)")
        }
        let keys: [String]
        switch entry {
        case .activity(_, _, let info), .shortcut(_, let info): keys = Array(info.keys)
        case .notification(let payload): keys = Array(payload.keys)
        case .intent(_, let parameters): keys = Array(parameters.keys)
        case .navigation(_, let values): keys = Array(values.keys)
        }
        for key in keys {
            for rule in ["'\(key)' removed", "'\(key)' as 0", "'\(key)' as -1", "'\(key)' as null"] {
                #expect(mutants.contains { $0.rule == rule && $0.kind == .breaking }, "\(rule)")
            }
        }
        if case .activity = entry {
            #expect(mutants.contains { $0.rule == "a web page URL of a script scheme" })
        }
    }

    /// Ctrl-C ends a long run after its case: the findings so far are reported, and no child
    /// or directory of one is left behind.
    @Test func anInterruptedRunReportsWhatItFoundAndLeavesNothing() async throws {
        // The recipes app, served in a child: a whole run of its 56 examples from 57 states takes
        // minutes, so one that did not stop would be killed at the bound below, and fail.
        let (folder, environment) = try HeldLinkTests.environment()
        defer { withExtendedLifetime(folder) {} }
        let (process, started) = try await startCLI(
            ["fuzz", "--budget", "1000000"], environment: environment, output: folder.path("fuzz.out"), tries: 600
        ) { $0.contains("fuzzing the recipes app") }
        #expect(started != nil)
        // Past the first cases, then interrupted as a terminal's Ctrl-C would.
        try await Task.sleep(nanoseconds: 1_500_000_000)
        _ = Terminal.send(.interrupt, to: process.processIdentifier)
        await process.exit(killAfter: 60)
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        let output = try String(contentsOfFile: folder.path("fuzz.out"), encoding: .utf8)
        #expect(output.contains(" finding"), "\(output)")
        #expect(output.contains("\ninterrupted after "), "\(output)")
        #expect(output.contains("links: the report covers those\nerror: interrupted"), "\(output)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path("tmp"))
        #expect(left.isEmpty, "\(left)")
    }

    @Test func theNormalFormIsRFC3986s() {
        #expect(LinkNormalization.normalized("HTTP://Example.COM/a/b/c/./../../g") == "http://example.com/a/g")
        #expect(LinkNormalization.normalized("app://x/mid/content=5/../6") == "app://x/mid/6")
        #expect(LinkNormalization.normalized("app://x/%7euser/%2fa%2Fb?q=%41%3d") == "app://x/~user/%2Fa%2Fb?q=A%3D")
        #expect(LinkNormalization.normalized("app://x/a/.") == "app://x/a/")
        #expect(LinkNormalization.normalized("app://x") == "app://x")
        #expect(LinkNormalization.normalized("no scheme/./x") == "no scheme/./x")
        #expect(LinkNormalization.normalized("app://x/%zz%4") == "app://x/%zz%4")
    }

    @Test func sampleValuesMakeOtherLinksOfTheSameForm() {
        #expect(
            LinkMutation.link("bookshelf://book/dune/notes", replacing: "dune", with: "emma")
                == "bookshelf://book/emma/notes")
        #expect(LinkMutation.link("app://r?id=a&x=a", replacing: "a", with: "b") == "app://r?id=b&x=b")
        #expect(LinkMutation.link("app://r/a", replacing: "z", with: "b") == nil)
    }

    @MainActor
    @Test func theSameSeedGivesTheSameCasesAndEachGroupStartsWithItsExample() {
        let examples = ["app://a/1", "app://b/2", "app://c/3"]
        let one = LinkFuzzEngine.cases(examples: examples, seed: 7).map { $0.state + [$0.link] }
        #expect(one == LinkFuzzEngine.cases(examples: examples, seed: 7).map { $0.state + [$0.link] })
        #expect(one != LinkFuzzEngine.cases(examples: examples, seed: 8).map { $0.state + [$0.link] })
        let cases = LinkFuzzEngine.cases(examples: examples, seed: 7)
        #expect(cases.prefix(while: { $0.state.isEmpty }).count == cases.filter { $0.state.isEmpty }.count)
        for (index, fuzzCase) in cases.enumerated() where fuzzCase.mutation != nil {
            let earlier = cases[..<index]
            let exampleFirst = earlier.contains { other in
                other.mutation == nil && other.link == fuzzCase.original && other.state == fuzzCase.state
            }
            #expect(exampleFirst)
        }
    }

    @Test func bothExampleAppsPassABoundedRun() async throws {
        let recipes = try await cliProcess(["fuzz", "--budget", "400", "--format", "json"])
        #expect(recipes.status == 0, "\(recipes.stdout)\(recipes.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(recipes.stdout.utf8)) as? [String: Any]
        #expect((report?["findings"] as? [Any])?.isEmpty == true)
        #expect((report?["links"] as? Int ?? 0) >= 400)
        #expect(recipes.stderr.hasPrefix("fuzzing the recipes app: "))
        let shop = try await cliProcess(["fuzz", "--launch", "shop", "--budget", "5s"])
        #expect(shop.status == 0, "\(shop.stdout)\(shop.stderr)")
        #expect(shop.stdout.contains(": no findings\n"))
    }

    @Test func anAssociationFilesFormsAreFuzzedAndTheReportIsJUnit() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Fixtures/recipes-apple-app-site-association").path
        let covered = try await cliProcess([
            "fuzz", "--aasa", fixture, "--domain", "recipes.example", "--budget", "300", "--format", "junit",
        ])
        #expect(covered.status == 0, "\(covered.stdout)\(covered.stderr)")
        #expect(covered.stdout.hasPrefix("<?xml"))
        #expect(covered.stdout.components(separatedBy: "<testcase ").count == LinkFuzzFinding.properties.count + 1)
        #expect(!covered.stdout.contains("<failure"))
        // A rule the app's examples miss: a URL made from it is fuzzed, and the app refuses it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-aasa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("aasa")
        try Data(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.example.recipes"], "components": [{"/": "/recipes/*/notes"}]}]}}"#
                .utf8
        ).write(to: file)
        let missed = try await cliProcess([
            "fuzz", "--aasa", file.path, "--domain", "recipes.example", "--budget", "1000", "--format", "junit",
        ])
        #expect(missed.status == 1)
        #expect(missed.stdout.contains("name=\"an example works from every state\" time=\"0\">\n      <failure"))
        #expect(missed.stdout.contains("/notes (example)"))
    }

    @Test func aHostileAssociationFileIsRefusedBeforeAnyChildStarts() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-aasa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("aasa")
        try Data("{\"applinks\": {\"details\": [{\"components\": [{\"/\": \"\u{1b}[31m".utf8).write(to: bad)
        let result = try await cliProcess(["fuzz", "--aasa", bad.path, "--domain", "recipes.example"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot read the association file"))
        #expect(!result.stderr.contains("\u{1b}"))
        #expect(!result.stderr.contains("fuzzing "))
        let noDomain = try await cliProcess(["fuzz", "--aasa", bad.path])
        #expect(noDomain.status == 64)
        #expect(noDomain.stderr.contains("--aasa needs --domain"))
        let noFile = try await cliProcess(["fuzz", "--domain", "recipes.example"])
        #expect(noFile.status == 64)
    }

    @Test(arguments: ["0", "ten", "9s9", "100000000", "0s"])
    func aBadBudgetIsAUsageError(budget: String) async throws {
        let result = try await cliProcess(["fuzz", "--budget", budget])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--budget takes a number of links"))
    }
}

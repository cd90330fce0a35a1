import Foundation
import Testing
import XTree
import XTreeReachability

/// A malicious website's file: each case found by an attack round, held to what it must do.
@Suite struct AssociationHostileTests {
    static func file(_ components: [String], variables: [String: [String]] = [:]) throws -> AppSiteAssociation {
        var links: [String: Any] = [
            "details": [["appIDs": ["ABCDE12345.com.example.app"], "components": components.map { ["/": $0] }]]
        ]
        if !variables.isEmpty { links["substitutionVariables"] = variables }
        let data = try JSONSerialization.data(withJSONObject: ["applinks": links])
        return try AppSiteAssociation(data: data)
    }

    /// Checks `association` for recipes.example with an app that reaches a screen for every
    /// link: the report, and every URL the check opened.
    @MainActor
    static func check(
        _ association: AppSiteAssociation, examples: [LinkExample] = [], samples: [String] = ["x"],
        budget: Int = AssociationCheck.defaultMatchingBudget
    ) async -> (report: AssociationReport, opened: [String]) {
        var check = AssociationCheck(association: association, domain: "recipes.example")
        check.matchingBudget = budget
        var opened: [String] = []
        let report = await check.run(examples: examples, samples: samples) { url in
            opened.append(url)
            return .reached(screen: "Screen")
        }
        return (report, opened)
    }

    static func refusal(_ body: () throws -> AppSiteAssociation) -> String {
        do {
            _ = try body()
            return "read"
        } catch {
            return String(describing: error)
        }
    }

    /// A variable's values are what matching tries at each `$(name)`: a pattern that would make
    /// them stand for more than the limit is refused when the file is read, not matched for hours.
    @Test func variablesThatStandForTooMuchAreRefusedWhenRead() {
        // 250 references to a 20,000-character value: a 21 KB file, a 5 MB example.
        let many = Self.refusal {
            try Self.file(
                ["/" + String(repeating: "$(v)", count: 250)], variables: ["v": [String(repeating: "a", count: 20_000)]]
            )
        }
        #expect(many.contains("stand for more than 1024 characters"), "\(many)")
        // One reference to a 100,000-character value.
        let long = Self.refusal {
            try Self.file(["/$(v)"], variables: ["v": [String(repeating: "a", count: 100_000)]])
        }
        #expect(long.contains("stand for more than 1024 characters"), "\(long)")
        // Each pattern within its limit, the file's patterns together over theirs.
        let spread = Self.refusal {
            try Self.file(
                (0..<17).map { "/\($0)/$(v)" }, variables: ["v": (0..<256).map { _ in "abcd" }])
        }
        #expect(spread.contains("more than 16384 characters in all its patterns"), "\(spread)")
        // At the limit exactly, read.
        #expect(
            Self.refusal {
                try Self.file(["/$(v)"], variables: ["v": [String(repeating: "a", count: URLPattern.maximumExpansion)]])
            } == "read")
    }

    /// Each limit on an association file to the unit: at the limit read, one over refused.
    @Test func eachLimitOfAFileHoldsToTheUnit() throws {
        func paths(_ paths: [String], values: [String] = []) throws -> AppSiteAssociation {
            var links: [String: Any] = ["details": [["appIDs": ["ABCDE12345.com.example.app"], "paths": paths]]]
            if !values.isEmpty { links["substitutionVariables"] = ["v": values] }
            return try AppSiteAssociation(data: JSONSerialization.data(withJSONObject: ["applinks": links]))
        }
        func reads(_ make: () throws -> AppSiteAssociation) -> Bool { (try? make()) != nil }
        let rules = AppSiteAssociation.maximumRules
        #expect(reads { try paths(Array(repeating: "/a", count: rules)) })
        #expect(!reads { try paths(Array(repeating: "/a", count: rules + 1)) })
        let values = AppSiteAssociation.maximumValues
        #expect(reads { try paths(["/"], values: Array(repeating: "a", count: values)) })
        #expect(!reads { try paths(["/"], values: Array(repeating: "a", count: values + 1)) })
        let length = URLPattern.maximumLength
        #expect(reads { try paths(["/" + String(repeating: "a", count: length - 1)]) })
        #expect(!reads { try paths(["/" + String(repeating: "a", count: length)]) })
        let expansion = URLPattern.maximumExpansion
        #expect(reads { try paths(["/$(v)"], values: [String(repeating: "a", count: expansion)]) })
        #expect(!reads { try paths(["/$(v)"], values: [String(repeating: "a", count: expansion + 1)]) })
        // The file's patterns together: sixteen at their limit, then one character more.
        let whole = AppSiteAssociation.maximumExpansion / expansion
        let value = String(repeating: "a", count: expansion)
        #expect(reads { try paths(Array(repeating: "/$(v)", count: whole), values: [value]) })
        #expect(!reads { try paths(Array(repeating: "/$(v)", count: whole) + ["/$(digit)"], values: [value]) })
        let size = AppSiteAssociation.maximumSize
        let padded = { (count: Int) in
            Data(#"{"applinks": {"details": []}}"#.utf8) + Data(repeating: UInt8(ascii: " "), count: count - 29)
        }
        #expect(padded(size).count == size)
        #expect(reads { try AppSiteAssociation(data: padded(size)) })
        #expect(!reads { try AppSiteAssociation(data: padded(size + 1)) })
    }

    /// A pattern that does not begin with `/` can match no path: pasted after the domain it
    /// would name another host. It is a failing row, and nothing is opened for it.
    @Test(arguments: ["@evil.example/recipes", ".evil.example/recipes", ":8080/recipes", "evil"])
    func aRuleThatCannotMatchAPathIsAFindingNotAURL(pattern: String) async throws {
        let association = try Self.file([pattern, "/recipes/*"])
        let (report, opened) = await Self.check(association)
        let rows = report.tables[0].rows
        #expect(rows[0].verdict == .failed)
        #expect(rows[0].url.isEmpty)
        #expect(rows[0].detail == "the pattern cannot match a path: a path begins with '/'", "\(rows[0])")
        #expect(opened == ["https://recipes.example/recipes/x"])
        for url in opened { #expect(URLComponents(string: url)?.host == "recipes.example") }
    }

    /// A wildcard first is fine: the URL made from it begins with `/`, and is the domain's.
    @Test func aPatternBeginningWithAWildcardMakesAURLOfTheDomain() async throws {
        let association = try Self.file(["*", "?*/x"])
        let (report, opened) = await Self.check(association, samples: ["@evil.example"])
        for url in opened { #expect(URLComponents(string: url)?.host == "recipes.example", "\(url)") }
        #expect(report.tables[0].rows.count == 2)
    }

    /// Without case, a pattern and a URL are folded by one rule, so a rule matches the URL
    /// written as the rule is: `İ` lowercases to two scalars, and stays itself on both sides.
    @Test(arguments: ["/İ", "/Straße", "/ΣΑΣ", "/I", "/ǅ"])
    func aRuleWithoutCaseMatchesItsOwnURL(path: String) throws {
        let data = try JSONSerialization.data(withJSONObject: [
            "applinks": [
                "details": [
                    [
                        "appIDs": ["ABCDE12345.com.example.app"],
                        "components": [["/": path, "caseSensitive": false, "percentsEncoded": false]],
                    ]
                ]
            ]
        ])
        let association = try AppSiteAssociation(data: data)
        let encoded = try #require(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        let url = try #require(URLComponents(string: "https://recipes.example" + encoded))
        #expect(association.decidingRule(for: url, in: association.entries[0]) != nil, "\(path)")
        // And the other case of each letter that has a one-scalar form.
        let lower = try #require(path.lowercased().addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        if path.lowercased().unicodeScalars.count == path.unicodeScalars.count {
            let other = try #require(URLComponents(string: "https://recipes.example" + lower))
            #expect(association.decidingRule(for: other, in: association.entries[0]) != nil, "\(path.lowercased())")
        }
    }

    /// Bytes that are not UTF-8 are named as such, with where they are.
    @Test func bytesThatAreNotUTF8AreNamedWithTheirOffset() {
        let bytes = Data(#"{"applinks": {"details": ["#.utf8) + Data([0x22, 0xC3, 0x28, 0x22]) + Data("]}}".utf8)
        let message = Self.refusal { try AppSiteAssociation(data: bytes) }
        #expect(message.contains("not UTF-8: the byte 0xC3 at byte offset 27 begins no character"), "\(message)")
        for bad in [[0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]] {
            let data = Data("[\"".utf8) + Data(bad.map(UInt8.init)) + Data("\"]".utf8)
            #expect(Self.refusal { try AppSiteAssociation(data: data) }.contains("not UTF-8"), "\(bad)")
        }
    }

    /// A rule an earlier one shadows fails, naming the earlier rule; the app is not asked.
    @Test func aRuleShadowedByAnEarlierOneFails() async throws {
        let association = try Self.file(["/recipes/*", "/recipes/stew", "/other"])
        let (report, opened) = await Self.check(association)
        let rows = report.tables[0].rows
        #expect(rows.map(\.verdict) == [.passed, .failed, .passed])
        #expect(rows[1].detail == "an earlier rule decides it: /recipes/*")
        #expect(opened == ["https://recipes.example/recipes/x", "https://recipes.example/other"])
        #expect(!report.passed)
    }

    /// A file whose rules make every URL try every rule spends the check's budget: the rows
    /// past it fail, saying so, and the check ends.
    @Test func aCheckThatSpendsItsBudgetStopsWithFailingRows() async throws {
        let association = try Self.file((0..<200).map { "*!\($0)" })
        let (report, opened) = await Self.check(association, budget: 20_000)
        let rows = report.tables[0].rows
        #expect(rows.count == 200)
        let stopped = rows.firstIndex { $0.detail.hasPrefix("not decided: matching spent the check's 20000 steps") }
        let first = try #require(stopped)
        #expect(first > 0)
        #expect(rows[first...].allSatisfy { $0.verdict == .failed && $0.detail.hasPrefix("not decided") })
        #expect(rows[..<first].allSatisfy { $0.verdict == .passed })
        #expect(opened.count == first)
        // With the default budget, every row is decided and passes.
        let full = await AssociationCheck(association: association, domain: "recipes.example").run(
            examples: [], samples: ["x"]
        ) { _ in .reached(screen: "Screen") }
        #expect(full.passed)
    }

    /// An example of the app's past the length checked is a failing row, never matched or opened.
    @Test func anExampleTooLongToCheckIsAFailingRow() async throws {
        let association = try Self.file(["/recipes/*"])
        let link = "https://recipes.example/recipes/" + String(repeating: "a", count: AssociationCheck.maximumURLLength)
        let (report, opened) = await Self.check(association, examples: [LinkExample(form: "/recipes/<id>", link: link)])
        let rows = report.tables[0].rows
        #expect(rows[0].verdict == .failed)
        #expect(rows[0].detail.hasSuffix("characters, over the 2048 checked"))
        #expect(!opened.contains(link))
    }
}

/// The index that decides a URL among thousands of rules agrees with trying every rule in order.
@Suite struct RuleIndexTests {
    @Test func theIndexDecidesAsTryingEveryRuleInOrderDoes() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["/", "a", "A", "b", "%41", "*", "?", "é", "É", "/r", "$(v)"]
        for round in 0..<20 {
            var components: [[String: Any]] = []
            for _ in 0..<40 {
                let length = Int.random(in: 0...6, using: &generator)
                var path = Bool.random(using: &generator) ? "/" : ""
                for _ in 0..<length { path += pieces.randomElement(using: &generator)! }
                components.append([
                    "/": path, "caseSensitive": Bool.random(using: &generator),
                    "percentsEncoded": Bool.random(using: &generator),
                    "exclude": round % 2 == 0 && Bool.random(using: &generator),
                ])
            }
            let data = try JSONSerialization.data(withJSONObject: [
                "applinks": [
                    "details": [["appIDs": ["ABCDE12345.com.example.app"], "components": components]],
                    "substitutionVariables": ["v": ["a", "Ab", "?"]],
                ]
            ])
            let file = try AppSiteAssociation(data: data)
            let entry = file.entries[0]
            let index = RuleIndex(entry)
            for _ in 0..<200 {
                var path = "/"
                for _ in 0..<Int.random(in: 0...6, using: &generator) {
                    path += ["a", "A", "b", "/", "r", "%41", "%C3%A9", "%C3%89"].randomElement(using: &generator)!
                }
                let url = try #require(URLComponents(string: "https://e.example" + path))
                let linear = entry.rules.firstIndex { file.decidingRule(for: url, in: entry) == $0 }
                var budget = Int.max
                #expect(
                    index.decidingRule(for: URLParts(url), in: entry, budget: &budget) == linear,
                    "\(path) in round \(round)")
            }
        }
    }
}

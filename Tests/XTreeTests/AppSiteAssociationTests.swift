import Foundation
import Testing
import XTree
import XTreeReachability

/// An association file of one entry with `rules` as its components (or `paths`).
private func association(
    _ details: String, variables: String = "", defaults: String = ""
) throws -> AppSiteAssociation {
    var links = "\"details\": [{\"appIDs\": [\"ABCDE12345.com.example.app\"], \(details)}]"
    if !variables.isEmpty { links += ", \"substitutionVariables\": {\(variables)}" }
    if !defaults.isEmpty { links += ", \"defaults\": {\(defaults)}" }
    return try AppSiteAssociation(data: Data("{\"applinks\": {\(links)}}".utf8))
}

/// Whether the file opens `url` in the app: the first matching rule decides.
private func opens(_ file: AppSiteAssociation, _ url: String) throws -> Bool {
    let components = try #require(URLComponents(string: url))
    guard let rule = file.decidingRule(for: components, in: file.entries[0]) else { return false }
    return !rule.exclude
}

@Suite struct AppSiteAssociationTests {
    /// Apple's examples, each with where Apple gives it, and what it documents.
    struct Example: Sendable, CustomStringConvertible {
        let source: String
        let details: String
        var variables = ""
        var defaults = ""
        let opens: [String]
        let browser: [String]
        var description: String { source }
    }

    static let apple: [Example] = [
        // Apple, Bundle Resources, `applinks` and `applinks.Details.Components`: the example
        // file's components with `/`, `?` by item name, `#`, and `exclude`; the first match decides.
        Example(
            source: "applinks (Bundle Resources): /buy/* with ?articleNumber=????, an excluded #no_universal_links",
            details: """
                "components": [{"#": "no_universal_links", "exclude": true},
                  {"/": "/buy/*", "?": {"articleNumber": "????"}}, {"/": "/help/website/*", "exclude": true},
                  {"/": "/help/*", "#": "*"}]
                """,
            opens: ["https://e.example/buy/shoes?articleNumber=1234", "https://e.example/help/topics#x"],
            browser: [
                "https://e.example/buy/shoes?articleNumber=12345", "https://e.example/buy/shoes",
                "https://e.example/buy/shoes?articleNumber=1234#no_universal_links",
                "https://e.example/help/website/faq#x", "https://e.example/sell/1",
            ]),
        // Apple, `applinks.Details.Components`: `?` matches one character, `*` zero or more,
        // `?*` one or more.
        Example(
            source: "applinks.Details.Components: ? one character, * zero or more, ?* one or more",
            details: #""components": [{"/": "/videos/?*/"}, {"/": "/a/?/b"}]"#,
            opens: ["https://e.example/videos/wwdc/", "https://e.example/videos/a/b/", "https://e.example/a/x/b"],
            browser: ["https://e.example/videos//", "https://e.example/a/xy/b", "https://e.example/a//b"]),
        // Apple, "Support Universal Links" (App Search Programming Guide, archived): the older
        // `paths`, where `NOT ` excludes and the first match decides.
        Example(
            source: "Support Universal Links (archived): NOT /videos/wwdc/2010/*, /videos/wwdc/201?/*",
            details: #""paths": ["/wwdc/news/", "NOT /videos/wwdc/2010/*", "/videos/wwdc/201?/*"]"#,
            opens: ["https://e.example/wwdc/news/", "https://e.example/videos/wwdc/2015/x"],
            browser: ["https://e.example/videos/wwdc/2010/x", "https://e.example/wwdc/news", "https://e.example/"]),
        // Apple, `applinks.SubstitutionVariables`: a value may hold `?` and `*`; `$(digit)` is
        // one of the predefined ones.
        Example(
            source: "applinks.SubstitutionVariables: custom values with wildcards, and $(digit)",
            details: #""components": [{"/": "/$(food)/$(digit)"}]"#,
            variables: #""food": ["burrito", "taco?"]"#,
            opens: ["https://e.example/tacos/1", "https://e.example/burrito/7"],
            browser: ["https://e.example/pizza/1", "https://e.example/taco/1", "https://e.example/burrito/12"]),
        // Apple, `applinks.Details.Components` and `applinks.Defaults`: caseSensitive false for
        // a component, or as the file's default.
        Example(
            source: "applinks.Details.Components: caseSensitive false",
            details: #""components": [{"/": "/en_us/*", "caseSensitive": false}, {"/": "/Exact"}]"#,
            opens: ["https://e.example/EN_US/x", "https://e.example/Exact"],
            browser: ["https://e.example/exact"]),
        Example(
            source: "applinks.Defaults: caseSensitive false for every component",
            details: #""components": [{"/": "/exact"}]"#, defaults: #""caseSensitive": false"#,
            opens: ["https://e.example/EXACT"], browser: ["https://e.example/exacts"]),
        // Apple, `applinks.Details.Components`: percentsEncoded false compares with the decoded URL.
        Example(
            source: "applinks.Details.Components: percentsEncoded false",
            details: #""components": [{"/": "/a b", "percentsEncoded": false}, {"/": "/c%20d"}]"#,
            opens: ["https://e.example/a%20b", "https://e.example/c%20d"], browser: ["https://e.example/a%2520b"]),
    ]

    @Test(arguments: apple)
    func applesExamplesMatchAsDocumented(_ example: Example) throws {
        let file = try association(example.details, variables: example.variables, defaults: example.defaults)
        for url in example.opens { #expect(try opens(file, url), "\(url) opens the app") }
        for url in example.browser { #expect(try !opens(file, url), "\(url) opens the browser") }
    }

    /// Files that must be refused, with words of the message.
    static let refused: [(String, String)] = [
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/x", "exlude": true}]}]}}"#,
            "unknown key 'exlude'"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": "/x", "exclude": 1}]}]}}"#,
            "expected a boolean"
        ),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"/": 7}]}]}}"#,
            "components[0]./: expected a string"
        ),
        (#"{"applinks": {"details": [{"appIDs": ["not-an-app-id"]}]}}"#, "is not TEAMID.bundle.id"),
        (#"{"applinks": {"details": [{"components": []}]}}"#, "names no app"),
        (#"{"applinks": {}}"#, "applinks.details: is missing"),
        (#"{"webcredentials": {}}"#, "applinks: is missing"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "paths": ["/$(nope)/"]}]}}"#,
            "no substitution variable 'nope'"
        ),
        (#"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "paths": ["/$(open"]}]}}"#, "without its ')'"),
        (#"{"applinks": {"details": [], "details": []}}"#, "details"),
        (
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.a"], "components": [{"?": {"id": 3}}]}]}}"#,
            "components[0].?.id: expected a string"
        ),
    ]

    @Test func malformedFilesAreRefusedWithThePlace() {
        for (text, words) in Self.refused {
            #expect {
                _ = try AppSiteAssociation(data: Data(text.utf8))
            } throws: { error in
                (error as? AssociationError)?.description.contains(words) == true
            }
        }
    }

    @Test func hostileFilesAreRefusedOrMatchedInBoundedTime() throws {
        // Over the size limit, before it is parsed.
        let huge = Data(repeating: UInt8(ascii: " "), count: AppSiteAssociation.maximumSize + 1)
        #expect(throws: AssociationError.self) { try AppSiteAssociation(data: huge) }
        // Nested past the JSON reader's depth.
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: AssociationError.self) { try AppSiteAssociation(data: deep) }
        // Bad UTF-8.
        #expect(throws: AssociationError.self) {
            try AppSiteAssociation(data: Data([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x7D]))
        }
        // A pattern over the length limit is refused; one of 1,000 `*` and `?` at the limit is
        // matched without backtracking (against a long URL that almost matches).
        let long = String(repeating: "*?", count: URLPattern.maximumLength)
        #expect(throws: AssociationError.self) { try association("\"paths\": [\"\(long)\"]") }
        let stars = "/" + String(repeating: "*a", count: 500) + "b"
        let file = try association("\"paths\": [\"\(stars)\"]")
        #expect(try !opens(file, "https://e.example/" + String(repeating: "a", count: 3_000)))
    }
}

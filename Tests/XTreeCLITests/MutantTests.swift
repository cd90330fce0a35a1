import Testing
import XTree
import XTreeFuzzing
import XTreePlatform
import XTreeRoutes

@testable import XTreeTargets

/// The round's one-line bugs that no test caught: each test here fails with its bug planted.
@MainActor
@Suite struct MutantTests {
    enum Link: Hashable, Sendable {
        case item(String)
        case notes(String)
    }

    /// A table whose printing of one form gives another form's link: the round trip compares
    /// the links, so it is found, though the link printed again is the same text.
    @Test func theRoundTripComparesTheLinksNotTheirText() {
        let crossed = RouteTable<Link>(
            scheme: "app", universalHosts: ["app.example"],
            [
                RouteForm(
                    "item/{id}", Link.item,
                    { if case .item(let id) = $0 { id } else if case .notes(let id) = $0 { id } else { nil } },
                    reaches: Int.self, samples: ["a"]),
                RouteForm(
                    "item/{id}/notes", Link.notes, { if case .notes(let id) = $0 { id } else { nil } },
                    reaches: Int.self, samples: ["a"]),
            ])
        let failures = crossed.roundTripFailures(generated: 0)
        let printed = ["app://item/a", "https://app.example/item/a"].map {
            "\($0) parses to another link than was printed"
        }
        #expect(failures.contains(printed[0]), "\(failures)")  // availability: an array's contains(_:), of an element
        #expect(failures.contains(printed[1]), "\(failures)")  // availability: an array's contains(_:), of an element
    }

    /// Every mutant keeps the example's scheme and host (the two case rules change only their
    /// case): a mutant of another scheme or host is refused by any app, and would test nothing.
    @Test(arguments: [
        "recipes://recipes/irish-stew", "recipes://ratings?recipeID=orange-marmalade&sort=new",
        "https://recipes.example/recipes/irish-stew/ratings", "shop://checkout",
    ])
    func mutantsKeepTheExamplesSchemeAndHost(link: String) throws {
        func schemeAndHost(_ text: String) throws -> (String, String) {
            let rest = try #require(text.range(of: "://")).upperBound
            let host = text[rest...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return (String(text[..<text.index(rest, offsetBy: -3)]), String(host))
        }
        let (scheme, host) = try schemeAndHost(link)
        for mutant in LinkMutation.mutants(of: link) {
            let (mutantScheme, mutantHost) = try schemeAndHost(mutant.link)
            switch mutant.rule {
            case "scheme in upper case":
                #expect(mutantScheme == scheme.uppercased() && mutantHost == host, "\(mutant.link)")
            case "host in upper case":
                #expect(mutantScheme == scheme && mutantHost == host.uppercased(), "\(mutant.link)")
            default:
                #expect(mutantScheme == scheme && mutantHost == host, "\(mutant.rule): \(mutant.link)")
            }
        }
    }

    final class Leaf: DeepLinkable {}

    /// Crashes on one link whatever came before, and applies every other.
    struct CrashingRunner: LinkFuzzRunner {
        let crashing: String
        let tree = TreeSnapshot(of: Leaf())

        mutating func run(state: [String], link: String, twice: Bool, links: inout Int) async -> LinkFuzzRun {
            links += state.count + 1
            if link == crashing { return .died(how: "the app was ended by signal 4", hang: false) }
            return .applied(
                LinkFuzzApplication(
                    error: nil, receiver: tree.nodes.first, before: tree, after: tree, again: twice ? tree : nil,
                    forgotten: []))
        }

        mutating func outlived(final: Bool) async -> [(state: [String], link: String, objects: String)] { [] }
    }

    /// A finding from a state that a fresh app shows too is shortened to the fresh app, and
    /// folded with the same finding found there: one finding of the crash, not one a state.
    @Test func aFindingIsShortenedToAFreshAppWhereItHappensThereToo() async {
        let examples = ["app://a/1", "app://b/2", "app://c/3"]
        var engine = LinkFuzzEngine(seed: 3)
        var runner = CrashingRunner(crashing: "app://b/2")
        await engine.run(examples: examples, links: nil, deadline: nil, runner: &runner)
        let crashes = engine.findings.filter { $0.property == "no crash" }
        #expect(crashes.count == 1, "\(crashes.map(\.description))")
        #expect(crashes.first?.state == [])
        #expect(crashes.first?.link == "app://b/2")
        #expect((crashes.first?.alike ?? 0) >= 1)
    }

    /// A run that ends the app with another signal is another crash: shortening keeps only
    /// candidates that end it the same way.
    @Test func aCrashOfAnotherSignalIsNotTheSameCrash() {
        let trap = ChildEnding.signal(4)
        #expect(CrashReplay.Outcome.crashed(.signal(4), at: 3).endsLike(trap))
        #expect(!CrashReplay.Outcome.crashed(.signal(11), at: 3).endsLike(trap))
        #expect(!CrashReplay.Outcome.crashed(.exited(1), at: 0).endsLike(trap))
        #expect(!CrashReplay.Outcome.hung(at: 0).endsLike(trap))
        #expect(!CrashReplay.Outcome.survived.endsLike(trap))
    }
}

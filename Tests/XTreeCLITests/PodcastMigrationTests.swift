import Foundation
import Testing
import XTree
import XTreeReachability
import XTreeRoutes

// The article "Declaring your links once": a podcast app's links, written four times by hand
// (before), then declared once in a table (after). Both are compiled and held to each other.

@MainActor private final class LibraryScreen: DeepLinkable {}
@MainActor private final class ShowScreen: DeepLinkable {
    let show: String
    init(show: String) { self.show = show }
    var nodeAttributes: [(key: String, value: String)] { [("show", show)] }
}
@MainActor private final class EpisodeScreen: DeepLinkable {
    let episode: String
    init(episode: String) { self.episode = episode }
    var nodeAttributes: [(key: String, value: String)] { [("episode", episode)] }
}

enum PodLink: Hashable, Sendable {
    case library
    case show(String)
    case episode(String)
}

// BEFORE
struct PodLinkError: Error {
    let link: String
}

enum HandWrittenPods {
    static func parse(_ text: String) throws -> PodLink {
        guard let url = URLComponents(string: text), let scheme = url.scheme else { throw PodLinkError(link: text) }
        var parts = url.path.split(separator: "/").map(String.init)
        if scheme == "pods", let host = url.host {
            parts.insert(host, at: 0)
        } else if scheme != "https" || url.host != "pods.example" {
            throw PodLinkError(link: text)
        }
        switch (parts.first, parts.count) {
        case ("library"?, 1): return .library
        case ("show"?, 2): return .show(parts[1])
        case ("episode"?, 2): return .episode(parts[1])
        default: throw PodLinkError(link: text)
        }
    }

    static func print(_ link: PodLink) -> String {
        switch link {
        case .library: "pods://library"
        case .show(let id): "pods://show/\(id)"
        case .episode(let id): "pods://episode/\(id)"
        }
    }

    static let linkExamples = [
        LinkExample(form: "pods://library", link: "pods://library", reaches: "LibraryScreen"),
        LinkExample(form: "pods://show/<id>", link: "pods://show/tal", reaches: "ShowScreen"),
        LinkExample(form: "pods://episode/<id>", link: "pods://episode/e1", reaches: "EpisodeScreen"),
        LinkExample(
            form: "https://pods.example/library", link: "https://pods.example/library", reaches: "LibraryScreen"),
        LinkExample(
            form: "https://pods.example/show/<id>", link: "https://pods.example/show/tal", reaches: "ShowScreen"),
        LinkExample(
            form: "https://pods.example/episode/<id>", link: "https://pods.example/episode/e1", reaches: "EpisodeScreen"
        ),
    ]

    static let expectations: [(link: String, reaches: ReachabilityExpectation)] = [
        ("pods://library", .receiver(LibraryScreen.self)),
        ("pods://show/tal", .receiver(ShowScreen.self) { $0.show == "tal" }),
        ("pods://episode/e1", .receiver(EpisodeScreen.self) { $0.episode == "e1" }),
    ]

    static let associationFile = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.example.pods"], "components": [
            {"/": "/library"}, {"/": "/show/?*"}, {"/": "/episode/?*"}
        ]}]}}
        """
}
// END BEFORE

// AFTER
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
extension PodLink {
    static let routes = RouteTable<PodLink>(
        scheme: "pods", universalHosts: ["pods.example"],
        [
            RouteForm("library", PodLink.library, reaches: LibraryScreen.self),
            RouteForm(
                "show/{id}", PodLink.show, { if case .show(let id) = $0 { id } else { nil } },
                reaches: ShowScreen.self, where: "show", samples: ["tal"]),
            RouteForm(
                "episode/{id}", PodLink.episode, { if case .episode(let id) = $0 { id } else { nil } },
                reaches: EpisodeScreen.self, where: "episode", samples: ["e1"]),
        ])
}
// END AFTER

@Suite struct PodcastMigrationTests {
    static let links = [
        "pods://library", "pods://show/tal", "https://pods.example/episode/e1", "https://pods.example/show/x%20y",
        "pods://episode/e1", "https://pods.example/library",
    ]

    @Test(arguments: links)
    func theTableParsesAndPrintsAsTheHandWrittenCodeDid(link: String) throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let parsed = try HandWrittenPods.parse(link)
        #expect(try PodLink.routes.parse(link) == parsed)
        let printed = try #require(PodLink.routes.url(for: parsed))
        #expect(try PodLink.routes.parse(printed) == parsed)
        #expect(printed == HandWrittenPods.print(parsed) || link.contains("%20"))
    }

    @Test func theTableGivesTheExamplesTheExpectationsAndTheFileWrittenByHandBefore() throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let table = PodLink.routes
        #expect(Set(table.examples.map(\.form)) == Set(HandWrittenPods.linkExamples.map(\.form)))
        #expect(Set(table.examples.map(\.link)) == Set(HandWrittenPods.linkExamples.map(\.link)))
        #expect(
            Set(table.examples.compactMap(\.reaches)).isSubset(
                of: HandWrittenPods.linkExamples.compactMap(\.reaches).map { "PodcastMigrationTests." + $0 }
                    + HandWrittenPods.linkExamples.compactMap(\.reaches)))
        #expect(table.roundTripFailures().isEmpty)
        let written = try AppSiteAssociation(
            data: AppSiteAssociation.written(
                forms: table.examples.map(\.form), domain: "pods.example", appID: "ABCDE12345.example.pods"))
        let byHand = try AppSiteAssociation(data: Data(HandWrittenPods.associationFile.utf8))
        let paths = { (file: AppSiteAssociation) in Set(file.entries.flatMap(\.rules).compactMap(\.path?.description)) }
        #expect(paths(written) == paths(byHand))
        for (link, _) in HandWrittenPods.expectations {
            #expect(table.examples.contains { $0.link == link })
        }
    }

    /// The line counts the article quotes, of this file's two listings.
    @Test func theArticleQuotesTheLineCountsOfBothListings() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        func lines(between start: String, and end: String) -> Int {
            let all = source.components(separatedBy: "\n")
            guard let from = all.firstIndex(of: start), let to = all.firstIndex(of: end) else { return -1 }
            return all[(from + 1)..<to].filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        }
        let article = try String(
            contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/XTreeRoutes/XTreeRoutes.docc/DeclaringYourLinksOnce.md").path,
            encoding: .utf8)
        let before = lines(between: "// BEFORE", and: "// END BEFORE")
        let after = lines(between: "// AFTER", and: "// END AFTER")
        #expect(article.contains("from \(before) lines to \(after)"), "before \(before), after \(after)")
    }
}

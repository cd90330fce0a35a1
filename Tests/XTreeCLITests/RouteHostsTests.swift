import Foundation
import Testing
import XTree
import XTreeRoutes
import XTreeSnapshot
import XTreeSupport

/// Links on servers the app decides at run time (the servers a user has accounts on, as a
/// federated app's links are): a table whose `https` links are those of a class of hosts, with
/// values inside a segment.
@Suite struct RouteHostsTests {
    enum SocialLink: Hashable, Sendable {
        case account(String)
        case status(user: String, id: Int)
        case tag(String)
    }

    /// The servers the user is on now; a test adds one as an account would be added.
    static let connected = Locked(Set(["social.example"]))

    static let table = RouteTable<SocialLink>(
        scheme: "social",
        hosts: RouteHosts("server", sample: "Social.Example") { host in connected.withLock { $0.contains(host) } },
        [
            RouteForm(
                "@{user}", SocialLink.account, { if case .account(let user) = $0 { user } else { nil } },
                reaches: Int.self, samples: ["ada"]),
            RouteForm(
                "@{user}/{status}", SocialLink.status,
                { if case .status(let user, let id) = $0 { (user, id) } else { nil } },
                reaches: Int.self, samples: [("ada", 1042)]),
            RouteForm(
                "tags/{tag}", SocialLink.tag, { if case .tag(let tag) = $0 { tag } else { nil } },
                reaches: Int.self, samples: ["swift"]),
        ])

    @Test func aLinkOnAnyServerOfTheClassIsTheSchemesLink() throws {
        #expect(try Self.table.parse("https://social.example/@ada/1042") == .status(user: "ada", id: 1042))
        #expect(try Self.table.parse("HTTPS://SOCIAL.example/tags/swift") == .tag("swift"))
        #expect(try Self.table.parse("social://tags/swift") == .tag("swift"))
    }

    /// The class is asked each time: a server the user joins later is read from then on, and
    /// one the class refuses is refused with the class named.
    @Test func theClassIsTheAppsToDecideAtRunTime() throws {
        let link = "https://other.example/@bob"
        do throws(RouteError) {
            _ = try Self.table.parse(link)
            Issue.record("a link on a server the app is not on was read")
        } catch {
            #expect(error.kind == .wrongScheme("https"))
            #expect(error.reason.hasSuffix("the scheme is social, or https on a server"), "\(error.reason)")
        }
        Self.connected.withLock { _ = $0.insert("other.example") }
        defer { Self.connected.withLock { _ = $0.remove("other.example") } }
        #expect(try Self.table.parse(link) == .account("bob"))
    }

    /// Forms print the class by its name; examples and round trips use its sample host.
    @Test func formsNameTheClassAndExamplesUseItsSample() {
        #expect(
            Self.table.forms.suffix(3) == [
                "https://<server>/@<user>", "https://<server>/@<user>/<status>", "https://<server>/tags/<tag>",
            ])
        let examples = Self.table.examples.filter { $0.form.hasPrefix("https://") }
        #expect(
            examples.map(\.link) == [
                "https://social.example/@ada", "https://social.example/@ada/1042",
                "https://social.example/tags/swift",
            ])
        #expect(Self.table.urls(for: .tag("swift")) == ["social://tags/swift", "https://social.example/tags/swift"])
        // Under the custom scheme, `@` would begin a user part: the round trip says so of those
        // forms, and of no link on a server.
        let failures = Self.table.roundTripFailures()
        #expect(failures.contains("social://@ada, printed for 'ada', does not parse: a user where links have none"))
        #expect(failures.allSatisfy { $0.hasPrefix("social://@") }, "\(failures)")
    }

    /// `why` names the form with the class, whatever the server.
    @Test func whyNamesTheFormWithTheClass() throws {
        let root = TreeSnapshot.Node(
            id: "a", type: "App", label: "", attributes: [], depth: 0, order: 0, parent: nil, links: [])
        let snapshot = try TreeSnapshot(nodes: [root])
        let explanation = try Self.table.why("https://social.example/@ada/7", in: snapshot)
        #expect(explanation.form == "https://<server>/@<user>/<status>")
    }
}

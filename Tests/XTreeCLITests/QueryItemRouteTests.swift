import Foundation
import Testing
import XTreeReachability
import XTreeRoutes

/// Query items real links carry: one a link may leave out (a value of an optional type) and one
/// it may give several times (a value of an array type), declared in the form itself.
@Suite struct QueryItemRouteTests {
    enum InboxLink: Hashable, Sendable {
        case search(query: String, page: Int?, tags: [String])
        case thread(String, token: String?)
    }

    static let table = RouteTable<InboxLink>(
        scheme: "inbox", universalHosts: ["inbox.example"],
        [
            RouteForm(
                "search?q={query}&page={page}&tag={tags}", InboxLink.search,
                { if case .search(let query, let page, let tags) = $0 { (query, page, tags) } else { nil } },
                reaches: Int.self, samples: [("rome", 2, ["a", "b c"])]),
            RouteForm(
                "thread/{id}?token={token}", InboxLink.thread,
                { if case .thread(let id, let token) = $0 { (id, token) } else { nil } }, reaches: Int.self,
                samples: [("t1", "s")]),
        ])

    @Test func anOptionalItemMayBeLeftOutAndIsPrintedOnlyWithAValue() throws {
        #expect(try Self.table.parse("inbox://thread/t9") == .thread("t9", token: nil))
        #expect(try Self.table.parse("inbox://thread/t9?token=x%26y") == .thread("t9", token: "x&y"))
        // An empty value is none, as a left-out item is: one link, printed without the item.
        #expect(try Self.table.parse("inbox://thread/t9?token=") == .thread("t9", token: nil))
        #expect(Self.table.url(for: .thread("t9", token: nil)) == "inbox://thread/t9")
        #expect(Self.table.url(for: .thread("t9", token: "a b")) == "inbox://thread/t9?token=a%20b")
        #expect(try Self.table.parse("inbox://search?q=rome") == .search(query: "rome", page: nil, tags: []))
    }

    @Test func anItemOfAListMayComeAnyNumberOfTimes() throws {
        let link = InboxLink.search(query: "rome", page: 2, tags: ["b", "a&c"])
        #expect(try Self.table.parse("inbox://search?tag=b&q=rome&tag=a%26c&page=2") == link)
        #expect(Self.table.url(for: link) == "inbox://search?q=rome&page=2&tag=b&tag=a%26c")
        #expect(
            Self.table.url(for: .search(query: "r o", page: nil, tags: [])) == "inbox://search?q=r%20o")
        // Only a list's item may come twice.
        do throws(RouteError) {
            _ = try Self.table.parse("inbox://search?q=a&page=2&page=3")
            Issue.record("an item given twice was taken")
        } catch {
            #expect(error.kind == .strayQueryItems(["page=3"]))
        }
    }

    @Test func aRefusedValueIsNamedAndAMissingOneIsTheRequiredOne() {
        do throws(RouteError) {
            _ = try Self.table.parse("inbox://search?q=a&page=x")
            Issue.record("a page that is no number was taken")
        } catch {
            #expect(error.kind == .invalidValue("x", name: "page", choices: nil))
        }
        do throws(RouteError) {
            _ = try Self.table.parse("inbox://search?page=2&tag=a")
            Issue.record("a search without its query was taken")
        } catch {
            #expect(error.kind == .missingValue(name: "query"))
        }
    }

    /// The form says which items a link may leave out and which it may repeat; the site
    /// association file holds only those it must carry.
    @Test func theFormShowsOptionalAndRepeatedItemsAndTheAssociationLeavesThemOut() throws {
        let form = "https://inbox.example/search?q=<query>&[page=<page>]&[tag=<tags>]…"
        #expect(Self.table.forms.contains(form))  // availability: an array's contains(_:), of an element
        #expect(try Self.query(of: form) == ["q": "?*"])
        #expect(try Self.query(of: "https://inbox.example/thread/<id>?[token=<token>]") == nil)
    }

    /// The `?` of the one component the association file written for `form` holds.
    static func query(of form: String) throws -> [String: String]? {
        let file = AppSiteAssociation.written(forms: [form], domain: "inbox.example", appID: "A.b")
        let json = try #require(try JSONSerialization.jsonObject(with: file) as? [String: Any])
        let details = try #require((json["applinks"] as? [String: Any])?["details"] as? [[String: Any]])
        let components = try #require(details.first?["components"] as? [[String: Any]])
        return components.first?["?"] as? [String: String]
    }

    /// Samples try a link with each optional item and without it, and a list empty and full.
    @Test func samplesTryTheItemsLeftOutAndGiven() {
        let links = Self.table.sampleLinks.map(\.link)
        for link in [
            "inbox://search?q=rome&page=2&tag=a&tag=b%20c", "inbox://search?q=rome", "inbox://thread/t1",
            "inbox://thread/t1?token=s",
        ] {
            #expect(links.contains(link), "\(links)")  // availability: an array's contains(_:), of an element
        }
    }

    @Test func theTableRoundTrips() {
        #expect(Self.table.problems.isEmpty)
        #expect(Self.table.roundTripFailures().isEmpty, "\(Self.table.roundTripFailures())")
    }

    /// Only a query item can give a value several times: a list anywhere else is a problem.
    @Test(arguments: ["tags/{tags}", "search?tag=#{tags}"])
    func aListThatIsNotAQueryItemsWholeValueIsAProblem(pattern: String) {
        let table = RouteTable<InboxLink>(
            scheme: "inbox",
            [
                RouteForm(
                    pattern, { (tags: [String]) in InboxLink.search(query: "", page: nil, tags: tags) },
                    { if case .search(_, _, let tags) = $0 { tags } else { nil } }, reaches: Int.self)
            ])
        #expect(table.problems == ["a list of values that is not a query item's whole value: \(pattern)"])
    }
}

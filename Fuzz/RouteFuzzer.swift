import Foundation
import XTreeRoutes

/// libFuzzer entry point: arbitrary text through a route table of every kind of form (no
/// value, a path value, a query value, a value of few choices, two values, a value with text
/// around it, an ignored query item) under a custom scheme and a universal host.
///
/// Besides "no crash", it checks the table's promises: a link it accepts prints under every
/// prefix to links that parse back to the same value (those within the length it reads); a refusal's message names the link and
/// is at most the link plus the forms and a few words.
@_cdecl("LLVMFuzzerTestOneInput")
public func routeFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: Data(bytes: start, count: count), as: UTF8.self)
    do {
        let link = try table.parse(text)
        let urls = table.urls(for: link)
        guard urls.count == 2 else { fatalError("an accepted link \(link) prints under \(urls.count) prefixes") }
        // A value's percent-encoding can make its link longer than the table reads.
        for url in urls where url.utf8.count <= RouteTable<Link>.maximumLength {
            guard (try? table.parse(url)) == link else { fatalError("\(url), printed for \(link), parses to another") }
        }
    } catch {
        let bound = text.utf8.count + table.forms.joined().utf8.count + 400
        guard error.description.utf8.count <= bound else {
            fatalError("a refusal of \(error.description.utf8.count) bytes")
        }
    }
    return 0
}

enum Kind: String, CaseIterable, RouteParameter {
    case small, large
}

enum Link: Hashable, Sendable {
    case home
    case item(String)
    case search(String)
    case kind(Kind)
    case booking(String, Int)
    case user(String)
}

let table = RouteTable<Link>(
    scheme: "fuzz", universalHosts: ["fuzz.example"],
    [
        RouteForm("home", Link.home, reaches: Int.self),
        RouteForm(
            "item/{id}/detail", { Link.item($0) }, { if case .item(let id) = $0 { id } else { nil } }, reaches: Int.self
        ),
        RouteForm(
            "search?q={text}&page=1", { Link.search($0) }, { if case .search(let q) = $0 { q } else { nil } },
            reaches: Int.self
        ),
        RouteForm(
            "kind/{kind}", { Link.kind($0) }, { if case .kind(let kind) = $0 { kind } else { nil } }, reaches: Int.self),
        RouteForm(
            "trip/{id}/booking?n={n}", { Link.booking($0, $1) },
            { if case .booking(let id, let n) = $0 { (id, n) } else { nil } },
            reaches: Int.self
        ).ignoringQueryItems("token"),
        RouteForm(
            "people/@{user}.x", { Link.user($0) }, { if case .user(let user) = $0 { user } else { nil } },
            reaches: Int.self),
    ])

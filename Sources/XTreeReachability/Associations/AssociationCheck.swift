import Foundation
import XTree

/// An association file checked against the app, both ways: every URL a rule advertises must
/// open a screen of the app, and every `https` link form of the app on the domain must be
/// advertised (otherwise it opens the browser).
///
/// ```swift
/// @Test func everyAdvertisedLinkOpensAScreen() async throws {
///     let file = try AppSiteAssociation(data: Data(contentsOf: associationURL))
///     let report = await AssociationCheck(association: file, domain: "recipes.example").run(RecipesApp.self)
///     #expect(report.passed, "\(report.summary)")
/// }
/// ```
public struct AssociationCheck: Sendable {
    /// What opening a link did: the screen it ended on, or why it failed.
    public enum Outcome: Sendable, Hashable {
        /// It returned an object in the tree, of the type `screen`.
        case reached(screen: String)
        /// It threw, or returned an object not in the tree: why, described.
        case failed(String)
    }

    /// The file checked.
    public var association: AppSiteAssociation
    /// The website's host, lowercased: the app's `https` links on it are its universal links.
    public var domain: String
    /// The app whose entries are checked; `nil` checks each entry, one table each.
    public var appID: String?

    /// A check of `association` for `domain`, of `appID`'s entries or of all of them.
    public init(association: AppSiteAssociation, domain: String, appID: String? = nil) {
        self.association = association
        self.domain = domain.lowercased()
        self.appID = appID
    }

    /// Checks the file against `app`: each link opened with `open(_:in:)` in a fresh
    /// `makeRoot()`, and passing when it returns an object in the tree.
    @MainActor
    public func run<App: DeepLinkableApp>(_ app: App.Type) async -> AssociationReport {
        await run(examples: App.linkExamples, samples: App.sampleValues) { link in
            let root = App.makeRoot()
            do {
                let reached = try await App.open(link, in: root)
                guard Self.tree(of: root, holds: reached) else {
                    return .failed("the handler returned a \(type(of: reached)), which is not in the tree")
                }
                return .reached(screen: String(describing: type(of: reached)))
            } catch {
                return .failed(String(describing: error))
            }
        }
    }

    /// The longest URL checked, in characters: an example of the app's or one made from a rule
    /// that is longer is a failing row, never opened. With ``URLPattern/maximumLength`` and
    /// ``URLPattern/maximumExpansion`` it bounds what matching one URL against a rule costs.
    public static let maximumURLLength = 2_048

    /// The most steps matching may take in one check, a step being one position of a URL
    /// tried against one piece of a pattern. A file within the other limits can still ask
    /// for more (thousands of rules beginning with a wildcard make every URL try every rule):
    /// the rows past it fail, saying so, and the check ends in seconds.
    public static let defaultMatchingBudget = 1 << 28

    /// The most steps matching may take in this check: ``defaultMatchingBudget`` unless set.
    public var matchingBudget = Self.defaultMatchingBudget

    /// Whether each URL is opened as the user activity a universal link arrives as
    /// (`Entry.browsingWeb(_:)`'s text), for an app that routes universal links by their
    /// activity, not as URL strings. Off by default.
    public var opensAsActivities = false

    /// A row's words when the budget ran out before its URL was decided.
    var overBudget: String {
        "not decided: matching spent the check's \(matchingBudget) steps (rules that begin with a wildcard "
            + "make every URL try each of them)"
    }

    /// Checks the file against an app given by its link examples, the values its links take,
    /// and a way to open a link.
    ///
    /// Only URLs of ``domain`` are opened: a rule whose pattern cannot match a path (it does
    /// not begin with `/`), or from which no URL of the domain that it matches can be made, is
    /// a failing row that says so.
    ///
    /// - Complexity: each URL is decided once per entry, against the rules in order: O(*u* ×
    ///   *r*) matches for *u* URLs and *r* rules, each bounded as ``maximumURLLength`` says.
    @MainActor
    public func run(
        examples: [LinkExample], samples: [String], open: @MainActor (String) async -> Outcome
    ) async -> AssociationReport {
        let entries = association.entries(for: appID)
        let ours = examples.compactMap { example -> (LinkExample, URLComponents)? in
            guard let url = URLComponents(string: example.link), url.scheme?.lowercased() == "https",
                url.host?.lowercased() == domain
            else { return nil }
            return (example, url)
        }
        var tables: [AssociationReport.Table] = []
        var budget = matchingBudget
        for entry in entries {
            var table = AssociationReport.Table(appIDs: entry.appIDs, rows: [], unadvertised: [])
            let index = RuleIndex(entry)
            // Each example decided once: the rule that decides it is the one whose row it is.
            var decided: [Int: [String]] = [:]
            for (example, url) in ours {
                let length = example.link.unicodeScalars.count
                guard length <= Self.maximumURLLength else {
                    table.rows.append(
                        .init(
                            rule: "-", comment: nil, url: example.link, verdict: .failed,
                            detail: "the link has \(length) characters, over the \(Self.maximumURLLength) checked"))
                    continue
                }
                let rule = index.decidingRule(for: URLParts(url), in: entry, budget: &budget)
                guard budget >= 0 else {
                    table.rows.append(
                        .init(rule: "-", comment: nil, url: example.link, verdict: .failed, detail: overBudget))
                    continue
                }
                if let rule { decided[rule, default: []].append(example.link) }
                if rule == nil || entry.rules[rule!].exclude {
                    table.unadvertised.append(
                        .init(form: example.form, link: example.link, excludedBy: rule.map { entry.rules[$0].written }))
                }
            }
            for (number, rule) in entry.rules.enumerated() {
                if let urls = decided[number] {
                    for url in urls {
                        table.rows.append(await row(rule, number, url: url, decidedBy: number, in: entry, open: open))
                    }
                    continue
                }
                switch example(of: rule, samples: samples, budget: &budget) {
                case .success(let url):
                    let decider = index.decidingRule(for: URLParts(url.components), in: entry, budget: &budget)
                    guard budget >= 0 else {
                        table.rows.append(
                            .init(
                                rule: rule.written, comment: rule.comment, url: url.text, verdict: .failed,
                                detail: overBudget))
                        continue
                    }
                    table.rows.append(
                        await row(rule, number, url: url.text, decidedBy: decider ?? number, in: entry, open: open))
                case .failure(let problem):
                    table.rows.append(
                        .init(
                            rule: rule.written, comment: rule.comment, url: "", verdict: .failed,
                            detail: problem.description))
                }
            }
            tables.append(table)
        }
        return AssociationReport(domain: domain, appID: appID, tables: tables)
    }

    @MainActor
    private func row(
        _ rule: AppSiteAssociation.Rule, _ number: Int, url: String, decidedBy decider: Int,
        in entry: AppSiteAssociation.Entry,
        open: @MainActor (String) async -> Outcome
    ) async -> AssociationReport.Row {
        var row = AssociationReport.Row(
            rule: rule.written, comment: rule.comment, url: url, verdict: .passed, detail: "")
        if !rule.exclude, decider != number {
            row.verdict = .failed
            row.detail = "an earlier rule decides it: \(entry.rules[decider].written)"
            return row
        }
        switch (rule.exclude, await open(opensAsActivities ? Entry.browsingWeb(url).description : url)) {
        case (false, .reached(let screen)): row.detail = screen
        case (false, .failed(let reason)):
            row.verdict = .failed
            row.detail = reason
        case (true, .reached(let screen)):
            row.verdict = .note
            row.detail = "excluded, so it opens the browser, yet the app opens it (\(screen))"
        case (true, .failed): row.detail = "excluded, and the app does not take it either"
        }
        return row
    }

    /// One URL of ``domain`` for each rule that advertises (does not exclude) URLs and matches
    /// none of the app's `examples`, made from the app's sample values as the check makes them,
    /// in the file's order, each once: the association file's forms the examples miss, as
    /// inputs for `xtree-cli fuzz --aasa`. A rule from which no URL of the domain can be made is
    /// left out; the matching budget bounds the cost.
    public func advertisedLinks(examples: [String], samples: [String]) -> [String] {
        var budget = matchingBudget
        let ours = examples.compactMap { link -> URLParts? in
            guard link.unicodeScalars.count <= Self.maximumURLLength, let url = URLComponents(string: link),
                url.scheme?.lowercased() == "https", url.host?.lowercased() == domain
            else { return nil }
            return URLParts(url)
        }
        var links: [String] = []
        for entry in association.entries(for: appID) {
            for rule in entry.rules where !rule.exclude {
                if ours.contains(where: { rule.matches($0, budget: &budget) }) || budget < 0 { continue }
                guard case .success(let url) = example(of: rule, samples: samples, budget: &budget) else { continue }
                if !links.contains(url.text) { links.append(url.text) }
            }
        }
        return links
    }

    /// A URL made from a rule: its text, and its parts.
    private struct MadeURL {
        var text: String
        var components: URLComponents
    }

    /// A URL of the domain that `rule` matches, from the app's values; or why none is made.
    private func example(
        of rule: AppSiteAssociation.Rule, samples: [String], budget: inout Int
    ) -> Result<MadeURL, ExampleProblem> {
        if let first = rule.path?.firstScalar, first != "/" {
            return .failure(ExampleProblem("the pattern cannot match a path: a path begins with '/'"))
        }
        var path = rule.path?.example(samples: samples) ?? "/"
        if !path.hasPrefix("/") { path = "/" + path }
        var url = "https://\(domain)" + path
        if let query = rule.query {
            url += "?" + query.example(samples: samples)
        } else if !rule.queryItems.isEmpty {
            url +=
                "?"
                + rule.queryItems.keys.sorted().map { name in
                    "\(name)=\(rule.queryItems[name]?.example(samples: samples) ?? "")"
                }.joined(separator: "&")
        }
        if let fragment = rule.fragment { url += "#" + fragment.example(samples: samples) }
        let length = url.unicodeScalars.count
        guard length <= Self.maximumURLLength else {
            return .failure(
                ExampleProblem("the URL made from it has \(length) characters, over \(Self.maximumURLLength)"))
        }
        // Only a URL of the domain is opened, and only one the rule itself matches.
        guard let components = URLComponents(string: url), components.scheme == "https",
            components.host?.lowercased() == domain, components.user == nil, components.password == nil,
            components.port == nil
        else {
            return .failure(
                ExampleProblem("no URL of \(domain) made from it: \(URLPattern.quoted(url)) is another host's"))
        }
        guard rule.matches(URLParts(components), budget: &budget) else {
            if budget < 0 { return .failure(ExampleProblem(overBudget)) }
            return .failure(
                ExampleProblem("no URL of \(domain) made from it matches it (tried \(URLPattern.quoted(url)))"))
        }
        return .success(MadeURL(text: url, components: components))
    }

    /// Why no URL was made from a rule.
    private struct ExampleProblem: Error {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Whether `object` is in the tree under `root`, breadth first, each object once.
    @MainActor
    static func tree(of root: any DeepLinkable, holds object: any DeepLinkable) -> Bool {
        var queue: [any DeepLinkable] = [root]
        var seen = Set<ObjectIdentifier>()
        var next = 0
        while next < queue.count {
            let node = queue[next]
            next += 1
            if node === object { return true }
            guard seen.insert(ObjectIdentifier(node)).inserted else { continue }
            queue += node.children
        }
        return false
    }
}

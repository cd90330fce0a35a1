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

    /// Checks the file against an app given by its link examples, the values its links take,
    /// and a way to open a link.
    @MainActor
    public func run(
        examples: [LinkExample], samples: [String], open: @MainActor (String) async -> Outcome
    ) async -> AssociationReport {
        let entries = association.entries(for: appID)
        let ours = examples.filter { example in
            URLComponents(string: example.link).map {
                $0.scheme?.lowercased() == "https" && $0.host?.lowercased() == domain
            }
                ?? false
        }
        var tables: [AssociationReport.Table] = []
        for entry in entries {
            var table = AssociationReport.Table(appIDs: entry.appIDs, rows: [], unadvertised: [])
            for (number, rule) in entry.rules.enumerated() {
                // The app's examples this rule decides: one an earlier rule decides is that rule's.
                let matching = ours.filter { example in
                    URLComponents(string: example.link).map { association.decidingRule(for: $0, in: entry) == rule }
                        ?? false
                }
                var urls = matching.map(\.link)
                if urls.isEmpty { urls = [example(of: rule, samples: samples)] }
                for url in urls {
                    table.rows.append(await row(rule, number: number, url: url, entry: entry, open: open))
                }
            }
            for example in ours {
                guard let url = URLComponents(string: example.link) else { continue }
                let decided = association.decidingRule(for: url, in: entry)
                if decided == nil || decided?.exclude == true {
                    table.unadvertised.append(
                        .init(form: example.form, link: example.link, excludedBy: decided?.written))
                }
            }
            tables.append(table)
        }
        return AssociationReport(domain: domain, appID: appID, tables: tables)
    }

    @MainActor
    private func row(
        _ rule: AppSiteAssociation.Rule, number: Int, url: String, entry: AppSiteAssociation.Entry,
        open: @MainActor (String) async -> Outcome
    ) async -> AssociationReport.Row {
        var row = AssociationReport.Row(
            rule: rule.written, comment: rule.comment, url: url, verdict: .passed, detail: "")
        guard let components = URLComponents(string: url) else {
            row.verdict = .failed
            row.detail = "the example is not a URL"
            return row
        }
        let decided = association.decidingRule(for: components, in: entry)
        let outcome = await open(url)
        switch (rule.exclude, outcome) {
        case (false, _) where decided != rule:
            row.verdict = .failed
            row.detail = "an earlier rule decides it: \(decided?.written ?? "none")"
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

    /// A URL of the domain that `rule` matches, from the app's values.
    private func example(of rule: AppSiteAssociation.Rule, samples: [String]) -> String {
        let variables = association.variables
        var url = "https://\(domain)" + (rule.path?.example(samples: samples, variables: variables) ?? "/")
        if let query = rule.query {
            url += "?" + query.example(samples: samples, variables: variables)
        } else if !rule.queryItems.isEmpty {
            url +=
                "?"
                + rule.queryItems.keys.sorted().map { name in
                    "\(name)=\(rule.queryItems[name]?.example(samples: samples, variables: variables) ?? "")"
                }.joined(separator: "&")
        }
        if let fragment = rule.fragment { url += "#" + fragment.example(samples: samples, variables: variables) }
        return url
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

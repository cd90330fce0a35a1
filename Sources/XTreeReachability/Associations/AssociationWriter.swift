import Foundation
import XTree
import XTreeSupport

extension AppSiteAssociation {
    /// An apple-app-site-association file that advertises every form of link in `forms` on
    /// `domain` for the app `appID`: one component per `https://DOMAIN/…` form, each `<value>`
    /// as `?*` (one character or more), query items by name but those a link may leave out. Forms of other schemes and hosts
    /// are left out. The JSON is what `xtree-cli links --write-aasa` writes, sorted and
    /// indented.
    ///
    /// ```swift
    /// let file = AppSiteAssociation.written(
    ///     forms: ["https://recipes.example/recipes/<slug>"], domain: "recipes.example",
    ///     appID: "ABCDE12345.example.recipes")
    /// // {"applinks":{"details":[{"appIDs":["ABCDE12345.example.recipes"],
    /// //   "components":[{"/":"/recipes/?*","comment":"https://recipes.example/recipes/<slug>"}]}]}}
    /// ```
    public static func written(forms: [String], domain: String, appID: String) -> Data {
        var seen = Set<String>()
        // A pattern's `*` crosses slashes, so a rule decides every URL the rules after it would
        // match too: the forms with more fixed characters go first (`/recipes/?*/ratings`
        // before `/recipes/?*`).
        let components = forms.filter { seen.insert($0).inserted }
            .compactMap { form in component(of: form, domain: domain).map { (form, $0) } }
            .enumerated()
            .sorted { ($0.element.0.fixedCount, $1.offset) > ($1.element.0.fixedCount, $0.offset) }
            .map(\.element.1)
        let file = ["applinks": ["details": [Detail(appIDs: [appID], components: components)]]]
        let encoder = JSONOutput.encoder(pretty: true)
        // Strings and arrays of them only: encoding cannot fail.
        return (try? encoder.encode(file)) ?? Data()
    }

    /// The component of one `https://DOMAIN/…` form, `nil` for a form of another scheme or host.
    static func component(of form: String, domain: String) -> [String: JSONComponent]? {
        let prefix = "https://\(domain.lowercased())/"
        guard form.lowercased().hasPrefix(prefix) else { return nil }
        let rest = form.dropFirst(prefix.count)
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        var component: [String: JSONComponent] = [
            "/": .text("/" + wildcards(String(parts[0]))), "comment": .text(form),
        ]
        if parts.count == 2 {
            var items: [String: String] = [:]
            // An item a link may leave out (`[token=<token>]`) is no condition of the rule.
            for item in parts[1].split(separator: "&") where !item.hasPrefix("[") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                items[String(pair[0])] = pair.count == 2 ? wildcards(String(pair[1])) : ""
            }
            if !items.isEmpty { component["?"] = .items(items) }
        }
        return component
    }

    /// `text` with each `<…>` as `?*`, and the pattern characters `*` and `?` it holds
    /// otherwise left as they are (forms do not use them).
    private static func wildcards(_ text: String) -> String {
        var result = ""
        var inside = false
        for character in text {
            switch character {
            case "<": inside = true
            case ">":
                inside = false
                result += "?*"
            default: if !inside { result.append(character) }
            }
        }
        return result
    }

    /// A component's value: a pattern, or query items by name.
    enum JSONComponent: Encodable {
        case text(String)
        case items([String: String])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .items(let items): try container.encode(items)
            }
        }
    }

    private struct Detail: Encodable {
        let appIDs: [String]
        let components: [[String: JSONComponent]]
    }
}

extension String {
    /// How many characters of a form are fixed: those outside `<…>`.
    fileprivate var fixedCount: Int {
        var count = 0
        var inside = false
        for character in self {
            if character == "<" {
                inside = true
            } else if character == ">" {
                inside = false
            } else if !inside {
                count += 1
            }
        }
        return count
    }
}

import Foundation
import XTreeSupport

/// Reads an association file's JSON into entries and rules, refusing each field of the wrong
/// shape with its place.
struct AssociationReader {
    private var rules = 0
    /// What the patterns read so far expand to, as ``URLPattern/maximumExpansion`` counts it.
    private var expansion = 0

    private struct Defaults {
        var caseSensitive = true
        var percentsEncoded = true
    }

    mutating func read(
        _ document: JSONValue
    ) throws(AssociationError) -> ([AppSiteAssociation.Entry], [String: [String]]) {
        let top = try object(document, at: "(top level)")
        guard let applinks = top["applinks"] else { throw AssociationError("field applinks: is missing") }
        let links = try object(applinks, at: "applinks")
        try known(links, ["apps", "details", "defaults", "substitutionVariables"], at: "applinks")
        var variables = AppSiteAssociation.builtIn
        if let given = links["substitutionVariables"] {
            var count = 0
            for (name, values) in try object(given, at: "applinks.substitutionVariables").sorted(by: { $0.key < $1.key }
            ) {
                let place = "applinks.substitutionVariables.\(URLPattern.quoted(name))"
                guard !name.isEmpty, name.unicodeScalars.allSatisfy({ !"$()".unicodeScalars.contains($0) }) else {
                    throw AssociationError("\(place): a variable's name is not empty and holds no '$', '(' or ')'")
                }
                let list = try strings(values, at: place)
                if let nested = list.first(where: { $0.range(of: "$(") != nil }) {
                    throw AssociationError("\(place): a value holds another variable ('\(URLPattern.quoted(nested))')")
                }
                count += list.count
                guard count <= AppSiteAssociation.maximumValues else {
                    throw AssociationError("\(place): more than \(AppSiteAssociation.maximumValues) values in all")
                }
                variables[name] = list
            }
        }
        let fileDefaults = try defaults(links["defaults"], base: Defaults(), at: "applinks.defaults")
        guard let details = links["details"] else { throw AssociationError("field applinks.details: is missing") }
        var entries: [AppSiteAssociation.Entry] = []
        for (index, detail) in try array(details, at: "applinks.details").enumerated() {
            let place = "applinks.details[\(index)]"
            let fields = try object(detail, at: place)
            try known(fields, ["appIDs", "appID", "components", "paths", "defaults"], at: place)
            var appIDs: [String] = []
            if let ids = fields["appIDs"] { appIDs += try strings(ids, at: "\(place).appIDs") }
            if let id = fields["appID"] { appIDs.append(try string(id, at: "\(place).appID")) }
            guard !appIDs.isEmpty else { throw AssociationError("\(place): names no app (appIDs or appID)") }
            for (at, id) in appIDs.enumerated() where !Self.isAppID(id) {
                throw AssociationError("\(place).appIDs[\(at)]: '\(URLPattern.quoted(id))' is not TEAMID.bundle.id")
            }
            let entryDefaults = try defaults(fields["defaults"], base: fileDefaults, at: "\(place).defaults")
            var entryRules: [AppSiteAssociation.Rule] = []
            if let components = fields["components"] {
                for (at, component) in try array(components, at: "\(place).components").enumerated() {
                    entryRules.append(
                        try rule(
                            component, defaults: entryDefaults, variables: variables, at: "\(place).components[\(at)]")
                    )
                }
            }
            if let paths = fields["paths"] {
                for (at, path) in try strings(paths, at: "\(place).paths").enumerated() {
                    let excludes = path.hasPrefix("NOT ")
                    let pattern = try self.pattern(
                        String(path.dropFirst(excludes ? 4 : 0)), variables: variables, at: "\(place).paths[\(at)]")
                    entryRules.append(
                        AppSiteAssociation.Rule(
                            path: pattern, query: nil, queryItems: [:], fragment: nil, exclude: excludes,
                            caseSensitive: entryDefaults.caseSensitive, percentsEncoded: entryDefaults.percentsEncoded,
                            comment: nil, written: path))
                }
            }
            rules += entryRules.count
            guard rules <= AppSiteAssociation.maximumRules else {
                throw AssociationError("\(place): more than \(AppSiteAssociation.maximumRules) rules in all")
            }
            entries.append(AppSiteAssociation.Entry(appIDs: appIDs, rules: entryRules))
        }
        return (entries, variables)
    }

    /// A pattern, counted against the file's ``AppSiteAssociation/maximumExpansion``.
    private mutating func pattern(
        _ text: String, variables: [String: [String]], at place: String
    ) throws(AssociationError) -> URLPattern {
        let pattern = try URLPattern(text, variables: variables, at: place)
        expansion += pattern.expansion
        guard expansion <= AppSiteAssociation.maximumExpansion else {
            throw AssociationError(
                "\(place): the file's substitution variables stand for more than "
                    + "\(AppSiteAssociation.maximumExpansion) characters in all its patterns")
        }
        return pattern
    }

    private mutating func rule(
        _ value: JSONValue, defaults: Defaults, variables: [String: [String]], at place: String
    ) throws(AssociationError) -> AppSiteAssociation.Rule {
        let fields = try object(value, at: place)
        try known(fields, ["/", "?", "#", "exclude", "caseSensitive", "percentsEncoded", "comment"], at: place)
        func pattern(_ key: String) throws(AssociationError) -> URLPattern? {
            guard let value = fields[key] else { return nil }
            return try self.pattern(
                try string(value, at: "\(place).\(key)"), variables: variables, at: "\(place).\(key)")
        }
        var query: URLPattern?
        var items: [String: URLPattern] = [:]
        switch fields["?"] {
        case .object(let named)?:
            for (name, value) in named {
                let itemPlace = "\(place).?.\(URLPattern.quoted(name))"
                items[name] = try self.pattern(try string(value, at: itemPlace), variables: variables, at: itemPlace)
            }
        case .some: query = try pattern("?")
        case nil: break
        }
        let path = try pattern("/")
        let fragment = try pattern("#")
        let comment = try fields["comment"].map { value throws(AssociationError) in
            try string(value, at: "\(place).comment")
        }
        let exclude =
            try fields["exclude"].map { value throws(AssociationError) in try bool(value, at: "\(place).exclude") }
            ?? false
        let caseSensitive =
            try fields["caseSensitive"].map { value throws(AssociationError) in
                try bool(value, at: "\(place).caseSensitive")
            } ?? defaults.caseSensitive
        let percentsEncoded =
            try fields["percentsEncoded"].map { value throws(AssociationError) in
                try bool(value, at: "\(place).percentsEncoded")
            } ?? defaults.percentsEncoded
        var written = path?.description ?? "/*"
        if let query { written += "?" + query.description }
        if !items.isEmpty {
            written += "?" + items.keys.sorted().map { "\($0)=\(items[$0]?.description ?? "")" }.joined(separator: "&")
        }
        if let fragment { written += "#" + fragment.description }
        return AppSiteAssociation.Rule(
            path: path, query: query, queryItems: items, fragment: fragment, exclude: exclude,
            caseSensitive: caseSensitive, percentsEncoded: percentsEncoded, comment: comment,
            written: exclude ? "NOT " + written : written)
    }

    private func defaults(_ value: JSONValue?, base: Defaults, at place: String) throws(AssociationError) -> Defaults {
        guard let value else { return base }
        let fields = try object(value, at: place)
        try known(fields, ["caseSensitive", "percentsEncoded"], at: place)
        var result = base
        if let value = fields["caseSensitive"] { result.caseSensitive = try bool(value, at: "\(place).caseSensitive") }
        if let value = fields["percentsEncoded"] {
            result.percentsEncoded = try bool(value, at: "\(place).percentsEncoded")
        }
        return result
    }

    /// `TEAMID.bundle.id`: ten letters or digits, a dot, and a bundle id.
    static func isAppID(_ id: String) -> Bool {
        let parts = id.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].count == 10, !parts[1].isEmpty, id.utf8.count <= 255 else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    private func known(_ fields: [String: JSONValue], _ keys: Set<String>, at place: String) throws(AssociationError) {
        if let stray = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            throw AssociationError(
                "\(place): unknown key '\(URLPattern.quoted(stray))'; known: \(keys.sorted().joined(separator: ", "))")
        }
    }

    private func object(_ value: JSONValue, at place: String) throws(AssociationError) -> [String: JSONValue] {
        guard case .object(let fields) = value else {
            throw AssociationError("field \(place): expected an object, got \(value.kind)")
        }
        return fields
    }

    private func array(_ value: JSONValue, at place: String) throws(AssociationError) -> [JSONValue] {
        guard case .array(let items) = value else {
            throw AssociationError("field \(place): expected an array, got \(value.kind)")
        }
        return items
    }

    private func string(_ value: JSONValue, at place: String) throws(AssociationError) -> String {
        guard case .string(let text) = value else {
            throw AssociationError("field \(place): expected a string, got \(value.kind)")
        }
        return text
    }

    private func strings(_ value: JSONValue, at place: String) throws(AssociationError) -> [String] {
        var result: [String] = []
        for (index, item) in try array(value, at: place).enumerated() {
            result.append(try string(item, at: "\(place)[\(index)]"))
        }
        return result
    }

    private func bool(_ value: JSONValue, at place: String) throws(AssociationError) -> Bool {
        guard case .bool(let flag) = value else {
            throw AssociationError("field \(place): expected a boolean, got \(value.kind)")
        }
        return flag
    }
}

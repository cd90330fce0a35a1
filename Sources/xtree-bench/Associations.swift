import Foundation
import RecipesDomain
import XTree
import XTreeReachability

/// Association files at the limits, checked against the recipes app as `xtree-cli links`
/// checks them: the seconds each takes, against a bound (10 s in a release build, 30 in a
/// debug build, where CI runs it); over the bound, the run fails.
@MainActor func associationSection() async {
    log("")
    log("## Association files at the limits, checked against the recipes app (seconds, one run)")
    let bound: Double
    #if DEBUG
        bound = 30
    #else
        bound = 10
    #endif
    var failed = false
    for (name, file) in [("10,000 rules", manyRules()), ("the costliest file within the limits", costliest())] {
        let association: AppSiteAssociation
        do {
            association = try AppSiteAssociation(data: file)
        } catch {
            log("\(name): refused: \(error)")
            failed = true
            continue
        }
        let rules = association.entries.reduce(0) { $0 + $1.rules.count }
        let started = Date()
        let checked = await AssociationCheck(association: association, domain: "recipes.example").run(RecipesApp.self)
        let seconds = Date().timeIntervalSince(started)
        let rows = checked.tables.reduce(0) { $0 + $1.rows.count }
        let undecided = checked.tables.reduce(0) { $0 + $1.rows.filter { $0.detail.hasPrefix("not decided") }.count }
        report([
            "table": "associations", "file": name, "bytes": "\(file.count)", "rules": "\(rules)",
            "rows": "\(rows)", "undecided_rows": "\(undecided)", "seconds": format(seconds),
            "bound_seconds": format(bound),
        ])
        log(
            "\(name): \(file.count) bytes, \(rules) rules, \(rows) rows (\(undecided) past the matching budget) "
                + "checked in \(format(seconds)) s (bound \(format(bound)) s)")
        if seconds > bound { failed = true }
    }
    if failed {
        FileHandle.standardError.write(Data("error: an association check over its bound\n".utf8))
        exit(1)
    }
}

/// The most rules a file may hold, as `paths`, each of a recipe's pages or a page of its own.
private func manyRules() -> Data {
    let recipes = RecipeCatalog.default.recipes.map(\.id.rawValue)
    let paths = (0..<AppSiteAssociation.maximumRules).map { number in
        number % 100 == 0 ? "\"/recipes/\(recipes[number / 100 % recipes.count])\"" : "\"/p/\(number)/*\""
    }
    let text = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.recipes"],"paths":["#
    return Data((text + paths.joined(separator: ",") + "]}]}}").utf8)
}

/// A file as costly to check as the limits let one be: variables that stand for as many
/// characters as a file may, each with wildcards so that no plain prefix refuses a URL early,
/// first; then as many rules beginning with `*` as fit, so that every URL is matched against
/// every rule before it.
private func costliest() -> Data {
    let values = (0..<(URLPattern.maximumExpansion / 3)).map { "?*" + String(UnicodeScalar(UInt8(97 + $0 % 26))) }
    let perPattern = values.reduce(0) { $0 + $1.count }
    let heavy = (0..<(AppSiteAssociation.maximumExpansion / perPattern)).map { #"{"/":"*$(v)\#($0)"}"# }
    var rules = heavy
    var size = document(rules, variables: ["v": values]).count
    var number = 0
    while rules.count < AppSiteAssociation.maximumRules {
        let rule = #"{"/":"*!\#(number)"}"#
        guard size + rule.utf8.count + 1 <= AppSiteAssociation.maximumSize else { break }
        rules.append(rule)
        size += rule.utf8.count + 1
        number += 1
    }
    return document(rules, variables: ["v": values])
}

private func document(_ components: [String], variables: [String: [String]]) -> Data {
    var text = #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.recipes"],"components":["#
    text += components.joined(separator: ",") + "]}]"
    if !variables.isEmpty {
        text += #","substitutionVariables":{"#
        text += variables.map { name, values in
            "\"\(name)\":[" + values.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        }.joined(separator: ",")
        text += "}"
    }
    return Data((text + "}}").utf8)
}

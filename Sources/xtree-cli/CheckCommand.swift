import RecipesDomain
import XTree

extension Command {
    static let check = Command(
        spec: CommandSpec(name: "check", options: [.catalog], positionals: 0...0),
        summary: "Check that every deep link the catalog allows is reachable.",
        usage: "check [--catalog FILE]",
        discussion: """
            Applies every link the catalog allows (each tab, each recipe, and each recipe's ratings in
            every accepted URL form) through both approaches, each from the app's start state. A link
            passes when it reaches the screen it names and both approaches leave identical trees.
            Prints a table and a summary; the status is 1 if any link fails. Run it in CI.
            """
    ) { _, context throws(CLIError) in
        let catalog = try context.catalog()
        var urls = HomeTab.allCases.map { "recipes://tab/\($0.rawValue)" }
        for recipe in catalog.recipes {
            urls += [
                "recipes://recipes/\(recipe.slug)", "recipes://recipes/\(recipe.slug)/ratings",
                "recipes://ratings?recipeID=\(recipe.slug)",
            ]
        }
        var apps: [DeepLinkApproach: DefaultHomeCoordinator] = [:]
        for approach in DeepLinkApproach.allCases { apps[approach] = context.startApp(catalog: catalog) }
        let start = NavigationState(of: context.startApp(catalog: catalog))

        var rows: [[String]] = [["LINK", "APPROACH", "REACHED", "PATH", "RESULT"]]
        var failures = 0
        for url in urls {
            // Nobody reads the table any more (`| head`): stop checking.
            if context.console.isClosed { return }
            var snapshots: [TreeSnapshot] = []
            for approach in DeepLinkApproach.allCases {
                guard let home = apps[approach] else { continue }
                var row = [url, approach.rawValue, "-", "-"]
                do {
                    try await home.restore(start)
                    let link = try DeepLink(string: url)
                    let outcome = try await home.open(link, approach: approach)
                    let (snapshot, path) = TreeSnapshot.locating(outcome.reached, from: home)
                    snapshots.append(snapshot)
                    let reached = snapshot.nodes[path[path.count - 1]]
                    row[2] =
                        "\(reached.order) \(TerminalText.escaped(reached.type))"
                        + (reached.label.isEmpty ? "" : " \(TerminalText.quoted(reached.label))")
                    row[3] = "\(path.count)"
                    if let problem = Self.problem(reaching: reached, for: link, in: snapshot) {
                        row.append("FAIL: \(TerminalText.escaped(problem))")
                    } else {
                        row.append("ok")
                    }
                } catch {
                    row.append("FAIL: \(TerminalText.escaped("\(error)"))")
                }
                rows.append(row)
            }
            if snapshots.count == 2, snapshots[0] != snapshots[1], rows[rows.count - 1][4] == "ok" {
                rows[rows.count - 1][4] = "FAIL: the approaches leave different trees"
            }
            failures += rows.suffix(2).filter { $0[4] != "ok" }.count
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = (0..<4).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
            var line = (cells + [row[4]]).joined(separator: "  ")
            if context.console.colors, row[4] != "RESULT" {
                line = line.replacingOccurrences(
                    of: "  " + row[4],
                    with: "  " + (row[4] == "ok" ? "\u{1B}[32mok\u{1B}[0m" : "\u{1B}[31m\(row[4])\u{1B}[0m"))
            }
            context.console.out(line + "\n")
        }
        let checks = rows.count - 1
        context.console.out(
            "\n\(checks) checks (\(urls.count) links x \(DeepLinkApproach.allCases.count) approaches): "
                + "\(checks - failures) passed, \(failures) failed\n"
        )
        if failures > 0 { throw .failure("\(failures) of \(checks) link checks failed") }
    }

    /// Why `reached` is not the screen `link` names, or `nil` if it is.
    static func problem(reaching reached: TreeSnapshot.Node, for link: DeepLink, in snapshot: TreeSnapshot) -> String? {
        let tab = snapshot.root.attribute("tab") ?? "?"
        switch link {
        case .tab(let expected):
            let ok =
                tab == expected.rawValue
                && (expected == .settings ? reached.label == "Settings" : reached.attribute("tab") == expected.rawValue)
            return ok ? nil : "expected the \(expected) tab's screen with the tab selected"
        case .recipe(let id):
            return reached.attribute("recipe") == id.rawValue && reached.attribute("ratings") == nil
                ? nil : "expected the detail of \(id)"
        case .ratings(let id):
            return reached.attribute("recipe") == id.rawValue && reached.attribute("ratings") != nil
                ? nil : "expected the ratings of \(id)"
        }
    }
}

import Foundation
import RecipesDomain
import Testing
import XTree

let startTree = """
    0 DefaultHomeCoordinator #n7hzzzav "Home" tab=meat
    ├── 1 DefaultRecipeListCoordinator #3fqtcdcz "Vegetarian" tab=veggie
    │   └── 4 DefaultRecipeListViewModel #nk2t1sat "Vegetarian" recipes=6
    ├── 2 DefaultRecipeListCoordinator #0482gzgw "Meat" tab=meat
    │   └── 5 DefaultRecipeListViewModel #p5b54rb1 "Meat" recipes=6
    └── 3 DefaultSettingsViewModel #wb6ykhmy "Settings" units=imperial
    6 nodes, depth 2, links: 5 child, 0 cycle, 0 shared

    """

@Suite struct GeneralCLITests {
    @Test func noArgumentsPrintsTheStartTree() async throws {
        let result = try await cli()
        #expect(result.stdout == startTree)
        #expect(result.stderr.isEmpty)
        #expect(result.status == 0)
        #expect(try await cli("tree").stdout == startTree)
    }

    @Test(arguments: [[], ["tree"], ["open"], ["find"], ["check"], ["diff"], ["watch"]])
    func helpGoesToStandardOutput(command: [String]) async throws {
        for flag in ["--help", "-h"] {
            let result = try await cli(command + [flag])
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: xtree-cli \(command.first ?? "[<command>]")"))
            #expect(result.stdout.contains("--color auto|always|never"))
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func versionPrintsTheVersion() async throws {
        let result = try await cli("--version")
        #expect(result.stdout == "xtree-cli 0.1.0\n")
        #expect(result.status == 0)
    }

    static let usageErrors: [(arguments: [String], message: String)] = [
        (
            ["frob"],
            "error: unknown command 'frob'; commands: check, crash, diff, doctor, export-test, find, fuzz, links, list, log, "
                + "mcp, open, record, replay, restore, serve, tree, watch"
        ),
        (["tree", "--frob"], "error: unknown option '--frob' for 'tree'"),
        (["tree", "-x"], "error: unknown option '-x' for 'tree'"),
        (["tree", "--depth"], "error: option '--depth' needs a value (N)"),
        (["tree", "--depth", "-1"], "error: option '--depth' takes a whole number of at least 0, got '-1'"),
        (
            ["tree", "--max-nodes", "lots"],
            "error: option '--max-nodes' takes a whole number of at least 1, got 'lots'"
        ),
        (
            ["tree", "--format", "svg"],
            "error: option '--format' takes one of text, json, dot, mermaid, html, got 'svg'"
        ),
        (["tree", "--format", "json", "--depth", "1"], "error: --depth and --max-nodes apply to --format text only"),
        (["tree", "--format", "json", "--format", "dot"], "error: option '--format' is given more than once"),
        (["tree", "extra"], "error: 'tree' takes 0 arguments, got 1"),
        (["open"], "error: 'open' takes at least 1 argument, got 0"),
        (["open", "--trace=yes", "recipes://tab/meat"], "error: option '--trace' takes no value"),
        (
            ["open", "--approach", "guess", "recipes://tab/meat"],
            "error: option '--approach' takes one of search, explicit"
        ),
        (["diff", "a.json"], "error: 'diff' takes BEFORE and AFTER, or BEFORE with --attach or --launch"),
        (
            ["find", "RecipeViewModel", "--where", "recipe"],
            "error: --where takes KEY=VALUE, KEY!=VALUE or KEY~TEXT (contains), KEY being letters, digits, '_', '.' and '-'; got 'recipe'"
        ),
        (
            ["find", "RecipeViewModel", "--where", "favorite==false"],
            "error: --where takes KEY=VALUE, KEY!=VALUE or KEY~TEXT (contains), KEY being letters, digits, '_', '.' and '-'; got 'favorite==false'"
        ),
        (["find", "Re cipe"], "error: 'Re cipe' is not a type name"),
        (["diff", "--catalog", "c.json", "a.json", "b.json"], "error: unknown option '--catalog' for 'diff'"),
        (
            ["tree", "--snapshot", "s.json", "--open", "recipes://tab/meat"],
            "error: --open applies links to an app, and a snapshot takes none"
        ),
        (["open", "--trace", "--approach", "explicit", "recipes://tab/meat"], "error: --trace shows searches"),
        (["open", "--trace", "--format", "json", "recipes://tab/meat"], "error: --trace is text"),
        (["diff", "-", "-"], "error: only one of BEFORE and AFTER can be -"),
        (["tree", "--color", "pink"], "error: option '--color' takes one of auto, always, never, got 'pink'"),
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExit64WithAHint(arguments: [String], message: String) async throws {
        let result = try await cli(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stderr.contains("\nhint: see 'xtree-cli "))
    }

    @Test func colorOnlyWhenAskedOrOnATerminal() async throws {
        #expect(!(try await cli("tree").stdout.contains("\u{1B}[")))
        #expect(try await cli("tree", "--color", "always").stdout.contains("\u{1B}["))
        #expect(try await cli("tree", "--color=always", environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}["))
        #expect(!(try await cli("tree", "--color", "auto", environment: ["NO_COLOR": "1"]).stdout.contains("\u{1B}[")))
        #expect(!(try await cli("tree", "--color", "never").stdout.contains("\u{1B}[")))
    }
}

@Suite struct TreeCommandTests {
    @Test func openedTreeHighlightsThePath() async throws {
        let result = try await cli("tree", "--open", "recipes://ratings?recipeID=roasted-wild-duck", "--depth", "1")
        #expect(
            result.stdout == """
                0 DefaultHomeCoordinator #n7hzzzav "Home" tab=meat ◀
                ├── 1 DefaultRecipeListCoordinator #3fqtcdcz "Vegetarian" tab=veggie
                │   └── … 1 node below depth 1
                ├── 2 DefaultRecipeListCoordinator #0482gzgw "Meat" tab=meat ◀
                │   └── … 3 nodes below depth 1
                └── 3 DefaultSettingsViewModel #wb6ykhmy "Settings" units=imperial
                8 nodes, depth 2, links: 7 child, 0 cycle, 0 shared; 4 nodes not shown (the depth limit of 1)

                """
        )
        #expect(result.status == 0)
    }

    @Test func maxNodesCutsTheTree() async throws {
        let result = try await cli("tree", "--max-nodes", "2")
        #expect(
            result.stdout.hasSuffix(
                "6 nodes, depth 2, links: 5 child, 0 cycle, 0 shared; 4 nodes not shown (the limit of 2 nodes)\n"))
        #expect(result.stdout.split(separator: "\n").count == 3)
    }

    @Test(arguments: ["text", "json", "dot", "mermaid"])
    func everyFormatDescribesTheSameTree(format: String) async throws {
        let result = try await cli("tree", "--format", format, "--open", "recipes://recipes/welsh-rarebit")
        #expect(result.status == 0)
        let json = try await cli("tree", "--format", "json", "--open", "recipes://recipes/welsh-rarebit").stdout
        let snapshot = try TreeSnapshot(json: Data(json.utf8))
        #expect(snapshot.nodes.count == 7)
        switch format {
        case "text": #expect(result.stdout.hasSuffix("7 nodes, depth 2, links: 6 child, 0 cycle, 0 shared\n"))
        case "json": #expect(result.stdout == json)
        case "dot":
            #expect(result.stdout.hasPrefix("digraph XTree {\n"))
            #expect(result.stdout.contains(#"n5 [label="5 DefaultRecipeViewModel #"#))
            #expect(result.stdout.contains(##"n1 -> n5 [color="#dc2626", penwidth=2];"##))
        default:
            #expect(result.stdout.hasPrefix("flowchart TD\n"))
            #expect(result.stdout.contains("  class n0,n1,n5 path\n"))
        }
    }

    @Test func savedStateRestoresTheSameTree() async throws {
        let scratch = try ScratchFolder()
        let state = scratch.path("state.json")
        let links = ["--open", "recipes://recipes/irish-stew/ratings", "--open", "recipes://recipes/welsh-rarebit"]
        let saved = try await cli(["tree", "--format", "json", "--save-state", state] + links)
        #expect(saved.status == 0)
        let restored = try await cli("tree", "--format", "json", "--restore", state)
        #expect(restored.stdout == saved.stdout)
        #expect(restored.status == 0)
    }

    @Test func badStateFilesNameTheFile() async throws {
        let scratch = try ScratchFolder()
        let cases: [(String, String)] = [
            (scratch.path("missing.json"), "error: cannot read state \(scratch.path("missing.json")): no such file"),
            (scratch.url.path, "error: cannot read state \(scratch.url.path): it is a directory, not a file"),
            (
                try scratch.write("bad.json", "{\"tab\": "),
                "not valid JSON at line 1, column 9: the document ends early"
            ),
            (
                try scratch.write(
                    "wrong.json", #"{"tab": "meat", "lists": [{"tab": "veggie", "detail": "irish-stew"}]}"#),
                "cannot restore \(scratch.path("wrong.json")): recipe 'irish-stew' does not belong in the veggie list"
            ),
        ]
        for (path, message) in cases {
            let result = try await cli("tree", "--restore", path)
            #expect(result.status == 1)
            #expect(result.stderr.contains(message), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }
}

@Suite struct OpenCommandTests {
    @Test func traceShowsEverySearchAndThePath() async throws {
        let result = try await cli("open", "recipes://recipes/mushrooms-in-cream", "--trace")
        #expect(
            result.stdout == """
                == recipes://recipes/mushrooms-in-cream (search)
                search for RecipeListCoordinator: matched 1 after visiting 2 (largest frontier 3)
                  0 DefaultHomeCoordinator "Home" - wrong type
                  1   DefaultRecipeListCoordinator "Vegetarian" - matched
                path: 0 DefaultHomeCoordinator > 1 DefaultRecipeListCoordinator
                search for RecipeViewModel: matched 5 after visiting 6 (largest frontier 4)
                  0 DefaultHomeCoordinator "Home" - wrong type
                  1   DefaultRecipeListCoordinator "Vegetarian" - wrong type
                  2   DefaultRecipeListCoordinator "Meat" - wrong type
                  3   DefaultSettingsViewModel "Settings" - wrong type
                  4     DefaultRecipeListViewModel "Vegetarian" - wrong type
                  5     DefaultRecipeViewModel "Mushrooms in Cream" - matched
                path: 0 DefaultHomeCoordinator > 1 DefaultRecipeListCoordinator > 5 DefaultRecipeViewModel
                reached: 0 DefaultHomeCoordinator > 1 DefaultRecipeListCoordinator > 5 DefaultRecipeViewModel

                0 DefaultHomeCoordinator #n7hzzzav "Home" tab=veggie ◀
                ├── 1 DefaultRecipeListCoordinator #3fqtcdcz "Vegetarian" tab=veggie ◀
                │   ├── 4 DefaultRecipeListViewModel #nk2t1sat "Vegetarian" recipes=6
                │   └── 5 DefaultRecipeViewModel #xb7f4bm4 "Mushrooms in Cream" recipe=mushrooms-in-cream ◀
                ├── 2 DefaultRecipeListCoordinator #0482gzgw "Meat" tab=meat
                │   └── 6 DefaultRecipeListViewModel #p5b54rb1 "Meat" recipes=6
                └── 3 DefaultSettingsViewModel #wb6ykhmy "Settings" units=imperial
                7 nodes, depth 2, links: 6 child, 0 cycle, 0 shared

                """
        )
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func approachesGiveTheSameTree() async throws {
        let links = [
            "recipes://recipes/lemon-cheesecakes/ratings", "recipes://tab/settings", "recipes://recipes/irish-stew",
        ]
        let search = try await cli(["open", "--format", "json"] + links)
        let explicit = try await cli(["open", "--format", "json", "--approach", "explicit"] + links)
        #expect(search.status == 0)
        #expect(search.stdout == explicit.stdout)
        #expect(try TreeSnapshot(json: Data(search.stdout.utf8)).root.attribute("tab") == "meat")
    }

    static let failingLinks: [(link: String, message: String)] = [
        (
            "recipes://recipes/duk/ratings",
            "error: unknown recipe 'duk' in recipes://recipes/duk/ratings; close matches: roasted-wild-duck"
                + " (1 later link not applied)\n"
        ),
        (
            "recipes://tab/dessert",
            "error: unknown tab 'dessert' in recipes://tab/dessert; tabs: meat, veggie, settings\n"
        ),
        (
            "http://example.com",
            "error: wrong scheme 'http' in http://example.com; the scheme is recipes; accepted links: "
        ),
    ]

    @Test(arguments: failingLinks)
    func failingLinkLeavesTheTreeAndExits1(link: String, message: String) async throws {
        let before = try await cli("open", "recipes://recipes/welsh-rarebit")
        let result = try await cli("open", "recipes://recipes/welsh-rarebit", link, "recipes://tab/settings")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        if link.hasPrefix("recipes://recipes") {
            #expect(result.stdout == before.stdout)
        } else {
            #expect(result.stdout.isEmpty)
        }
    }
}

@Suite struct FindCommandTests {
    @Test func findsByProtocolAndAttributes() async throws {
        let result = try await cli(
            "find", "RecipeViewModel", "--where", "recipe=irish-stew", "--open", "recipes://recipes/welsh-rarebit",
            "--open", "recipes://recipes/irish-stew"
        )
        #expect(
            result.stdout == """
                7 DefaultRecipeViewModel #swddsq8v "Irish Stew" recipe=irish-stew
                  path: 0 DefaultHomeCoordinator > 2 DefaultRecipeListCoordinator > 7 DefaultRecipeViewModel

                """
        )
        #expect(result.status == 0)
    }

    @Test func findsAllByClassName() async throws {
        let result = try await cli("find", "DefaultRecipeListViewModel", "--all")
        #expect(result.stdout.components(separatedBy: "\n  path: ").count == 3)
        #expect(result.stdout.hasPrefix(#"4 DefaultRecipeListViewModel #nk2t1sat "Vegetarian" recipes=6"#))
        let byLabel = try await cli("find", "RecipeListCoordinator", "--where", "label=Meat")
        #expect(byLabel.stdout.hasPrefix(#"2 DefaultRecipeListCoordinator #0482gzgw "Meat""#))
    }

    @Test func noMatchShowsWhatWasVisited() async throws {
        let result = try await cli("find", "RatingViewModel")
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("search for RatingViewModel: no match among 6 visited (largest frontier 3)\n"))
        #expect(result.stderr == "error: nothing matched RatingViewModel among 6 visited nodes\n")
    }
}

@Suite struct CheckCommandTests {
    @Test func everyLinkOfTheDefaultCatalogIsReachable() async throws {
        let result = try await cli("check")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(3) == ["children audit: every held object is listed", "", lines[2]])
        #expect(lines[2].hasPrefix("RESULT  LINK "))
        #expect(lines.count == 3 + 110 + 3)
        #expect(lines[3..<113].allSatisfy { $0.hasPrefix("ok      recipes://") })
        #expect(lines.suffix(3) == ["", "110 checks (55 links x 2 appliers): 110 passed, 0 failed", ""])
        let row = lines.first {
            $0.contains(" recipes://ratings?recipeID=orange-marmalade ") && $0.contains(" explicit ")
        }
        #expect(
            row?.split(separator: " ", omittingEmptySubsequences: true)
                == [
                    "ok", "recipes://ratings?recipeID=orange-marmalade", "explicit", "6", "DefaultRatingViewModel",
                    "#kwexcbya", "\"Orange", "Marmalade\"",
                ]
        )
    }

    @Test func reportsAreJSONAndJUnitOnRequest() async throws {
        let json = try await cli("check", "--format", "json")
        #expect(json.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["passed"] as? Bool == true)
        #expect((object?["results"] as? [Any])?.count == 110)
        #expect(object?["appliers"] as? [String] == ["search", "explicit"])

        let junit = try await cli("check", "--format", "junit")
        #expect(junit.status == 0)
        #expect(
            junit.stdout.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"Recipes\" tests=\"111\" failures=\"0\"")
        )
        #expect(junit.stdout.components(separatedBy: "<testcase ").count == 112)

        let wrong = try await cli("check", "--format", "dot")
        #expect(wrong.status == 64)
        #expect(wrong.stderr.hasPrefix("error: option '--format' takes one of text, json, junit, got 'dot'\n"))
    }

    @Test func checkUsesTheGivenCatalog() async throws {
        let scratch = try ScratchFolder()
        let recipes = Array(RecipeCatalog.default.recipes.prefix(2)) + [RecipeCatalog.default.recipes[6]]
        struct File: Encodable { var recipes: [Recipe] }
        let path = scratch.path("small.json")
        try JSONEncoder().encode(File(recipes: recipes)).write(to: URL(fileURLWithPath: path))
        let result = try await cli("check", "--catalog", path)
        #expect(result.status == 0)
        #expect(result.stdout.hasSuffix("38 checks (19 links x 2 appliers): 38 passed, 0 failed\n"))
        #expect(try await cli("tree", "--catalog", path).stdout.contains(#""Vegetarian" recipes=2"#))
    }

    @Test func brokenCatalogFailsNamingTheFile() async throws {
        let scratch = try ScratchFolder()
        let broken = try scratch.write("broken.json", #"{"recipes": [{"id": "a", "title": "", "ingredients": [], "#)
        let result = try await cli("check", "--catalog", broken)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "error: cannot load \(broken): catalog is not valid JSON at line 1, column 58: the document ends early"
                + " (in recipes[0].ingredients)\n")
        let invalid = try scratch.write(
            "invalid.json",
            #"{"recipes": [{"id": "a", "title": "A", "ingredients": [], "steps": [], "isVegetarian": true, "ratings": [{"author": "x", "value": 0, "comment": ""}]}]}"#
        )
        #expect(
            try await cli("check", "--catalog", invalid).stderr
                == "error: cannot load \(invalid): catalog recipe 1 ('a'): ratings[0].value is 0; ratings are whole numbers from 1 to 5\n"
        )
        #expect(
            try await cli("check", "--catalog", scratch.path("none.json")).stderr.hasPrefix(
                "error: cannot read catalog \(scratch.path("none.json")): "))
    }
}

@Suite struct DiffCommandTests {
    @Test func diffShowsWhatALinkChanged() async throws {
        let scratch = try ScratchFolder()
        let before = try scratch.write("before.json", try await cli("tree", "--format", "json").stdout)
        let after = try scratch.write(
            "after.json",
            try await cli("tree", "--format", "json", "--open", "recipes://recipes/irish-stew/ratings").stdout
        )
        let result = try await cli("diff", before, after)
        #expect(
            result.stdout == """
                + 6 DefaultRecipeViewModel #swddsq8v "Irish Stew" recipe=irish-stew
                + 7 DefaultRatingViewModel #00gbv5j0 "Irish Stew" recipe=irish-stew ratings=2 mean=4.0
                2 added, 0 removed, 0 changed, 6 unchanged

                """
        )
        // As diff(1): 1 when the trees differ, 0 when they are the same.
        #expect(result.status == 1 && result.stderr == "error: the trees differ\n")
        #expect(try await cli("diff", before, before).status == 0)
    }

    @Test func badSnapshotsNameTheFileAndTheProblem() async throws {
        let scratch = try ScratchFolder()
        let good = try scratch.write("good.json", try await cli("tree", "--format", "json").stdout)
        let truncated = try scratch.write(
            "truncated.json", String(try await cli("tree", "--format", "json").stdout.prefix(100)))
        let inconsistent = try scratch.write(
            "inconsistent.json",
            try await cli("tree", "--format", "json").stdout.replacingOccurrences(
                of: #""order":3"#, with: #""order":4"#)
        )
        let cases: [(String, String)] = [
            (
                truncated,
                "error: invalid snapshot \(truncated): not valid JSON at line 2, column 90: unterminated string (in nodes[0].label)\n"
            ),
            (inconsistent, "error: invalid snapshot \(inconsistent): node 3: order is 4 but the node is at index 3\n"),
            (scratch.path("none.json"), "error: cannot read snapshot \(scratch.path("none.json")): no such file\n"),
            (scratch.url.path, "error: cannot read snapshot \(scratch.url.path): it is a directory, not a file\n"),
        ]
        for (path, message) in cases {
            let result = try await cli("diff", good, path)
            #expect(result.status == 1)
            #expect(result.stderr == message)
            #expect(result.stdout.isEmpty)
        }
    }
}

@Suite struct WatchCommandTests {
    @Test func watchReportsWhatEachLineChanged() async throws {
        let script = """
            recipes://recipes/welsh-rarebit/ratings
            back
            recipes://nowhere
            back
            back
            find RecipeListCoordinator --where tab=meat
            quit
            tree

            """
        let result = try await cli(["watch"], input: Data(script.utf8))
        #expect(
            result.stdout == """
                opened recipes://recipes/welsh-rarebit/ratings: 0 DefaultHomeCoordinator > 1 DefaultRecipeListCoordinator > 6 DefaultRatingViewModel
                changed: 4 notifications from 2 objects
                + 5 DefaultRecipeViewModel #z29zbgn5 "Welsh Rarebit" recipe=welsh-rarebit
                + 6 DefaultRatingViewModel #cvbjen87 "Welsh Rarebit" recipe=welsh-rarebit ratings=2 mean=4.5
                ~ 0 DefaultHomeCoordinator #n7hzzzav "Home": tab "meat" -> "veggie"
                2 added, 0 removed, 1 changed, 5 unchanged
                changed: 1 notification from 1 object
                - 6 DefaultRatingViewModel #cvbjen87 "Welsh Rarebit" recipe=welsh-rarebit ratings=2 mean=4.5
                0 added, 1 removed, 0 changed, 7 unchanged
                changed: 2 notifications from 1 object
                - 5 DefaultRecipeViewModel #z29zbgn5 "Welsh Rarebit" recipe=welsh-rarebit
                0 added, 1 removed, 0 changed, 6 unchanged
                nothing to close on the veggie tab
                2 DefaultRecipeListCoordinator #0482gzgw "Meat" tab=meat
                  path: 0 DefaultHomeCoordinator > 2 DefaultRecipeListCoordinator

                """
        )
        #expect(result.stderr.hasPrefix("error: unknown path in recipes://nowhere; accepted links: "))
        #expect(result.status == 0)
    }

    @Test func watchShowsTheRatingFlowStartAndEndWithItsSheet() async throws {
        let script = "recipes://recipes/irish-stew/rate\nback\nquit\n"
        let result = try await cli(["watch"], input: Data(script.utf8))
        #expect(
            result.stdout.hasSuffix(
                """
                + 8 FlowNavigator #g90y6we0 "rating" state=running screens=1
                + 9 RatingStarsScreen #gw15f210 "Irish Stew" step=stars recipe=irish-stew
                4 added, 0 removed, 0 changed, 6 unchanged
                changed: 6 notifications from 3 objects
                - 7 DefaultRatingViewModel #00gbv5j0 "Irish Stew" recipe=irish-stew ratings=2 mean=4.0
                - 8 FlowNavigator #g90y6we0 "rating" state=running screens=1
                - 9 RatingStarsScreen #gw15f210 "Irish Stew" step=stars recipe=irish-stew
                0 added, 3 removed, 0 changed, 7 unchanged

                """))
        #expect(result.status == 0)
    }

    @Test func watchSurvivesHostileInput() async throws {
        var input = Data("recipes://tab/veggie\n".utf8)
        input.append(contentsOf: [0xFF, 0xFE, 0x1B, 0x5B, 0x32, 0x4A, 0x0A])
        input.append(Data(("recipes://recipes/" + String(repeating: "a", count: 1_000_000) + "\n").utf8))
        input.append(Data("\u{7}\u{0}tree\n".utf8))
        let result = try await cli(["watch"], input: input)
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("opened recipes://tab/veggie: "))
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(result.stderr.contains("error: line of 1000018 bytes ignored; lines are at most 65536"))
        #expect(result.stderr.contains("\\u{1b}"))
    }
}

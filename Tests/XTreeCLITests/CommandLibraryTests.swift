import Foundation
import Testing
import XTree
import XTreeConsole
import XTreePlatform

@testable import XTreeArgumentParser
@testable import XTreeCommandLine
@testable import XTreeTargets

/// The CLI run in-process with the shop (ShopDomain) as its example app, through its adapter.
@MainActor
@Suite struct SecondEmbeddedAppTests {
    @Test func theShopIsPrintedOpenedCheckedAndWatchedThroughItsAdapter() async throws {
        let tree = try await cli(["tree", "--launch", "shop", "--products", "mug,tea"])
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout.hasPrefix("0 ShopCoordinator"))
        #expect(tree.stdout.contains("products=2"))

        let opened = try await cli(["open", "--launch", "shop", "shop://product/kettle", "--trace"])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.hasPrefix("== shop://product/kettle (open)\nsearch for ProductDetailScreen"))
        #expect(
            opened.stdout.contains("reached: 0 ShopCoordinator > 1 CatalogCoordinator > 5 ProductDetailViewModel\n"))

        let bad = try await cli(["open", "--launch", "shop", "shop://checkout", "shop://nowhere"])
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("error: unknown path in shop://nowhere (did you mean shop://"))
        #expect(bad.stderr.contains("; accepted links: shop://tab/<catalog|cart|account>, shop://product/<sku>"))
        #expect(bad.stdout.isEmpty)

        let check = try await cli(["check", "--launch", "shop", "--products", "mug", "--format", "json"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("shop://product/mug") && !check.stdout.contains("shop://product/tea"))

        let watched = try await cli(["watch", "--launch", "shop"], input: "shop://checkout\nback\nback\nhelp\n")
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(
            watched.stdout.hasPrefix(
                "opened shop://checkout: 0 ShopCoordinator > 2 CartViewModel > 5 CheckoutViewModel\n"))
        #expect(watched.stdout.contains("- 5 CheckoutViewModel"))
        #expect(watched.stdout.contains("nothing to close\n"))
        #expect(
            watched.stdout.hasSuffix(
                "enter a link (shop://tab/<catalog|cart|account>, shop://product/<sku>, shop://checkout), or: tree, "
                    + "find TYPE [--where KEY=VALUE]... [--all], back (close the checkout, or the top-most product), "
                    + "quit\n"))
    }

    @Test func anAppsOptionsAreOfferedOnlyToCommandsInTheirRole() async throws {
        let shopHelp = try await cli(["tree", "--launch", "shop", "--help"]).stdout
        #expect(shopHelp.contains("--products SKU,SKU"))
        #expect(!shopHelp.contains("--catalog"))
        let list = try await cli(["list", "--catalog", "catalog.json"])
        #expect(list.status == 64)
        #expect(list.stderr.hasPrefix("error: unknown option '--catalog' for 'list'"))
        let unknown = try await cli(["tree", "--launch", "shop", "--products", "toy"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: the shop sells no 'toy'; products: mug, tea, kettle\n"))
        let recipes = try await cli(["check", "--approach", "explicit"])
        #expect(recipes.status == 64)
        #expect(
            recipes.stderr.hasPrefix(
                "error: unknown option '--approach' for 'check'; options: --format, --coverage, --examples, --attach, --launch, "
                    + "--hold-timeout, --catalog"
            ))
    }

    /// `--launch NAME` names an example app as it names any other (before `.xtree.json`'s names),
    /// and `serve NAME` the one it serves; the option that did it before says what to type now.
    @Test func theFirstAppIsTheDefaultAndLaunchNamesAnother() async throws {
        let recipes = try await cli(["tree", "--depth", "0"])
        #expect(recipes.stdout.hasPrefix("0 DefaultHomeCoordinator"))
        let shop = try await cli(["tree", "--launch", "shop", "--depth", "0"])
        #expect(shop.stdout.hasPrefix("0 ShopCoordinator"), "\(shop.stderr)")
        let inline = try await cli(["tree", "--launch=Shop", "--depth", "0"])
        #expect(inline.stdout == shop.stdout)
        #expect(try await cli(["tree", "--launch", "recipes", "--depth", "0"]).stdout == recipes.stdout)
        let gone = try await cli(["--app", "Shop", "fuzz"])
        #expect(gone.status == 64)
        #expect(
            gone.stderr.hasPrefix("error: --app is gone: name the example app as in 'xtree-cli fuzz --launch shop'\n"))
        let unknown = try await cli(["serve", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: no example app is called 'nope'; apps: recipes, shop\n"))
        // With the shop not among the apps, `shop` is a name for .xtree.json, which names none here.
        let recipesOnly = [EmbeddedAppType(EmbeddedRecipes.self)]
        let single = try await cli(["tree", "--launch", "shop"], apps: recipesOnly)
        #expect(single.status == 1 && single.stderr.contains("no .xtree.json"), "\(single.stderr)")
    }

    @Test func aWordNoAppCommandsIsALinkToTheEmbeddedApp() async throws {
        let result = try await cli(["watch", "--launch", "shop"], input: "restore\n")
        #expect(result.stderr.hasPrefix("error: not a shop:// link in restore; accepted links: shop://tab/"))
    }
}

/// The parser, help and usage, read from the declarations.
@MainActor
@Suite struct CommandParsingTests {
    @Test func optionsTakeSeparateAndInlineValuesAndDoubleDashEndsThem() async throws {
        let separate = try await cli(["tree", "--depth", "1"])
        let inline = try await cli(["tree", "--depth=1"])
        #expect(separate.status == 0)
        #expect(separate.stdout == inline.stdout)
        let ended = try await cli(["find", "--", "--all"])
        #expect(ended.status == 64)
        #expect(ended.stderr.hasPrefix("error: '--all' is not a type name"))
    }

    @Test func malformedCommandLinesAreUsageErrorsNamingTheCommand() async throws {
        let cases: [([String], String)] = [
            (["tree", "--depth", "-1"], "error: option '--depth' takes a whole number of at least 0, got '-1'\n"),
            (
                ["tree", "--format", "svg"],
                "error: option '--format' takes one of text, json, dot, mermaid, html, got 'svg'\n"
            ),
            (["tree", "--depth", "1", "--depth", "2"], "error: option '--depth' is given more than once\n"),
            (["open", "--trace=yes", "recipes://tab/meat"], "error: option '--trace' takes no value\n"),
            (["tree", "--depth"], "error: option '--depth' needs a value (N)\n"),
            (["find"], "error: 'find' takes 1 argument, got 0\n"),
            (["open"], "error: 'open' takes at least 1 argument, got 0\n"),
            (["tree", "extra"], "error: 'tree' takes 0 arguments, got 1\n"),
            (["tree", "-x"], "error: unknown option '-x' for 'tree'\n"),
            (["serve", "--loopback", "70000"], "error: option '--loopback' takes a port up to 65535, got 70000\n"),
            (
                ["tree", "--format", "json", "--depth", "1"],
                "error: --depth and --max-nodes apply to --format text only\n"
            ),
            (
                ["tree", "--snapshot", "-", "--attach", "x"],
                "error: --attach and --snapshot name two different trees; give one\n"
            ),
            (
                ["tree", "--snapshot", "-", "--open", "recipes://tab/meat", "--catalog", "c.json"],
                "error: --open applies links to an app, and a snapshot takes none\n"
            ),
            // Every command that takes another app or tree refuses them, before it reads them.
            (
                ["why", "recipes://tab/meat", "--snapshot", "s.json", "--catalog", "c.json"],
                "error: --catalog configures the example app and cannot be used with --snapshot\n"
            ),
            (
                ["check", "--attach", "x", "--catalog", "c.json"],
                "error: --catalog configures the example app and cannot be used with --attach\n"
            ),
            (
                ["links", "--aasa", "a.json", "--domain", "d.example", "--launch", "x", "--catalog", "c.json"],
                "error: --catalog configures the example app and cannot be used with --launch\n"
            ),
            (
                ["open", "--approach", "explicit", "--trace", "recipes://tab/meat"],
                "error: --trace shows searches, and the explicit approach makes none\n"
            ),
        ]
        for (arguments, message) in cases {
            let result = try await cli(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr == message + "hint: see 'xtree-cli \(arguments[0]) --help'\n", "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func everyOptionInACommandsHelpIsInItsUsageAndIsAccepted() async throws {
        for command in CommandLineTool.commands {
            let name = command.configuration.name
            let help = try await cli([name, "--help"])
            #expect(help.status == 0)
            let usage = try #require(
                help.stdout.components(separatedBy: "USAGE: ").last?.components(separatedBy: "\n\n").first)
            #expect(usage.hasPrefix("xtree-cli \(name)"))
            let listed =
                help.stdout.components(separatedBy: "OPTIONS:\n").last?.split(separator: "\n")
                .compactMap {
                    $0.hasPrefix("  --") ? $0.dropFirst(4).split(separator: " ").first.map(String.init) : nil
                } ?? []
            #expect(listed.contains("color") && listed.contains("help"))
            for option in listed where !["color", "help"].contains(option) {
                // Optional in brackets, or among choices; a required one stands alone.
                #expect(
                    usage.contains("[--\(option)") || usage.contains("| --\(option)")
                        || usage.replacingOccurrences(of: "\n", with: " ").contains(" --\(option) "),
                    "\(name): --\(option) is not in the usage")
                // Accepted: whatever goes wrong after, it is not an unknown option.
                let given = try await cli([name, "--\(option)=x", "--help"])
                #expect(given.status == 0 || !given.stderr.contains("unknown option"), "\(name) --\(option)")
            }
        }
    }

    @Test func aPathThatIsNotUTF8NamesThatFile() async throws {
        let folder = try ScratchFolder()
        var name = Array(folder.path("caf").utf8)
        name += [0xE9] + Array(".json".utf8)
        let snapshot = try await cli(["tree", "--format", "json"]).stdout
        if namesMustBeUTF8 {
            #expect(throws: SystemError(.illegalByteSequence)) {
                try RawPath(bytes: name).withCString { path throws(SystemError) in
                    try Files.open(path, [.writeOnly, .create], mode: 0o644)
                }
            }
            return
        }
        let descriptor = try RawPath(bytes: name).withCString { path throws(SystemError) in
            try Files.open(path, [.writeOnly, .create], mode: 0o644)
        }
        try Array(snapshot.utf8).withUnsafeBytes { try Files.writeAll($0, to: descriptor) }
        Files.close(descriptor)
        let console = Console.capturing(input: Terminal.standardInput)
        let status = await CommandLineTool.run(
            [
                RawArgument("tree"), RawArgument("--snapshot"), RawArgument(bytes: name), RawArgument("--depth"),
                RawArgument("0"),
            ],
            console: console, environment: [:], executable: nil)
        console.flush()
        #expect(status == .success)
        let output = String(decoding: console.captured?.output ?? [], as: UTF8.self)
        #expect(output.hasPrefix("0 DefaultHomeCoordinator"))
        let missing = await CommandLineTool.run(
            [RawArgument("diff"), RawArgument(bytes: name + [0xFF]), RawArgument(bytes: name)],
            console: console, environment: [:], executable: nil)
        #expect(missing == .failure)
        let errors = String(decoding: console.captured?.errors ?? [], as: UTF8.self)
        #expect(errors.contains("caf\\x{e9}.json\\x{ff}: no such file"))
    }

    @Test func watchRefusesFindOptionsThatPickAnotherTree() async throws {
        let result = try await cli(
            ["watch"], input: "find RecipeViewModel --snapshot x\nfind X --open recipes://tab/meat\n")
        #expect(
            result.stderr == """
                error: in watch, find searches the watched tree; --snapshot does not apply
                error: in watch, find searches the watched tree; --open does not apply

                """)
    }
}

/// `find` says why it found nothing: the nearest nodes, or the names it could have meant.
@MainActor
@Suite struct FindExplanationTests {
    @Test func aMisspelledNameGetsTheClosestKnownNames() async throws {
        let result = try await cli("find", "RecipeViewModl")
        #expect(result.status == 1)
        #expect(result.stdout.contains("\ndid you mean RecipeViewModel?\n"))
        #expect(result.stderr == "error: nothing matched RecipeViewModl among 6 visited nodes\n")
    }

    @Test func aConditionThatFailsNamesTheNearestNodes() async throws {
        let result = try await cli("find", "RecipeListCoordinator", "--where", "tab=vegan")
        // The answer first, then what was visited.
        #expect(
            result.stdout.contains(
                """
                nearest: 1 DefaultRecipeListCoordinator tab=veggie (wanted tab=vegan)
                nearest: 2 DefaultRecipeListCoordinator tab=meat (wanted tab=vegan)
                visited:

                """))
    }

    /// A slip of a known name gets the name, not a hint to register a protocol of the slip.
    @Test func aNameCloseToAKnownOneGetsNoProtocolHint() async throws {
        let result = try await cli("find", "RecipeViewModl")
        #expect(!result.stdout.contains("SearchableProtocols.register"), "\(result.stdout)")
        let known = try await cli("find", "RecipeViewModel")
        #expect(
            known.stdout.contains(
                "\nRecipeViewModel is a name the app knows, but no node in the tree answers to RecipeViewModel now\n"),
            "\(known.stdout)")
        #expect(!known.stdout.contains("did you mean"), "\(known.stdout)")
    }

    @Test func aMisspelledAttributeKeyGetsTheKeysItCouldMean() async throws {
        let result = try await cli(
            "find", "RecipeViewModel", "--open", "recipes://recipes/irish-stew", "--where", "recipee=irish-stew")
        #expect(result.status == 1)
        #expect(
            result.stdout.contains("\nno DefaultRecipeViewModel has recipee; did you mean recipe?\n"),
            "\(result.stdout)")
        let unknown = try await cli(
            "find", "RecipeViewModel", "--open", "recipes://recipes/irish-stew", "--where", "q=1")
        #expect(unknown.stdout.contains("\nno DefaultRecipeViewModel has q; its attributes are recipe\n"))
    }

    /// At real size the answer comes first and the visited nodes are cut to 20 unless asked.
    @Test func theVisitedNodesAreCutUnlessTraced() async throws {
        let children = (1...30).map { index in
            #"{"attributes":[],"depth":1,"id":"c\#(index)","label":"","links":[],"order":\#(index),"parent":0,"type":"Leaf"}"#
        }
        let links = (1...30).map { #"{"kind":"child","node":\#($0)}"# }.joined(separator: ",")
        let root = #"{"attributes":[],"depth":0,"id":"r","label":"","links":[\#(links)],"order":0,"type":"Root"}"#
        let snapshot = #"{"nodes":["# + ([root] + children).joined(separator: ",") + #"],"version":2}"#
        let cut = try await cli(["find", "Lef", "--snapshot", "-"], input: snapshot)
        let lines = cut.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "search for Lef: no match among 31 visited (largest frontier 30)")
        #expect(
            lines.dropFirst().first
                == "no node answers to Lef: no type in the tree has that name, and no node records conforming to a protocol of that name"
        )
        #expect(lines.contains("did you mean Leaf?"))
        #expect(lines.filter { $0.hasSuffix(" - wrong type") }.count == 20)
        #expect(lines.last == "  … 11 more visited nodes (--trace prints them all)")
        let traced = try await cli(["find", "Lef", "--trace", "--snapshot", "-"], input: snapshot)
        #expect(traced.stdout.split(separator: "\n").filter { $0.hasSuffix(" - wrong type") }.count == 31)
        #expect(!traced.stdout.contains("more visited"))
    }

    @Test func anUnregisteredProtocolInASnapshotSaysHowToRegisterIt() async throws {
        let snapshot = try await cli("tree", "--format", "json").stdout
        let result = try await cli(["find", "CartScreen", "--snapshot", "-"], input: snapshot)
        #expect(
            result.stdout.contains(
                "no node answers to CartScreen: no type in the tree has that name, and no node records "
                    + "conforming to a protocol of that name\n"))
        #expect(result.stdout.contains("SearchableProtocols.register((any CartScreen).self)\n"))
    }
}

@MainActor
@Suite struct ForeignLinkTests {
    @Test func aLinkOfAnotherSchemeHintsAtAttaching() async throws {
        let result = try await cli("open", "shop://cart")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: wrong scheme 'shop' in shop://cart; the scheme is recipes;"))
        #expect(
            result.stderr.hasSuffix(
                "; to apply a shop: link, attach to the app that takes it: --attach NAME (see 'xtree-cli list')\n"))
    }
}

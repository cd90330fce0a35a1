import Foundation
import Testing
import XTree

@testable import XTreeCommandLine

/// The shop as an embedded app: what a second app's adapter looks like.
@MainActor
final class ShopApp: EmbeddedApp {
    struct Options: ParsableArguments {
        @Option(name: "skus", value: "A,B", help: "The products the shop shows at launch.", role: .starting)
        var skus: String?
    }

    static let name = "Shop"
    static let title = "the shop"
    static let linkForms = ["shop://cart", "shop://product/<sku>"]
    static let testRecipe = TestRecipe(
        module: "Shop", makeApp: "ShopCoordinator()", applyLink: "{ shop, link in shop.open(ShopLink(link)!) }")
    static let watchCommands = [
        WatchAction<ShopCoordinator>(name: "restock", help: "add one to the cart") { shop in
            shop.cart.items += 1
            return "cart has \(shop.cart.items)\n"
        }
    ]

    let skus: [String]

    init(options: Options, context: Context) {
        skus = options.skus.map { $0.split(separator: ",").map(String.init) } ?? ["a1"]
    }

    func makeRoot() -> ShopCoordinator {
        let shop = ShopCoordinator()
        shop.products = skus.map(DefaultProductScreen.init(sku:))
        return shop
    }

    func linkApplier(for root: ShopCoordinator) -> LinkApplier {
        { text in
            guard let link = ShopLink(text) else { throw ShopLinkError(text: text) }
            return AppliedLink(link: link.description, reached: root.open(link))
        }
    }

    func check(link: String) throws(CLIError) {
        if ShopLink(link) == nil { throw .failure(ShopLinkError(text: link).description) }
    }

    let applierName = "open"

    func reachabilityCheck() -> ReachabilityCheck<ShopCoordinator, String> {
        var check = ReachabilityCheck<ShopCoordinator, String>(
            "Shop", makeApp: makeRoot, apply: { shop, text in shop.open(ShopLink(text) ?? .cart) })
        check.expect("shop://cart", reaches: .receiver(CartViewModel.self))
        for sku in skus {
            check.expect("shop://product/\(sku)", reaches: .receiver((any ProductScreen).self) { $0.sku == sku })
        }
        return check
    }
}

struct ShopLinkError: Error, CustomStringConvertible {
    let text: String
    var description: String { "not a shop link: \(text)" }
}

extension ShopLink {
    init?(_ text: String) {
        if text == "shop://cart" {
            self = .cart
        } else if text.hasPrefix("shop://product/"), text.count > "shop://product/".count {
            self = .product(String(text.dropFirst("shop://product/".count)))
        } else {
            return nil
        }
    }
}

/// The CLI run in-process with the shop as its only embedded app, or beside the recipes app.
@MainActor
@Suite struct SecondEmbeddedAppTests {
    let shopOnly = [EmbeddedAppType(ShopApp.self)]
    let both = EmbeddedApps.all + [EmbeddedAppType(ShopApp.self)]

    @Test func theShopIsPrintedOpenedCheckedAndWatchedThroughItsAdapter() async throws {
        let tree = try await cli(["tree", "--skus", "a1,b2"], apps: shopOnly)
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout.hasPrefix("0 ShopCoordinator"))
        #expect(tree.stdout.contains("DefaultProductScreen") && tree.stdout.contains("sku=b2"))

        let opened = try await cli(["open", "shop://product/c3", "--trace"], apps: shopOnly)
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.hasPrefix("== shop://product/c3 (open)\nsearch for ProductScreen"))
        #expect(opened.stdout.contains("reached: 0 ShopCoordinator > 3 DefaultProductScreen\n"))

        let bad = try await cli(["open", "shop://cart", "shop://nowhere"], apps: shopOnly)
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: not a shop link: shop://nowhere\n")
        #expect(bad.stdout.isEmpty)

        let check = try await cli(["check", "--skus", "a1,b2", "--format", "json"], apps: shopOnly)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains(#""passed" : true"#) || check.stdout.contains(#""passed":true"#))

        let watched = try await cli(["watch"], input: "restock\nhelp\nshop://cart\n", apps: shopOnly)
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(watched.stdout.hasPrefix("cart has 1\nchanged: 1 notification from 1 object\n"))
        #expect(
            watched.stdout.contains(
                "enter a link (shop://cart, shop://product/<sku>), or: tree, find TYPE [--where KEY=VALUE]... [--all], "
                    + "restock (add one to the cart), quit\n"))
        #expect(watched.stdout.hasSuffix("opened shop://cart: 0 ShopCoordinator > 1 CartViewModel\n"))
    }

    @Test func anAppsOptionsAreOfferedOnlyToCommandsInTheirRole() async throws {
        #expect(try await cli(["tree", "--help"], apps: shopOnly).stdout.contains("--skus A,B"))
        #expect(!(try await cli(["tree", "--help"], apps: shopOnly).stdout.contains("--catalog")))
        let list = try await cli(["list", "--skus", "a1"], apps: shopOnly)
        #expect(list.status == 64)
        #expect(list.stderr.hasPrefix("error: unknown option '--skus' for 'list'"))
        let recipes = try await cli(["check", "--approach", "explicit"])
        #expect(recipes.status == 64)
        #expect(
            recipes.stderr.hasPrefix("error: unknown option '--approach' for 'check'; options: --format, --catalog"))
    }

    @Test func withTwoAppsTheFirstIsTheDefaultAndAppPicksAnother() async throws {
        let recipes = try await cli(["tree", "--depth", "0"], apps: both)
        #expect(recipes.stdout.hasPrefix("0 DefaultHomeCoordinator"))
        let shop = try await cli(["tree", "--app", "shop", "--depth", "0"], apps: both)
        #expect(shop.stdout.hasPrefix("0 ShopCoordinator"), "\(shop.stderr)")
        let inline = try await cli(["--app=Shop", "tree", "--depth", "0"], apps: both)
        #expect(inline.stdout == shop.stdout)
        let unknown = try await cli(["tree", "--app", "Nope"], apps: both)
        #expect(unknown.status == 64)
        #expect(unknown.stderr.hasPrefix("error: no embedded app is called 'Nope'; apps: Recipes, Shop\n"))
        #expect(try await cli(["--help"], apps: both).stdout.contains("--app Recipes|Shop"))
        #expect(!(try await cli(["--help"]).stdout.contains("--app")))
        let single = try await cli(["tree", "--app", "Recipes"])
        #expect(single.status == 64)
    }

    @Test func attachedOnlyLinesOfAnotherAppAreNamedAsTheEmbeddedAppsOwn() async throws {
        // `back` is the recipes app's; with the shop embedded it is a link like any other.
        let result = try await cli(["watch"], input: "back\n", apps: shopOnly)
        #expect(result.stderr == "error: not a shop link: back\n")
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
                "error: option '--format' takes one of text, json, dot, mermaid, got 'svg'\n"
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
                "error: --open, --catalog configure the embedded app and cannot be used with --snapshot\n"
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
                #expect(
                    usage.contains("[--\(option)") || usage.contains("| --\(option)"),
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
        let descriptor = (name + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        try #require(descriptor >= 0)
        _ = snapshot.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
        let console = Console.capturing(input: STDIN_FILENO)
        let status = await CommandLineTool.run(
            [
                RawArgument("tree"), RawArgument("--snapshot"), RawArgument(bytes: name), RawArgument("--depth"),
                RawArgument("0"),
            ],
            console: console, environment: [:])
        console.flush()
        #expect(status == .success)
        let output = String(decoding: console.captured?.output ?? [], as: UTF8.self)
        #expect(output.hasPrefix("0 DefaultHomeCoordinator"))
        let missing = await CommandLineTool.run(
            [RawArgument("diff"), RawArgument(bytes: name + [0xFF]), RawArgument(bytes: name)],
            console: console, environment: [:])
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
        #expect(
            result.stdout.hasSuffix(
                """
                nearest: 1 DefaultRecipeListCoordinator tab=veggie (wanted tab=vegan)
                nearest: 2 DefaultRecipeListCoordinator tab=meat (wanted tab=vegan)

                """))
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

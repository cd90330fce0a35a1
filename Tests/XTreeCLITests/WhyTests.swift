import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeInspector
import XTreeReachability
import XTreeRoutes

/// `why LINK`: where a link would end, from the app's route table and a search of the tree,
/// with no handler run.
@Suite struct WhyTests {
    @Test func aLinkWhoseReceiverIsInTheTreeIsAnsweredWithItsPath() async throws {
        let result = try await cli(["why", "--launch", "shop", "shop://tab/cart"])
        #expect(result.status == 0)
        #expect(
            result.stdout
                == "shop://tab/cart is of the form shop://tab/<catalog|cart|account>: it ends on a CartScreen; "
                + "nothing was applied\n2 CartViewModel #vqn9cb25 \"Cart\" items=0 total=0\n"
                + "  path: 0 ShopCoordinator > 2 CartViewModel\n")
    }

    /// Asked of a running app: it answers from its own table, names what came near, and
    /// applies nothing (its journal stays empty and its tree the same).
    @Test func aRunningAppSaysWhyWithoutApplyingTheLink() async throws {
        let served = try await ServedApp(name: "Shop", app: "Shop")
        let before = try await served.cli("tree", "--attach", served.name)
        let why = try await served.cli("why", "--attach", served.name, "shop://product/tea")
        #expect(why.status == 1)
        #expect(
            why.stdout.hasPrefix(
                "shop://product/tea is of the form shop://product/<sku>: it ends on a ProductDetailScreen with sku=tea")
        )
        #expect(why.stdout.contains("1   CatalogCoordinator \"Catalog\" - wrong type"), "\(why.stdout)")
        #expect(why.stderr == "error: nothing matched ProductDetailScreen where sku=tea among 5 visited nodes\n")
        let after = try await served.cli("tree", "--attach", served.name)
        #expect(after.stdout == before.stdout)
        let log = try await served.cli("log", "--attach", served.name)
        #expect(!log.stdout.contains("link "), "\(log.stdout)")
        // Open it, and the same question finds the detail.
        _ = try await served.cli("open", "--attach", served.name, "shop://product/tea")
        let found = try await served.cli("why", "--attach", served.name, "shop://product/tea")
        #expect(found.status == 0)
        #expect(found.stdout.contains("ProductDetailViewModel #mgezhtm2 \"Breakfast Tea\" sku=tea"))
        // A link of no form: what its last application did, from the journal.
        _ = try await served.cli("open", "--attach", served.name, "shop://prodct/tea")
        let past = try await served.cli("why", "--attach", served.name, "shop://prodct/tea")
        #expect(past.status == 1)
        #expect(
            past.stdout.hasPrefix("shop://prodct/tea was last applied in event 2:\n  failed: unknown path"),
            "\(past.stdout)")
        #expect(past.stderr.hasPrefix("error: the app refused: unknown path in shop://prodct/tea"), "\(past.stderr)")
        let never = try await served.cli("why", "--attach", served.name, "shop://never/applied")
        #expect(never.stdout.isEmpty)
    }

    /// The recipes app reads links with its table too: a recipe's ratings, not on screen at
    /// launch, are not found and nothing was applied.
    @Test func theRecipesAppAnswersFromItsTable() async throws {
        let result = try await cli(["why", "recipes://recipes/orange-marmalade/ratings"])
        #expect(result.status == 1)
        #expect(
            result.stdout.hasPrefix(
                "recipes://recipes/orange-marmalade/ratings is of the form recipes://recipes/<slug>/ratings: it ends on "
                    + "a DefaultRatingViewModel with recipe=orange-marmalade; nothing was applied\n"))
        #expect(
            result.stderr
                == "error: nothing matched DefaultRatingViewModel where recipe=orange-marmalade among 6 visited nodes\n"
        )
        // The receiver is the table's, never a slip: no name is suggested for it.
        #expect(
            result.stdout.contains("DefaultRatingViewModel is a name the app knows, but no node in the tree answers"))
        #expect(!result.stdout.contains("did you mean"))
        // Two tabs' lists are of one type: the tab's value picks the list, but not the settings.
        let meat = try await cli(["why", "recipes://tab/meat"])
        #expect(meat.stdout.contains("it ends on a DefaultRecipeListCoordinator with tab=meat;"))
        #expect(meat.stdout.contains("2 DefaultRecipeListCoordinator #0482gzgw \"Meat\" tab=meat\n"))
        let settings = try await cli(["why", "recipes://tab/settings"])
        #expect(
            settings.stdout.contains("it ends on a SettingsViewModel; nothing was applied\n3 DefaultSettingsViewModel"))
    }

    /// An app that names no type to its inspector has no table to read a link with.
    @MainActor
    @Test func anAppWithoutARouteTableSaysSo() async throws {
        let folder = try ScratchFolder()
        let directory = folder.path("xtree")
        let root = RecipesApp.makeRoot()
        let inspector = try Inspector(name: "Bare", root: root, directory: directory)
        defer { inspector.stop() }
        await #expect(throws: DeepLinkError.self) {
            try await inspector.journaling(link: "recipes://recipes/nope") {
                try await root.open(DeepLink(string: "recipes://recipes/nope")).reached
            }
        }
        let attached = try await cliProcess(
            "why", "--attach", "Bare", "recipes://tab/meat", environment: ["XTREE_INSPECTOR_DIR": directory])
        #expect(attached.status == 1)
        #expect(attached.stderr.contains("this app declares no route table (RoutedApp)"), "\(attached.stderr)")
        let past = try await cliProcess(
            "why", "--attach", "Bare", "recipes://recipes/nope", environment: ["XTREE_INSPECTOR_DIR": directory])
        #expect(
            past.stdout.hasPrefix(
                "recipes://recipes/nope was last applied in event 1:\n  failed: unknown recipe 'nope' in recipes://recipes/nope"
            ),
            "\(past.stdout)")
        let bad = try await cli(["why", "--launch", "shop", "shop://prodct/tea"])
        #expect(
            bad.stderr.hasPrefix("error: unknown path in shop://prodct/tea (did you mean shop://product/<sku>?)"))
    }

    /// Where two forms fit one link, the first declared wins: a literal form declared before a
    /// form with a value takes the link it spells, and the value form the rest.
    @Test func theFirstDeclaredFormThatFitsALinkWins() throws {
        enum Link: Hashable, Sendable {
            case new
            case item(String)
        }
        let table = RouteTable(
            scheme: "app",
            [
                RouteForm("item/new", Link.new, reaches: Int.self),
                RouteForm(
                    "item/{id}", Link.item, { if case .item(let id) = $0 { id } else { nil } }, reaches: String.self,
                    samples: ["a"]),
            ])
        #expect(try table.parse("app://item/new") == .new)
        #expect(try table.parse("app://item/a") == .item("a"))
        #expect(try table.match("app://item/new").route.receiver(for: "") == "Int")
        // Declared the other way round, the value form takes both.
        let reversed = RouteTable(
            scheme: "app",
            [
                RouteForm(
                    "item/{id}", Link.item, { if case .item(let id) = $0 { id } else { nil } }, reaches: String.self,
                    samples: ["a"]),
                RouteForm("item/new", Link.new, reaches: Int.self),
            ])
        #expect(try reversed.parse("app://item/new") == .item("new"))
    }

    /// A form added to a table is in the examples, the coverage's forms and the written
    /// association file, with no other edit.
    @MainActor
    @Test func aFormAddedToTheTableIsEverywhereAtOnce() async throws {
        enum Link: Hashable, Sendable {
            case home
            case item(String)
            case notes(String)
        }
        let two: [RouteForm<Link>] = [
            RouteForm("home", Link.home, reaches: Int.self),
            RouteForm(
                "item/{id}", Link.item, { if case .item(let id) = $0 { id } else { nil } }, reaches: Int.self,
                samples: ["a"]),
        ]
        let notes = RouteForm<Link>(
            "item/{id}/notes", Link.notes, { if case .notes(let id) = $0 { id } else { nil } }, reaches: Int.self,
            samples: ["a"])
        let before = RouteTable(scheme: "app", universalHosts: ["app.example"], two)
        let after = RouteTable(scheme: "app", universalHosts: ["app.example"], two + [notes])
        let added = ["app://item/<id>/notes", "https://app.example/item/<id>/notes"]
        #expect(Set(after.examples.map(\.form)).subtracting(before.examples.map(\.form)) == Set(added))
        #expect(Set(after.forms).subtracting(before.forms) == Set(added))
        let file = String(
            decoding: AppSiteAssociation.written(
                forms: after.examples.map(\.form), domain: "app.example", appID: "T.app"), as: UTF8.self)
        #expect(file.contains(#""/" : "/item/?*/notes""#))
        #expect(after.roundTripFailures().isEmpty)
        #expect(try after.parse("https://app.example/item/a%2Fb/notes") == .notes("a/b"))
    }

    /// `links --write-aasa` writes a file of the app's https forms that `links --aasa` passes.
    @Test func aWrittenAssociationFilePassesTheCheckWithNoGaps() async throws {
        let folder = try ScratchFolder()
        let path = folder.path("aasa.json")
        let written = try await cli([
            "links", "--aasa", path, "--domain", "recipes.example", "--app-id", "ABCDE12345.example.recipes",
            "--write-aasa",
        ])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(
            written.stderr
                == "wrote 5 components of the recipes app's forms on recipes.example for ABCDE12345.example.recipes "
                + "to \(path)\n")
        let checked = try await cli(["links", "--aasa", path, "--domain", "recipes.example"])
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout.contains("every https link form of the app on recipes.example is advertised"))
        let none = try await cli([
            "links", "--launch", "shop", "--aasa", path, "--domain", "shop.example", "--app-id", "X.y", "--write-aasa",
        ])
        #expect(none.stderr == "error: the shop has no https link form on shop.example to advertise\n")
        let noID = try await cli(["links", "--aasa", path, "--domain", "recipes.example", "--write-aasa"])
        #expect(noID.status == 64)
    }
}

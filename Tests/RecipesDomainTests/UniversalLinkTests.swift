import Foundation
import RecipesDomain
import Testing
import XTree
import XTreeReachability
import XTreeTesting

/// The example file with both its gaps fixed: what a user's own test reads.
let associationFileURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/recipes-apple-app-site-association")

/// The listing of the article "Links nobody wrote": the recipes app in the test's process.
@Test @MainActor func linksNobodyWroteKeepTheirProperties() async {
    await LinkFuzzing(RecipesApp.self, budget: 300).expectNoFindings()
}

/// The listing of the article "Is every advertised link reachable?".
@Test func everyAdvertisedLinkOpensAScreen() async throws {
    let data = try Data(contentsOf: associationFileURL)
    let file = try AppSiteAssociation(data: data)
    let report = await AssociationCheck(association: file, domain: "recipes.example").run(RecipesApp.self)
    #expect(report.passed, "\(report.summary)")
}

/// The recipes app, routing universal links only as the activities they arrive as.
enum RecipesByActivity: DeepLinkableApp {
    static func makeRoot() -> RecipesApp.Root { RecipesApp.makeRoot() }
    static var linkExamples: [LinkExample] { RecipesApp.linkExamples }
    static var sampleValues: [String] { RecipesApp.sampleValues }

    static func open(_ link: String, in root: RecipesApp.Root) async throws -> any DeepLinkable {
        guard case .activity(Entry.browsingWebType, let url?, _)? = Entry(link) else {
            throw NotAnActivity(link: link)
        }
        return try await RecipesApp.open(url, in: root)
    }
}

struct NotAnActivity: Error { let link: String }

/// An association file is checked against an app that takes universal links as activities
/// when asked to open them so, and fails against it when not, as against an app that takes
/// only URLs when asked for activities.
@Test func universalLinksAreOpenedAsTheActivitiesTheyArriveAsWhenAsked() async throws {
    let file = try AppSiteAssociation(data: try Data(contentsOf: associationFileURL))
    var check = AssociationCheck(association: file, domain: "recipes.example")
    check.opensAsActivities = true
    let asActivities = await check.run(RecipesByActivity.self)
    #expect(asActivities.passed, "\(asActivities.summary)")
    #expect(await !check.run(RecipesApp.self).passed)
    check.opensAsActivities = false
    #expect(await !check.run(RecipesByActivity.self).passed)
}

/// The recipes app's universal links against `Docs/Examples/apple-app-site-association`.
@MainActor
@Suite struct UniversalLinkTests {
    @Test func httpsFormsAreTheSameLinks() throws {
        for (https, custom) in [
            ("https://recipes.example/tab/meat", "recipes://tab/meat"),
            ("https://RECIPES.example/recipes/irish-stew/ratings", "recipes://recipes/irish-stew/ratings"),
            ("https://recipes.example/ratings?recipeID=irish-stew", "recipes://ratings?recipeID=irish-stew"),
        ] {
            #expect(try DeepLink(string: https) == DeepLink(string: custom))
        }
        for refused in [
            "https://other.example/tab/meat", "https://recipes.example:8443/tab/meat",
            "https://recipes.example/tab/meat#top", "https://recipes.example/collections/x",
        ] {
            #expect(throws: DeepLinkError.self, "\(refused)") { try DeepLink(string: refused) }
        }
    }

    @Test func recipesFileFindsOneGapEachWayAndPassesFixed() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Docs/Examples/apple-app-site-association")
        let data = try Data(contentsOf: url)
        let file = try AppSiteAssociation(data: data)
        let report = await AssociationCheck(association: file, domain: "recipes.example").run(RecipesApp.self)
        #expect(!report.passed)
        #expect(report.failures.count == 2, "\(report.failures)")
        #expect(report.failures.contains { $0.hasPrefix("/collections/*") }, "advertised, not in the app")
        #expect(report.failures.contains { $0.contains("ratings?recipeID=") }, "in the app, not advertised")
        #expect(report.tables[0].rows.contains { $0.verdict == .note && $0.rule == "NOT /recipes/*/rate" })
        // Printed, it is the tables, as `xtree-cli links` shows them, not the struct.
        #expect("\(report)" == report.summary)
        #expect("\(report)".hasPrefix("ABCDE12345.example.recipes on recipes.example\n"))

        var fixed = String(decoding: data, as: UTF8.self)
        fixed = fixed.replacingOccurrences(
            of: #"{ "/": "/collections/*", "comment": "collections, which the app does not have" }"#,
            with: #"{ "/": "/ratings", "?": { "recipeID": "?*" } }"#)
        let repaired = try AppSiteAssociation(data: Data(fixed.utf8))
        let passing = await AssociationCheck(association: repaired, domain: "recipes.example").run(RecipesApp.self)
        #expect(passing.passed, "\(passing.summary)")
        #expect(passing.junitXML.contains("failures=\"0\""))
    }
}

/// The recipes check's coverage: the screens its links reached, the forms they were of, and
/// the types no link reached.
@MainActor
@Suite struct CoverageTests {
    @Test func coverageNamesScreensFormsAndTypesNeverReached() async throws {
        let report = await DefaultHomeCoordinator.reachabilityCheck(catalog: .default).run(audits: false)
        let coverage = try #require(
            report.measuringCoverage(forms: DeepLink.acceptedForms + ["recipes://collections/<id>"]).coverage)
        #expect(
            Set(coverage.screens.keys) == [
                "DefaultRecipeListCoordinator", "DefaultSettingsViewModel", "DefaultRecipeViewModel",
                "DefaultRatingViewModel", "RatingStarsScreen",
            ])
        #expect(coverage.formsNotCovered == ["recipes://collections/<id>"])
        #expect(
            coverage.forms["recipes://recipes/<slug>/ratings"] == RecipeCatalog.default.recipes.count,
            "one link per recipe, of the most specific form")
        #expect(coverage.linksOfNoForm.isEmpty)
        #expect(coverage.typesNeverReached.contains("DefaultHomeCoordinator"))
        #expect(!coverage.typesNeverReached.contains("DefaultRatingViewModel"))
        #expect(report.measuringCoverage(forms: []).junitXML.contains("name=\"coverage.typesNeverReached\""))
    }
}

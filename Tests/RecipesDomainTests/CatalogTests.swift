import Foundation
import RecipesDomain
import Testing

@Suite struct CatalogTests {
    @Test func defaultCatalogMeetsTheBrief() throws {
        #expect(catalog.recipes.count >= 12)
        #expect(catalog.recipes.filter(\.isVegetarian).count >= 5)
        #expect(catalog.recipes.filter { !$0.isVegetarian }.count >= 5)
        #expect(catalog.recipes.allSatisfy { $0.ratings.count >= 2 && !$0.ingredients.isEmpty && !$0.steps.isEmpty })
        for slug in [
            "orange-marmalade", "mushrooms-in-cream", "roasted-wild-duck", "roast-lamb-with-banana-croquettes",
        ] {
            #expect(catalog.recipe(Recipe.ID(slug)) != nil, "\(slug)")
        }
    }

    @Test func catalogRoundTripsThroughJSON() throws {
        struct File: Codable { var recipes: [Recipe] }
        let data = try JSONEncoder().encode(File(recipes: catalog.recipes))
        #expect(try RecipeCatalog(json: data) == catalog)
    }

    @Test func recipeIDsAcceptOnlySlugs() {
        for valid in ["a", "orange-marmalade", "x1-2y", String(repeating: "a", count: 64)] {
            #expect(Recipe.ID(rawValue: valid) != nil, "\(valid)")
        }
        for invalid in ["", "-a", "a-", "a--b", "A", "a b", "é", "a_b", "a/b", String(repeating: "a", count: 65)] {
            #expect(Recipe.ID(rawValue: invalid) == nil, "\(invalid)")
        }
    }

    static let invalidCatalogs: [(json: String, error: String)] = [
        (
            "{\"recipes\": [\n  {\"id\": x}]}",
            "catalog is not valid JSON at line 2, column 10: expected a value but found 'x'"
        ),
        ("{\"recipes\": [", "catalog is not valid JSON at line 1, column 14: the document ends early"),
        ("{\"recipes\": []} []", "catalog is not valid JSON at line 1, column 17: unexpected '[' after the document"),
        (
            "{\"recipes\": [{\"id\": \"a\" \"title\": 1}]}",
            "catalog is not valid JSON at line 1, column 25: expected ',' or '}' but found '\"'"
        ),
        ("{}", "catalog field recipes: is missing"),
        ("{\"recipes\": [{\"id\": \"a\"}]}", "catalog field recipes[0].title: is missing"),
        (
            "{\"recipes\": [{\"id\": \"a\", \"title\": 3, \"ingredients\": [], \"steps\": [], \"isVegetarian\": true, \"ratings\": []}]}",
            "catalog field recipes[0].title: expected a string"
        ),
        (
            "{\"recipes\": [{\"id\": \"Bad Id\", \"title\": \"t\", \"ingredients\": [], \"steps\": [], \"isVegetarian\": true, \"ratings\": []}]}",
            "catalog field recipes[0].id: 'Bad Id' is not a recipe id"
        ),
        (
            "{\"recipes\": [{\"id\": \"a\", \"title\": \" \", \"ingredients\": [], \"steps\": [], \"isVegetarian\": true, \"ratings\": []}]}",
            "catalog recipe 1 ('a'): title is empty"
        ),
        (
            "{\"recipes\": [{\"id\": \"a\", \"title\": \"A\", \"ingredients\": [], \"steps\": [], \"isVegetarian\": true, \"ratings\": []},"
                + "{\"id\": \"a\", \"title\": \"B\", \"ingredients\": [], \"steps\": [], \"isVegetarian\": true, \"ratings\": []}]}",
            "catalog recipe 2 ('a'): id is also the id of recipe 1; ids and slugs must be unique"
        ),
        (
            "{\"recipes\": [{\"id\": \"a\", \"title\": \"A\", \"ingredients\": [], \"steps\": [], \"isVegetarian\": true, "
                + "\"ratings\": [{\"author\": \"x\", \"value\": 6, \"comment\": \"\"}]}]}",
            "catalog recipe 1 ('a'): ratings[0].value is 6; ratings are whole numbers from 1 to 5"
        ),
    ]

    @Test(arguments: invalidCatalogs)
    func invalidCatalogsNameTheFirstProblem(json: String, error: String) {
        #expect {
            try RecipeCatalog(json: Data(json.utf8))
        } throws: { thrown in
            "\(thrown)".hasPrefix(error)
        }
    }

    @Test(arguments: ["/nonexistent/recipes.json", "/tmp"])
    func unreadableFilesNameTheFile(path: String) {
        #expect {
            try RecipeCatalog(contentsOf: URL(fileURLWithPath: path))
        } throws: { error in
            "\(error)".hasPrefix("cannot read catalog \(path): ")
        }
    }

    @Test func closeMatchesFindTyposAndFragments() {
        #expect(catalog.closeMatches(to: "duk") == [Recipe.ID("roasted-wild-duck")])
        #expect(catalog.closeMatches(to: "orange-marmelade") == [Recipe.ID("orange-marmalade")])
        #expect(catalog.closeMatches(to: "lamb").first == Recipe.ID("roast-lamb-with-banana-croquettes"))
        #expect(catalog.closeMatches(to: "zzzzzzzz").isEmpty)
    }
}

import Foundation
import XTree
import XTreeSupport

/// A validated list of recipes: unique ids, non-empty titles, ratings from 1 to 5.
///
/// ```swift
/// let catalog = try RecipeCatalog(contentsOf: URL(fileURLWithPath: "recipes.json"))
/// ```
///
/// The JSON form is `{"recipes": [{"id": "orange-marmalade", "title": …, "ingredients": […],
/// "steps": […], "isVegetarian": true, "sourceURL": …, "ratings": [{"author": …, "value": 5,
/// "comment": …}]}]}`, `sourceURL` optional. Loading checks everything and reports the first
/// problem; a catalog is never half loaded.
public struct RecipeCatalog: Hashable, Sendable {
    /// The recipes, in catalog order.
    public let recipes: [Recipe]
    private let positions: [Recipe.ID: Int]

    /// Checks `recipes` and makes a catalog of them.
    ///
    /// - Throws: ``CatalogError`` naming the first recipe and field that is wrong.
    public init(recipes: [Recipe]) throws(CatalogError) {
        var positions: [Recipe.ID: Int] = [:]
        for (index, recipe) in recipes.enumerated() {
            func fail(_ field: String, _ problem: String) -> CatalogError {
                .invalidRecipe(index: index, id: recipe.id.rawValue, field: field, problem: problem)
            }
            if let earlier = positions[recipe.id] {
                throw fail("id", "is also the id of recipe \(earlier + 1); ids and slugs must be unique")
            }
            positions[recipe.id] = index
            if recipe.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw fail("title", "is empty")
            }
            for (number, rating) in recipe.ratings.enumerated() where !(1...5).contains(rating.value) {
                throw fail("ratings[\(number)].value", "is \(rating.value); ratings are whole numbers from 1 to 5")
            }
        }
        self.recipes = recipes
        self.positions = positions
    }

    /// Loads and checks a catalog from JSON.
    ///
    /// - Throws: ``CatalogError`` with the position of malformed JSON, the path of a
    ///   missing or mistyped field, or the first invalid recipe.
    public init(json data: Data) throws(CatalogError) {
        struct File: Decodable { var recipes: [Recipe] }
        if let problem = DecodingProblem.strictProblem(in: data) { throw CatalogError(problem) }
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw CatalogError(decoding: error, in: data)
        } catch {
            throw .malformedJSON(line: 1, column: 1, problem: "\(error)")
        }
        try self.init(recipes: file.recipes)
    }

    /// Reads, loads and checks a catalog file.
    ///
    /// - Throws: ``CatalogError/unreadable(path:problem:)`` if the file cannot be read, or
    ///   what ``init(json:)`` throws.
    public init(contentsOf url: URL) throws(CatalogError) {
        let data: Data
        do {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw CatalogError.unreadable(path: url.path, problem: "it is a directory, not a file")
            }
            data = try Data(contentsOf: url)
        } catch let error as CatalogError {
            throw error
        } catch {
            throw .unreadable(path: url.path, problem: (error as NSError).localizedDescription)
        }
        try self.init(json: data)
    }

    /// The recipe with `id`, if the catalog has it.
    public func recipe(_ id: Recipe.ID) -> Recipe? {
        positions[id].map { recipes[$0] }
    }

    /// Up to `limit` ids that look like `text`, closest first: for "did you mean" hints.
    public func closeMatches(to text: String, limit: Int = 3) -> [Recipe.ID] {
        RecipesDomain.closeMatches(to: text, among: recipes.map(\.id), limit: limit)
    }
}

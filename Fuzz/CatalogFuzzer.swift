import Foundation
import RecipesDomain

/// libFuzzer entry point: arbitrary bytes as a catalog file.
///
/// Besides "no crash", it checks that a loaded catalog is whole and valid (unique ids,
/// titles, ratings 1 to 5) and survives an encode/decode round trip, and that a rejection
/// is a `CatalogError` with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func catalogFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let catalog = try RecipeCatalog(json: data)
        let ids = Set(catalog.recipes.map(\.id))
        guard ids.count == catalog.recipes.count,
            catalog.recipes.allSatisfy({ recipe in
                catalog.recipe(recipe.id) == recipe && recipe.ratings.allSatisfy { (1...5).contains($0.value) }
            })
        else {
            fatalError("loaded an invalid catalog")
        }
        struct File: Encodable { var recipes: [Recipe] }
        guard let encoded = try? JSONEncoder().encode(File(recipes: catalog.recipes)),
            let again = try? RecipeCatalog(json: encoded), again == catalog
        else {
            fatalError("a loaded catalog does not round-trip")
        }
    } catch {
        if error.description.isEmpty { fatalError("rejection without a message") }
    }
    return 0
}

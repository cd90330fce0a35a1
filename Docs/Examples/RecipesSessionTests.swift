// Made by `xtree-cli export-test` from a session recorded from "Recipes":
// RecipesDomain.RecipesApp, built as at launch, applies the session's 3 links again with
// its own handler; the test checks the path each reached and the tree after each event.
import Foundation
import RecipesDomain
import Testing
import XTree

@MainActor
@Test func recipesSession() async throws {
    let root = RecipesApp.makeRoot()
    try expectTree(of: root, equals: start, "at the start")

    // #1: a link.
    let reached1 = try await RecipesApp.open("recipes://recipes/irish-stew", in: root)
    try await expectLanding(
        of: root, equals: tree1, reaching: reached1, at: ["n7hzzzav", "0482gzgw", "swddsq8v"],
        later: RecipesApp.linkLanding != .whenOpenReturns, "after event #1")

    // #2: a link that failed.
    await #expect(throws: (any Error).self) {
        _ = try await RecipesApp.open("recipes://recipes/no-such-recipe", in: root)
    }
    try expectTree(of: root, equals: tree1, "after event #2")

    // #3: a link.
    let reached3 = try await RecipesApp.open("recipes://recipes/orange-marmalade/ratings", in: root)
    try await expectLanding(
        of: root, equals: tree3, reaching: reached3, at: ["n7hzzzav", "3fqtcdcz", "kwexcbya"],
        later: RecipesApp.linkLanding != .whenOpenReturns, "after event #3")
}

/// Expects the tree under `root` to be the recorded one and, for a link, the path to
/// what it reached to have the recorded ids.
@MainActor
private func expectTree(
    of root: any DeepLinkable, equals json: String, reaching reached: (any DeepLinkable)? = nil,
    at ids: [String] = [], _ moment: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let recorded = try TreeSnapshot(json: Data(json.utf8))
    let (tree, path) = reached.map { TreeSnapshot.locating($0, from: root) } ?? (TreeSnapshot(of: root), [])
    let diff = TreeDiff(from: recorded, to: tree)
    #expect(diff.isEmpty, "the tree \(moment), recorded (-) against now (+):\n\(diff)", sourceLocation: sourceLocation)
    if reached != nil {
        #expect(path.map { tree.nodes[$0].id } == ids, "the path reached \(moment)", sourceLocation: sourceLocation)
    }
}

/// Expects a link to have reached the recorded path: the object `open` returned or,
/// for one that lands `later`, the recorded ids in the tree once it has become the
/// recorded one (waited for up to 5 seconds).
@MainActor
private func expectLanding(
    of root: any DeepLinkable, equals json: String, reaching reached: any DeepLinkable, at ids: [String],
    later: Bool, _ moment: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    guard later else {
        return try expectTree(
            of: root, equals: json, reaching: reached, at: ids, moment, sourceLocation: sourceLocation)
    }
    try await expectTreeSettles(of: root, to: json, moment, within: 250, sourceLocation: sourceLocation)
    let tree = TreeSnapshot(of: root)
    let end = tree.nodes.firstIndex { $0.id == ids.last }
    let path = end.map { tree.path(to: $0).map { tree.nodes[$0].id } }
    #expect(path == ids, "the path reached \(moment)", sourceLocation: sourceLocation)
}

/// Waits up to `within` times 20 ms for the tree under `root` to become the recorded
/// one, then expects it to be.
@MainActor
private func expectTreeSettles(
    of root: any DeepLinkable, to json: String, _ moment: String, within tries: Int = 100,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let recorded = try TreeSnapshot(json: Data(json.utf8))
    for _ in 0..<tries where !TreeDiff(from: recorded, to: TreeSnapshot(of: root)).isEmpty {
        try await Task.sleep(nanoseconds: 20_000_000)
    }
    try expectTree(of: root, equals: json, moment, sourceLocation: sourceLocation)
}

// The recorded trees, in the snapshot file format.

private let start = #"""
    {"nodes":[
    {"attributes":[{"key":"tab","value":"meat"}],"depth":0,"id":"n7hzzzav","label":"Home","links":[{"kind":"child","node":1},{"kind":"child","node":2},{"kind":"child","node":3}],"names":["RecipesDomain.DefaultHomeCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.HomeCoordinator"],"order":0,"type":"DefaultHomeCoordinator"},
    {"attributes":[{"key":"tab","value":"veggie"}],"depth":1,"id":"3fqtcdcz","identity":"veggie","label":"Vegetarian","links":[{"kind":"child","node":4}],"names":["RecipesDomain.DefaultRecipeListCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListCoordinator"],"order":1,"parent":0,"type":"DefaultRecipeListCoordinator"},
    {"attributes":[{"key":"tab","value":"meat"}],"depth":1,"id":"0482gzgw","identity":"meat","label":"Meat","links":[{"kind":"child","node":5}],"names":["RecipesDomain.DefaultRecipeListCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListCoordinator"],"order":2,"parent":0,"type":"DefaultRecipeListCoordinator"},
    {"attributes":[{"key":"units","value":"imperial"}],"depth":1,"id":"wb6ykhmy","label":"Settings","links":[],"names":["RecipesDomain.DefaultSettingsViewModel","XTree.DeepLinkable","RecipesDomain.SettingsViewModel"],"order":3,"parent":0,"type":"DefaultSettingsViewModel"},
    {"attributes":[{"key":"recipes","value":"6"}],"depth":2,"id":"nk2t1sat","label":"Vegetarian","links":[],"names":["RecipesDomain.DefaultRecipeListViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListViewModel"],"order":4,"parent":1,"type":"DefaultRecipeListViewModel"},
    {"attributes":[{"key":"recipes","value":"6"}],"depth":2,"id":"p5b54rb1","label":"Meat","links":[],"names":["RecipesDomain.DefaultRecipeListViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListViewModel"],"order":5,"parent":2,"type":"DefaultRecipeListViewModel"}
    ],"version":2}
    """#

private let tree1 = #"""
    {"nodes":[
    {"attributes":[{"key":"tab","value":"meat"}],"depth":0,"id":"n7hzzzav","label":"Home","links":[{"kind":"child","node":1},{"kind":"child","node":2},{"kind":"child","node":3}],"names":["RecipesDomain.DefaultHomeCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.HomeCoordinator"],"order":0,"type":"DefaultHomeCoordinator"},
    {"attributes":[{"key":"tab","value":"veggie"}],"depth":1,"id":"3fqtcdcz","identity":"veggie","label":"Vegetarian","links":[{"kind":"child","node":4}],"names":["RecipesDomain.DefaultRecipeListCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListCoordinator"],"order":1,"parent":0,"type":"DefaultRecipeListCoordinator"},
    {"attributes":[{"key":"tab","value":"meat"}],"depth":1,"id":"0482gzgw","identity":"meat","label":"Meat","links":[{"kind":"child","node":5},{"kind":"child","node":6}],"names":["RecipesDomain.DefaultRecipeListCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListCoordinator"],"order":2,"parent":0,"type":"DefaultRecipeListCoordinator"},
    {"attributes":[{"key":"units","value":"imperial"}],"depth":1,"id":"wb6ykhmy","label":"Settings","links":[],"names":["RecipesDomain.DefaultSettingsViewModel","XTree.DeepLinkable","RecipesDomain.SettingsViewModel"],"order":3,"parent":0,"type":"DefaultSettingsViewModel"},
    {"attributes":[{"key":"recipes","value":"6"}],"depth":2,"id":"nk2t1sat","label":"Vegetarian","links":[],"names":["RecipesDomain.DefaultRecipeListViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListViewModel"],"order":4,"parent":1,"type":"DefaultRecipeListViewModel"},
    {"attributes":[{"key":"recipes","value":"6"}],"depth":2,"id":"p5b54rb1","label":"Meat","links":[],"names":["RecipesDomain.DefaultRecipeListViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListViewModel"],"order":5,"parent":2,"type":"DefaultRecipeListViewModel"},
    {"attributes":[{"key":"recipe","value":"irish-stew"}],"depth":2,"id":"swddsq8v","identity":"irish-stew","label":"Irish Stew","links":[],"names":["RecipesDomain.DefaultRecipeViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeViewModel"],"order":6,"parent":2,"type":"DefaultRecipeViewModel"}
    ],"version":2}
    """#

private let tree3 = #"""
    {"nodes":[
    {"attributes":[{"key":"tab","value":"veggie"}],"depth":0,"id":"n7hzzzav","label":"Home","links":[{"kind":"child","node":1},{"kind":"child","node":2},{"kind":"child","node":3}],"names":["RecipesDomain.DefaultHomeCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.HomeCoordinator"],"order":0,"type":"DefaultHomeCoordinator"},
    {"attributes":[{"key":"tab","value":"veggie"}],"depth":1,"id":"3fqtcdcz","identity":"veggie","label":"Vegetarian","links":[{"kind":"child","node":4},{"kind":"child","node":5},{"kind":"child","node":6}],"names":["RecipesDomain.DefaultRecipeListCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListCoordinator"],"order":1,"parent":0,"type":"DefaultRecipeListCoordinator"},
    {"attributes":[{"key":"tab","value":"meat"}],"depth":1,"id":"0482gzgw","identity":"meat","label":"Meat","links":[{"kind":"child","node":7},{"kind":"child","node":8}],"names":["RecipesDomain.DefaultRecipeListCoordinator","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListCoordinator"],"order":2,"parent":0,"type":"DefaultRecipeListCoordinator"},
    {"attributes":[{"key":"units","value":"imperial"}],"depth":1,"id":"wb6ykhmy","label":"Settings","links":[],"names":["RecipesDomain.DefaultSettingsViewModel","XTree.DeepLinkable","RecipesDomain.SettingsViewModel"],"order":3,"parent":0,"type":"DefaultSettingsViewModel"},
    {"attributes":[{"key":"recipes","value":"6"}],"depth":2,"id":"nk2t1sat","label":"Vegetarian","links":[],"names":["RecipesDomain.DefaultRecipeListViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListViewModel"],"order":4,"parent":1,"type":"DefaultRecipeListViewModel"},
    {"attributes":[{"key":"recipe","value":"orange-marmalade"}],"depth":2,"id":"47q20cw4","identity":"orange-marmalade","label":"Orange Marmalade","links":[],"names":["RecipesDomain.DefaultRecipeViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeViewModel"],"order":5,"parent":1,"type":"DefaultRecipeViewModel"},
    {"attributes":[{"key":"recipe","value":"orange-marmalade"},{"key":"ratings","value":"2"},{"key":"mean","value":"4.5"}],"depth":2,"id":"kwexcbya","identity":"orange-marmalade","label":"Orange Marmalade","links":[],"names":["RecipesDomain.DefaultRatingViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RatingViewModel"],"order":6,"parent":1,"type":"DefaultRatingViewModel"},
    {"attributes":[{"key":"recipes","value":"6"}],"depth":2,"id":"p5b54rb1","label":"Meat","links":[],"names":["RecipesDomain.DefaultRecipeListViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeListViewModel"],"order":7,"parent":2,"type":"DefaultRecipeListViewModel"},
    {"attributes":[{"key":"recipe","value":"irish-stew"}],"depth":2,"id":"swddsq8v","identity":"irish-stew","label":"Irish Stew","links":[],"names":["RecipesDomain.DefaultRecipeViewModel","XTree.DeepLinkable","XTree.ViewModel","RecipesDomain.RecipeViewModel"],"order":8,"parent":2,"type":"DefaultRecipeViewModel"}
    ],"version":2}
    """#

import Foundation
import RecipesDomain
import XTree

/// A service that answers from the built-in catalog after a delay, logs every call's start
/// and end, and can be told to fail.
final class ScriptedService: RecipeService {
    private let inner = InMemoryRecipeService()
    private let state = LockedState()
    /// How long each recipe's fetch takes, in milliseconds (not a `Duration`, which is newer
    /// than the package's platforms).
    let delays: [Recipe.ID: UInt64]
    let failingRatings: Set<Recipe.ID>

    init(millisecondDelays delays: [Recipe.ID: UInt64] = [:], failingRatings: Set<Recipe.ID> = []) {
        self.delays = delays
        self.failingRatings = failingRatings
    }

    var log: [String] { state.log }

    func recipes() async throws -> [Recipe] { try await inner.recipes() }

    func recipe(_ id: Recipe.ID) async throws -> Recipe {
        state.append("start \(id)")
        defer { state.append("end \(id)") }
        if let delay = delays[id] { try await Task.sleep(nanoseconds: delay * 1_000_000) }
        return try await inner.recipe(id)
    }

    func ratings(of id: Recipe.ID) async throws -> [Rating] {
        if failingRatings.contains(id) { throw Unavailable() }
        return try await inner.ratings(of: id)
    }

    struct Unavailable: Error, CustomStringConvertible {
        var description: String { "the ratings server is unavailable" }
    }
}

final class LockedState: @unchecked Sendable {
    // Safe: `entries` is only touched under `lock`.
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var log: [String] { lock.withLock { entries } }
}

extension Recipe.ID {
    /// An id known to be valid, for tests.
    init(_ slug: String) {
        self.init(rawValue: slug)!
    }
}

@MainActor func startApp(service: any RecipeService = InMemoryRecipeService()) async throws -> DefaultHomeCoordinator {
    try await DefaultHomeCoordinator.start(service: service)
}

@MainActor func snapshotText(_ home: any HomeCoordinator) -> String {
    TextRenderer().rendered(TreeSnapshot(of: home))
}

let catalog = RecipeCatalog.default

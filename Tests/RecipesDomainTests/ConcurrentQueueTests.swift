import Foundation
import RecipesDomain
import Testing
import XTree

@Suite struct ConcurrentQueueTests {
    /// Links submitted from many tasks at once are applied one at a time: the service never
    /// sees two fetches overlap, and every applied link is in the breadcrumbs once.
    @Test func linksFromManyTasksNeverInterleave() async throws {
        let ids = catalog.recipes.map(\.id)
        let service = ScriptedService(millisecondDelays: Dictionary(uniqueKeysWithValues: ids.map { ($0, 2) }))
        let queue = try await MainActor.run { NavigationQueue(home: try startAppSync(service: service)) }
        let links = (0..<48).map { index -> DeepLink in
            let id = ids[index % ids.count]
            return [DeepLink.recipe(id), .ratings(id), .tab(HomeTab.allCases[index % 3])][index % 3]
        }
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for link in links {
                group.addTask {
                    let task = await queue.enqueue(link)
                    return (try? await task.value) != nil
                }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(outcomes == links.count)
        let crumbs = await queue.breadcrumbs.links
        #expect(crumbs.count == links.count)
        #expect(Set(crumbs) == Set(links))
        var open = 0
        for event in service.log {
            open += event.hasPrefix("start") ? 1 : -1
            #expect(open == 0 || open == 1, "fetches overlapped: \(service.log)")
        }
    }
}

/// Builds the app without awaiting the service: the catalog is known.
@MainActor func startAppSync(service: any RecipeService) throws -> DefaultHomeCoordinator {
    DefaultHomeCoordinator(service: service, recipes: catalog.recipes)
}

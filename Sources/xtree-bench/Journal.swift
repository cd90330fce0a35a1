import Foundation
import RecipesDomain
import XTree
import XTreeInspectorClient
import XTreeJournal

/// What the journal costs a link on the recipes app (search approach, no filler): the same
/// two links applied plainly, through `Inspector.journaling` with nobody following, with the
/// journal off (capacity 0), while a client records (follows with the tree after each
/// event), and journaled with a restoration that captures the app's `NavigationState` after
/// each event. Five homes, each link of each kind in turn, so that drift on a shared machine
/// falls on all alike. Also the memory each kept event takes (the heap, as glibc reports it).
@MainActor
func measureJournal(links count: Int) async -> (
    plain: Double, journaled: Double, off: Double, recording: Double, restorable: Double, bytesPerEvent: Double?
)? {
    let links = [
        DeepLink.ratings(Recipe.ID(rawValue: "orange-marmalade")!), .ratings(Recipe.ID(rawValue: "irish-stew")!),
    ]
    func home() -> DefaultHomeCoordinator {
        DefaultHomeCoordinator(
            service: InMemoryRecipeService(catalog: .default), recipes: RecipeCatalog.default.recipes)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "xtree-bench-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let plainHome = home()
    let journaledHome = home()
    let offHome = home()
    let recordedHome = home()
    let restorableHome = home()
    let restoration = Inspector.Restoration(
        capture: { NavigationState(of: restorableHome) }, restore: { try await restorableHome.restore($0) })
    guard let journaled = try? Inspector(name: "Journaled", root: journaledHome, directory: folder),
        let off = try? Inspector(name: "Off", root: offHome, directory: folder, journalCapacity: 0),
        let recorded = try? Inspector(name: "Recorded", root: recordedHome, directory: folder),
        let restorable = try? Inspector(
            name: "Restorable", root: restorableHome, directory: folder, restoration: restoration)
    else { return nil }
    defer {
        for inspector in [journaled, off, recorded, restorable] { inspector.stop() }
    }
    // A client that records, on a thread of its own, until the inspector stops.
    let app = recorded.app
    let following = DispatchSemaphore(value: 0)
    Thread {
        guard let client = try? InspectorClient(app), (try? client.follow()) != nil else {
            following.signal()
            return
        }
        following.signal()
        while (try? client.nextEvent(timeout: 60)) != nil {}
    }.start()
    following.wait()

    func time(_ body: () async throws -> Void) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        do { try await body() } catch { fatalError("benchmark link failed: \(error)") }
        return Double(DispatchTime.now().uptimeNanoseconds - start)
    }
    var samples: [[Double]] = [[], [], [], [], []]
    for index in 0..<count {
        let link = links[index % 2]
        samples[0].append(await time { try await plainHome.open(link) })
        samples[1].append(
            await time {
                try await journaled.journaling(link: link.description) { try await journaledHome.open(link).reached }
            })
        samples[2].append(
            await time { try await off.journaling(link: link.description) { try await offHome.open(link).reached } })
        samples[3].append(
            await time {
                try await recorded.journaling(link: link.description) { try await recordedHome.open(link).reached }
            })
        samples[4].append(
            await time {
                try await restorable.journaling(link: link.description) {
                    try await restorableHome.open(link).reached
                }
            })
    }
    let medians = samples.map { $0.sorted()[$0.count / 2] }
    return (medians[0], medians[1], medians[2], medians[3], medians[4], await heapPerEvent(links: links))
}

/// The memory a kept event takes: the heap once a journal of 1,000 events is filled twice over
/// by links that alternate, against the heap with two events, per event.
@MainActor
private func heapPerEvent(links: [DeepLink]) async -> Double? {
    #if os(Linux)
        let home = DefaultHomeCoordinator(
            service: InMemoryRecipeService(catalog: .default), recipes: RecipeCatalog.default.recipes)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "xtree-bench-heap-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard let inspector = try? Inspector(name: "Heap", root: home, directory: folder, journalCapacity: 1_000)
        else { return nil }
        defer { inspector.stop() }
        for link in links {
            _ = try? await inspector.journaling(link: link.description) { try await home.open(link).reached }
        }
        let app = inspector.app
        // Every event diffed and kept: a journal request waits for them.
        let settle = { try? await offMainThread { _ = try? InspectorClient(app).journal() } }
        await settle()
        let before = heldBytes()
        for index in 0..<2_000 {
            let link = links[index % 2]
            _ = try? await inspector.journaling(link: link.description) { try await home.open(link).reached }
        }
        await settle()
        let after = heldBytes()
        return before > 0 ? Double(after - before) / 998 : nil
    #else
        return nil
    #endif
}

/// Runs blocking client work on a thread of its own, while the main actor stays free.
private func offMainThread(_ body: @escaping @Sendable () -> Void) async throws {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        Thread {
            body()
            continuation.resume()
        }.start()
    }
}

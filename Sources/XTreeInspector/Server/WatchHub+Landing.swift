import Foundation
import XTree

/// Links that land later (``LinkLanding/whenQuiet(quiet:atMost:)``): the one wait every tool's
/// `open` pays for such an app, and where the link ended.
extension WatchHub {
    /// Waits until the tree has not changed for the app's quiet period, at most its bound, and
    /// gives the tree then and the path to the last node (breadth first) that appeared since
    /// `before`; `nil` where the app's links land when `open` returns, or nothing appeared.
    func landing(since before: TreeSnapshot?) async -> (snapshot: TreeSnapshot, path: [Int])? {
        guard let before, case .whenQuiet(let quiet, let bound) = landing else { return nil }
        let clock = ContinuousClock()
        let start = clock.now
        let (quietFor, atMost) = (Duration.seconds(max(0, quiet)), Duration.seconds(max(0, bound)))
        var last = TreeSnapshot(of: root)
        var changed = start
        while clock.now - start < atMost, clock.now - changed < quietFor {
            try? await Task.sleep(for: .milliseconds(10))
            let now = TreeSnapshot(of: root)
            if !now.nodes.elementsEqual(last.nodes) { (last, changed) = (now, clock.now) }
        }
        guard let appeared = TreeDiff(from: before, to: last).added.map(\.order).max() else { return nil }
        return (last, last.path(to: appeared))
    }

    /// The type names of `snapshot`'s nodes, each once, in the order they first appear.
    static func typeNames(in snapshot: TreeSnapshot) -> [String] {
        var seen = Set<String>()
        return snapshot.nodes.map(\.type).filter { seen.insert($0).inserted }
    }
}

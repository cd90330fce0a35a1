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
        func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
        let start = now()
        let (quietFor, atMost) = (Self.span(quiet), Self.span(bound))
        var last = TreeSnapshot(of: root)
        var changed = start
        while now() - start < atMost, now() - changed < quietFor {
            try? await Task.sleep(nanoseconds: 10_000_000)
            let next = TreeSnapshot(of: root)
            if !next.nodes.elementsEqual(last.nodes) { (last, changed) = (next, now()) }
        }
        return Self.appeared(from: before, to: last)
    }

    /// The tree `after` and the path in it to the last node (breadth first) that is not in
    /// `before`; `nil` if none appeared.
    static func appeared(from before: TreeSnapshot, to after: TreeSnapshot) -> (snapshot: TreeSnapshot, path: [Int])? {
        guard let appeared = TreeDiff(from: before, to: after).added.map(\.order).max() else { return nil }
        return (after, after.path(to: appeared))
    }

    /// `seconds` as nanoseconds, 0 for a negative or not finite number and at most a day: the
    /// app declares them, but a bound is checked before arithmetic.
    private static func span(_ seconds: Double) -> UInt64 {
        seconds.isFinite && seconds > 0 ? UInt64(min(seconds, 86_400) * 1e9) : 0
    }

    /// The type names of `snapshot`'s nodes, each once, in the order they first appear.
    static func typeNames(in snapshot: TreeSnapshot) -> [String] {
        var seen = Set<String>()
        return snapshot.nodes.map(\.type).filter { seen.insert($0).inserted }
    }
}

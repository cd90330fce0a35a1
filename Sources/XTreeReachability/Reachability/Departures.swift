import Dispatch
import XTree

/// The objects seen in an app's tree, held weakly, to find those that left it and are still
/// alive: the release check of ``ReachabilityCheck/expectReleases(within:)``.
@MainActor
package struct Departures {
    private struct Seen {
        weak var object: AnyObject?
        /// The object as last seen in the tree.
        var reference: NodeReference
        /// When it was first seen, to report objects in a stable order.
        let first: Int
    }
    private var seen: [ObjectIdentifier: Seen] = [:]
    /// The objects in the tree at the last look.
    private var inTree: Set<ObjectIdentifier> = []
    private var count = 0

    package init(_ root: any DeepLinkable) {
        note(root)
    }

    /// Looks at the tree: every object in it is watched from now on, with its description
    /// as it is now.
    package mutating func note(_ root: any DeepLinkable) {
        inTree.removeAll(keepingCapacity: true)
        for visit in root.breadthFirst() {
            let key = ObjectIdentifier(visit.node)
            inTree.insert(key)
            let reference = NodeReference(visit.node)
            if let known = seen[key], known.object === visit.node {
                seen[key]?.reference = reference
            } else {
                seen[key] = Seen(object: visit.node, reference: reference, first: count)
                count += 1
            }
        }
    }

    /// Marks every object as gone from the tree: the root itself was dropped.
    package mutating func noteAllLeft() {
        inTree.removeAll()
    }

    /// The objects seen before that were not in the tree at the last look and are alive now,
    /// in the order they were first seen.
    package var departedAlive: [NodeReference] {
        seen.filter { !inTree.contains($0.key) && $0.value.object != nil }.values.sorted { $0.first < $1.first }.map(
            \.reference)
    }

    /// The objects seen before that were not in the tree at the last look and are still
    /// alive `gracePeriod` seconds from now, in the order they were first seen. Returns as
    /// soon as every one of them is released, or when the task is cancelled.
    package func survivors(after gracePeriod: Double) async -> [NodeReference] {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(min(gracePeriod, 86_400) * 1e9)
        while true {
            let alive = departedAlive
            if alive.isEmpty || DispatchTime.now().uptimeNanoseconds >= deadline || Task.isCancelled {
                return alive
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}

import Dispatch
import XTree

/// The objects seen in an app's tree, held weakly, to find those that left it and are still
/// alive: the release check of ``ReachabilityCheck/expectReleases(within:)``.
@MainActor
struct Departures {
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

    init(_ root: any DeepLinkable) {
        note(root)
    }

    /// Looks at the tree: every object in it is watched from now on, with its description
    /// as it is now.
    mutating func note(_ root: any DeepLinkable) {
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

    /// The objects seen before that were not in the tree at the last look and are still
    /// alive `gracePeriod` seconds from now, in the order they were first seen. Returns as
    /// soon as every one of them is released, or when the task is cancelled.
    func survivors(after gracePeriod: Double) async -> [NodeReference] {
        let left = seen.filter { !inTree.contains($0.key) }.values.sorted { $0.first < $1.first }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(min(gracePeriod, 86_400) * 1e9)
        while true {
            let alive = left.filter { $0.object != nil }
            if alive.isEmpty || DispatchTime.now().uptimeNanoseconds >= deadline || Task.isCancelled {
                return alive.map(\.reference)
            }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
    }
}

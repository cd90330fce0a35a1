import XTree

/// The states captured after the latest events, with the tree after each: where `restore`
/// can return to. Kept on the main actor, beside the tree they describe.
package struct RestorePoints {
    package struct Point {
        package let sequence: Int
        package let state: any Sendable
        package let tree: TreeSnapshot

        package init(sequence: Int, state: any Sendable, tree: TreeSnapshot) {
            self.sequence = sequence
            self.state = state
            self.tree = tree
        }
    }

    /// How many points are kept at most: the journal's capacity, and one for the start.
    package let capacity: Int
    /// How many nodes the kept trees may hold in all, so that a large tree keeps fewer points.
    package static let nodeBudget = 1 << 20
    private var points: [Point] = []
    private var first = 0
    private var nodes = 0

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Keeps a point, letting go of the oldest beyond the capacity or the node budget; the
    /// newest is always kept.
    package mutating func add(_ point: Point) {
        guard capacity > 0 else { return }
        points.append(point)
        nodes += point.tree.nodes.count
        while points.count - first > capacity || nodes > Self.nodeBudget && points.count - first > 1 {
            nodes -= points[first].tree.nodes.count
            first += 1
        }
        if first > 64, first * 2 > points.count {
            points.removeFirst(first)
            first = 0
        }
    }

    /// The point after event `sequence`, if kept.
    package func point(after sequence: Int) -> Point? {
        let kept = points[first...]
        // Sequences increase: a binary search would do, but points are few.
        return kept.last { $0.sequence == sequence }
    }

    /// The sequence numbers of the oldest and newest points kept.
    package var range: ClosedRange<Int>? {
        guard let last = points.last else { return nil }
        return points[first].sequence...last.sequence
    }
}

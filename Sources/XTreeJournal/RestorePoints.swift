import XTree

/// The states captured after the latest events: where `restore` can return to. Kept on the
/// main actor. The trees after those events are not kept: the journal's edits lead back to
/// them from the tree now.
package struct RestorePoints {
    package struct Point {
        package let sequence: Int
        package let state: any Sendable

        package init(sequence: Int, state: any Sendable) {
            self.sequence = sequence
            self.state = state
        }
    }

    /// How many points are kept at most: the journal's capacity, and one for the start.
    package let capacity: Int
    private var points: [Point] = []
    private var first = 0

    package init(capacity: Int) {
        self.capacity = capacity
    }

    /// Keeps a point, letting go of the oldest beyond the capacity.
    package mutating func add(_ point: Point) {
        guard capacity > 0 else { return }
        points.append(point)
        if points.count - first > capacity { first += 1 }
        if first > 64, first * 2 > points.count {
            points.removeFirst(first)
            first = 0
        }
    }

    /// The point after event `sequence`, if kept.
    package func point(after sequence: Int) -> Point? {
        points[first...].last { $0.sequence == sequence }
    }

    /// The sequence numbers of the oldest and newest points kept.
    package var range: ClosedRange<Int>? {
        guard let last = points.last else { return nil }
        return points[first].sequence...last.sequence
    }
}

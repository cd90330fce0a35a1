import XTree

/// The tree a reader of events holds: each event's edit applied to it in turn, and what a
/// person reads of the event made there — the diff, and the path a link reached numbered as
/// in the tree after it. Clients that follow an app, sessions and replays keep one.
package struct EventTree {
    private var model: TreeModel
    /// The model's layout, while known: kept from one event to the next.
    private var layout: TreeModel.Layout?

    /// What applying an event made of it.
    package struct Applied {
        /// The tree after it against the tree before.
        package var diff: TreeDiff
        /// The breadth-first numbers of the path a link reached, in the tree after it.
        package var path: [Int]
    }

    /// What an event applied without its diff reports.
    private static let noDiff = TreeDiff(added: [], removed: [], changed: [], unchangedCount: 0)

    package init(_ snapshot: TreeSnapshot) {
        model = TreeModel(snapshot)
    }

    /// The tree now.
    package func snapshot() -> TreeSnapshot { model.snapshot() }

    /// Applies `event`'s edit and checks that the path it reached is in the tree after it.
    ///
    /// - Throws: ``TreeEditError`` if the edit does not fit, or the path is not in the tree
    ///   after; the tree is then as it was.
    ///
    /// - Parameter diff: Whether to make the diff; without it, the tree's layout is made only
    ///   for a link's path, and the diff is empty.
    package mutating func apply(_ event: JournalEvent, diff makesDiff: Bool = true) throws(TreeEditError) -> Applied {
        let reached = event.link?.reached ?? []
        guard makesDiff else {
            try model.apply(event.edit)
            layout = nil
            guard !reached.isEmpty else { return Applied(diff: Self.noDiff, path: []) }
            return try Applied(diff: Self.noDiff, path: path(reached, undoing: event.edit, in: model.layout()))
        }
        let (diff, after) = try model.applyReporting(event.edit, before: layout)
        let path = try path(reached, undoing: event.edit, in: after)
        layout = after
        return Applied(diff: diff, path: path)
    }

    /// The numbers of `reached` in `after`, the layout of the tree now.
    ///
    /// - Throws: ``TreeEditError`` if a step is not in the tree; `edit` is then undone.
    private mutating func path(
        _ reached: [JournalEvent.Step], undoing edit: TreeEdit, in after: TreeModel.Layout
    ) throws(TreeEditError) -> [Int] {
        var path: [Int] = []
        for step in reached {
            guard let slot = model.slots[step.id] else {
                // Undone, so that the tree is as it was: the edit applied, its inverse will.
                try? model.apply(edit.inverted)
                layout = nil
                throw TreeEditError("the path reached names \(step.id), which the tree after it does not have")
            }
            path.append(Int(after.order[Int(slot)]))
        }
        return path
    }

    /// The tree before `events`, consecutive events the last of which left the tree `after`:
    /// their edits undone, last first.
    package static func before(_ events: [JournalEvent], endingAt after: TreeSnapshot) throws(TreeEditError)
        -> EventTree
    {
        var tree = EventTree(after)
        for event in events.reversed() { try tree.model.apply(event.edit.inverted) }
        return tree
    }
}

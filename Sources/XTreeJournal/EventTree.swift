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

    package init(_ snapshot: TreeSnapshot) {
        model = TreeModel(snapshot)
    }

    /// The tree now.
    package func snapshot() -> TreeSnapshot { model.snapshot() }

    /// Applies `event`'s edit and checks that the path it reached is in the tree after it.
    ///
    /// - Throws: ``TreeEditError`` if the edit does not fit, or the path is not in the tree
    ///   after; the tree is then as it was.
    package mutating func apply(_ event: JournalEvent) throws(TreeEditError) -> Applied {
        let (diff, after) = try model.applyReporting(event.edit, before: layout)
        var path: [Int] = []
        for step in event.link?.reached ?? [] {
            guard let slot = model.slots[step.id] else {
                // Undone, so that the tree is as it was: the edit applied, its inverse will.
                try? model.apply(event.edit.inverted)
                layout = nil
                throw TreeEditError("the path reached names \(step.id), which the tree after it does not have")
            }
            path.append(Int(after.order[Int(slot)]))
        }
        layout = after
        return Applied(diff: diff, path: path)
    }

    /// Applies `event`'s edit without making what a person reads of it.
    package mutating func applyQuietly(_ event: JournalEvent) throws(TreeEditError) {
        try model.apply(event.edit)
        layout = nil
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

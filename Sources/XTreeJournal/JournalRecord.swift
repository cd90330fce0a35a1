import XTree

/// A journal event as an app keeps and sends it: what changed as a ``TreeEdit`` by ids, and
/// the path a link reached by ids, without breadth-first numbers, which only the whole tree
/// knows. A client holding the tree before the event makes of it the ``JournalEvent`` a person
/// reads (``materialized(on:layout:)``), with the ``TreeDiff`` and the numbers of that tree.
package struct JournalRecord: Codable, Sendable, Hashable {
    /// A node on the path a link reached.
    package struct Step: Codable, Sendable, Hashable {
        package var type: String
        package var id: String

        package init(type: String, id: String) {
            self.type = type
            self.id = id
        }
    }

    package var sequence: Int
    package var time: Double
    /// The link, for a link; its `reached` is left empty, the path being ``reached``.
    package var link: JournalEvent.Link?
    /// The path from the root to what the link reached, by ids.
    package var reached: [Step]
    package var restore: JournalEvent.Restore?
    package var outlived: [JournalEvent.Outlived]?
    package var notifications: Int
    package var objects: Int
    /// The tree after against the tree before.
    package var edit: TreeEdit

    package init(
        sequence: Int, time: Double, link: JournalEvent.Link?, reached: [Step] = [],
        restore: JournalEvent.Restore? = nil, outlived: [JournalEvent.Outlived]? = nil, notifications: Int,
        objects: Int, edit: TreeEdit
    ) {
        self.sequence = sequence
        self.time = time
        self.link = link
        self.reached = reached
        self.restore = restore
        self.outlived = outlived
        self.notifications = notifications
        self.objects = objects
        self.edit = edit
    }

    /// What is wrong with a record read from outside, or `nil`: an event's rules, with the
    /// edit for the diff.
    package var problem: String? {
        if link?.reached.isEmpty == false { return "event \(sequence) gives its path by numbers; ids are expected" }
        if link?.error != nil, !reached.isEmpty { return "event \(sequence) failed and reached a path" }
        if link == nil, !reached.isEmpty { return "event \(sequence) reached a path without a link" }
        if outlived != nil, !edit.isEmpty { return "event \(sequence) reports outlived objects and changes the tree" }
        return JournalEvent(
            sequence: sequence, time: time, link: link, restore: restore, outlived: outlived,
            notifications: notifications, objects: objects,
            diff: TreeDiff(added: [], removed: [], changed: [], unchangedCount: 0)
        ).problem
    }

    /// Applies the record's edit to `model`, the tree before the event, and returns the
    /// event as a person reads it: its diff, and its path, numbered as in the tree after.
    ///
    /// - Parameter layout: The layout of `model` if known; set to the layout after.
    /// - Throws: ``TreeEditError`` if the edit does not fit `model`, or the path is not in the
    ///   tree after; `model` is then as it was.
    package func materialized(on model: inout TreeModel, layout: inout TreeModel.Layout?) throws(TreeEditError)
        -> JournalEvent
    {
        let (diff, after) = try model.applyReporting(edit, before: layout)
        var link = self.link
        if link != nil {
            var steps: [JournalEvent.Step] = []
            for step in reached {
                guard let slot = model.slots[step.id] else {
                    // Undone, so that the model is as it was: the edit applied, its inverse will.
                    try? model.apply(edit.inverted)
                    layout = nil
                    throw TreeEditError("the path reached names \(step.id), which the tree after it does not have")
                }
                steps.append(JournalEvent.Step(order: Int(after.order[Int(slot)]), type: step.type, id: step.id))
            }
            link!.reached = steps
        }
        layout = after
        return JournalEvent(
            sequence: sequence, time: time, link: link, restore: restore, outlived: outlived,
            notifications: notifications, objects: objects, diff: diff)
    }

    /// The events a person reads of `records`, consecutive events the last of which left the
    /// tree `after`: the tree before each is found by undoing the edits after it.
    ///
    /// - Throws: ``TreeEditError`` if an edit does not fit.
    package static func materialize(_ records: [JournalRecord], endingAt after: TreeSnapshot) throws(TreeEditError)
        -> [JournalEvent]
    {
        var model = TreeModel(after)
        for record in records.reversed() { try model.apply(record.edit.inverted) }
        var layout: TreeModel.Layout?
        var events: [JournalEvent] = []
        for record in records { events.append(try record.materialized(on: &model, layout: &layout)) }
        return events
    }
}

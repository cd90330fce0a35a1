/// Edits made from two trees, and a tree's diff as an edit applies.
extension TreeModel {
    /// The edit that turns `old` into `new`, matching nodes by id: what a whole-tree
    /// comparison finds, which an incremental view must also find.
    ///
    /// - Complexity: O(*n* + *m*) for trees of *n* and *m* nodes, plus their descriptions.
    package static func edit(from old: TreeModel, to new: TreeModel) -> TreeEdit {
        let (oldLayout, newLayout) = (old.layout(), new.layout())
        var edit = TreeEdit()
        for slot in oldLayout.slot {
            let entry = old.entry(slot)
            guard new.slots[entry.node.id] == nil else { continue }
            edit.removed.append(entry.node)
            if !entry.children.isEmpty {
                edit.splices.append(
                    .init(parent: entry.node.id, index: 0, removed: entry.children.map(old.id), inserted: []))
            }
        }
        for slot in newLayout.slot {
            let entry = new.entry(slot)
            let children = entry.children.map(new.id)
            guard let before = old.slots[entry.node.id].map(old.entry) else {
                edit.added.append(entry.node)
                if !children.isEmpty {
                    edit.splices.append(.init(parent: entry.node.id, index: 0, removed: [], inserted: children))
                }
                continue
            }
            if before.node != entry.node { edit.changed.append(.init(old: before.node, new: entry.node)) }
            if let splice = Self.splice(of: entry.node.id, from: before.children.map(old.id), to: children) {
                edit.splices.append(splice)
            }
        }
        let (oldRoot, newRoot) = (old.id(old.root), new.id(new.root))
        if oldRoot != newRoot { edit.root = .init(old: oldRoot, new: newRoot) }
        return edit
    }

    /// The one splice that turns one list into another: what lies between their common start
    /// and their common end; `nil` if they are equal.
    package static func splice(of parent: String, from old: [String], to new: [String]) -> TreeEdit.Splice? {
        guard old != new else { return nil }
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
            end += 1
        }
        return .init(
            parent: parent, index: start, removed: Array(old[start..<(old.count - end)]),
            inserted: Array(new[start..<(new.count - end)]))
    }

    /// The id of the node in `slot`.
    package func id(_ slot: Int32) -> String { entry(slot).node.id }

    /// Applies `edit`, and says what changed as a person reads it: the ``TreeDiff`` of the tree
    /// before against the tree after, with each tree's breadth-first numbers.
    ///
    /// - Parameter before: The layout of the tree now, if known.
    /// - Returns: The diff, and the layout of the tree after.
    /// - Complexity: O(*n*) for the layouts, plus the edit.
    package mutating func applyReporting(_ edit: TreeEdit, before: Layout? = nil) throws(TreeEditError) -> (
        diff: TreeDiff, layout: Layout
    ) {
        let before = before ?? layout()
        let removed = edit.removed.compactMap { slots[$0.id] }.map { node($0, in: before) }.sorted {
            $0.order < $1.order
        }
        try apply(edit)
        let after = layout()
        let added = edit.added.compactMap { slots[$0.id] }.map { node($0, in: after) }.sorted { $0.order < $1.order }
        var changed: [TreeDiff.Change] = []
        for change in edit.changed {
            let values = TreeDiff.changes(
                from: (change.old.label, change.old.attributes[...]), to: (change.new.label, change.new.attributes[...])
            )
            guard !values.isEmpty, let slot = slots[change.new.id] else { continue }
            changed.append(TreeDiff.Change(node: node(slot, in: after), changes: values))
        }
        changed.sort { $0.node.order < $1.node.order }
        let diff = TreeDiff(
            added: added, removed: removed, changed: changed, unchangedCount: count - added.count - changed.count)
        return (diff, after)
    }
}

extension TreeEdit {
    /// The edit that turns `old` into `new`, matching nodes by id.
    ///
    /// - Complexity: O(*n* + *m*) for snapshots of *n* and *m* nodes, plus their descriptions.
    public init(from old: TreeSnapshot, to new: TreeSnapshot) {
        self = TreeModel.edit(from: TreeModel(old), to: TreeModel(new))
    }
}

extension TreeSnapshot {
    /// The tree after `edit`, which was made from this tree.
    ///
    /// - Throws: ``TreeEditError`` if the edit does not fit this tree (another tree's, or
    ///   malformed); nothing is half applied.
    /// - Complexity: O(*n*) for a tree of *n* nodes, plus the edit.
    public func applying(_ edit: TreeEdit) throws(TreeEditError) -> TreeSnapshot {
        var model = TreeModel(self)
        try model.apply(edit)
        return model.snapshot()
    }
}

extension TreeEdit {
    /// The same edit with each id both removed and added made one node that stays: its
    /// description changed and its list of children spliced, as a comparison by ids has it.
    /// An edit made piece by piece gives a new node an id that a node leaving had (a sibling
    /// of the same type inserted before it, say).
    package func mergingReusedIDs() -> TreeEdit {
        let old = Dictionary(removed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let reused = added.filter { old[$0.id] != nil }
        guard !reused.isEmpty else { return self }
        let ids = Set(reused.map(\.id))
        var edit = self
        edit.removed = removed.filter { !ids.contains($0.id) }
        edit.added = added.filter { !ids.contains($0.id) }
        for node in reused where old[node.id] != node { edit.changed.append(Change(old: old[node.id]!, new: node)) }
        var emptied: [String: [String]] = [:]
        var filled: [String: [String]] = [:]
        edit.splices = splices.filter { splice in
            guard ids.contains(splice.parent), splice.index == 0 else { return true }
            if splice.inserted.isEmpty {
                emptied[splice.parent] = splice.removed
            } else {
                filled[splice.parent] = splice.inserted
            }
            return false
        }
        for node in reused {
            if let splice = TreeModel.splice(of: node.id, from: emptied[node.id] ?? [], to: filled[node.id] ?? []) {
                edit.splices.append(splice)
            }
        }
        return edit
    }
}

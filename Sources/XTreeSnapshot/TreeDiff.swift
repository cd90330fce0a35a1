import XTreeEscaping

/// What changed between two snapshots, matching nodes by their ids.
///
/// Ids are derived from the path of types leading to a node, so two snapshots of the same
/// app, even from different runs, match node for node; an object replaced by another of the
/// same type in the same place counts as the same node with changed attributes.
///
/// ```swift
/// let before = TreeSnapshot(of: home)
/// try await home.open(.tab(.veggie))
/// print(TreeDiff(from: before, to: TreeSnapshot(of: home)))
/// ```
/// ```text
/// ~ 0 HomeCoordinator #6bhxk1tf "Home": tab meat -> veggie
/// 0 added, 0 removed, 1 changed, 8 unchanged
/// ```
public struct TreeDiff: Sendable, Hashable, Codable, CustomStringConvertible {
    /// One attribute or label that differs; `nil` on a side where it is absent.
    public struct ValueChange: Sendable, Hashable, Codable {
        /// The attribute's key, or `label` for the label.
        public var key: String
        /// The value before, if any.
        public var old: String?
        /// The value after, if any.
        public var new: String?

        /// Creates a change.
        public init(key: String, old: String?, new: String?) {
            self.key = key
            self.old = old
            self.new = new
        }
    }

    /// A node present in both snapshots whose label or attributes differ.
    public struct Change: Sendable, Hashable, Codable {
        /// The node as it is after.
        public var node: TreeSnapshot.Node
        /// What differs, label first, then attributes in the order after, then removed ones.
        public var changes: [ValueChange]

        package init(node: TreeSnapshot.Node, changes: [ValueChange]) {
            self.node = node
            self.changes = changes
        }
    }

    /// Nodes only in the later snapshot, in its breadth-first order.
    public var added: [TreeSnapshot.Node]
    /// Nodes only in the earlier snapshot, in its breadth-first order.
    public var removed: [TreeSnapshot.Node]
    /// Nodes in both whose description differs, in the later breadth-first order.
    public var changed: [Change]
    /// How many nodes are in both and describe themselves identically.
    public var unchangedCount: Int

    /// Whether the two snapshots describe the same tree.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// Compares two snapshots.
    ///
    /// - Parameters:
    ///   - old: The earlier snapshot.
    ///   - new: The later snapshot.
    /// - Complexity: O(*n* + *m*) for snapshots of *n* and *m* nodes, plus the attributes.
    public init(from old: TreeSnapshot, to new: TreeSnapshot) {
        // Read from the columns: a node value is built only for a node that is reported.
        let (old, new) = (old.columns, new.columns)
        switch (old.ids, new.ids) {
        case (.packed(let oldIDs), .packed(let newIDs)): self.init(old, new, oldIDs: oldIDs, newIDs: newIDs)
        default: self.init(old, new, oldIDs: old.indices.map { old.ids[$0] }, newIDs: new.indices.map { new.ids[$0] })
        }
    }

    package init(
        added: [TreeSnapshot.Node], removed: [TreeSnapshot.Node], changed: [Change], unchangedCount: Int
    ) {
        self.added = added
        self.removed = removed
        self.changed = changed
        self.unchangedCount = unchangedCount
    }

    private init<ID: Hashable>(_ old: TreeSnapshot.Columns, _ new: TreeSnapshot.Columns, oldIDs: [ID], newIDs: [ID]) {
        var oldIndex = [ID: Int](minimumCapacity: old.count)
        for (index, id) in oldIDs.enumerated() { oldIndex[id] = index }
        var matched = [Bool](repeating: false, count: old.count)
        added = []
        changed = []
        unchangedCount = 0
        for (index, id) in newIDs.enumerated() {
            guard let oldIndex = oldIndex[id] else {
                added.append(new.node(at: index))
                continue
            }
            matched[oldIndex] = true
            let changes = Self.changes(
                from: (old.label(of: oldIndex), old.attributes[old.attributeRange(of: oldIndex)]),
                to: (new.label(of: index), new.attributes[new.attributeRange(of: index)]))
            if changes.isEmpty {
                unchangedCount += 1
            } else {
                changed.append(Change(node: new.node(at: index), changes: changes))
            }
        }
        removed = old.indices.filter { !matched[$0] }.map(old.node(at:))
    }

    /// What differs between two descriptions, as a change lists it.
    package static func changes(
        from old: (label: String, attributes: ArraySlice<TreeSnapshot.Attribute>),
        to new: (label: String, attributes: ArraySlice<TreeSnapshot.Attribute>)
    ) -> [ValueChange] {
        var changes: [ValueChange] = []
        if old.label != new.label { changes.append(ValueChange(key: "label", old: old.label, new: new.label)) }
        guard old.attributes != new.attributes else { return changes }
        // A few attributes are compared by scanning; many through a table, so that a node's
        // diff stays linear in its attributes. Of a key given twice, the first value counts.
        let oldValues = Values(old.attributes)
        let newValues = Values(new.attributes)
        for attribute in new.attributes {
            let before = oldValues[attribute.key]
            if before != attribute.value {
                changes.append(ValueChange(key: attribute.key, old: before, new: attribute.value))
            }
        }
        for attribute in old.attributes where newValues[attribute.key] == nil {
            changes.append(ValueChange(key: attribute.key, old: attribute.value, new: nil))
        }
        return changes
    }

    /// The values of one node's attributes by key: scanned when there are few, hashed when
    /// there are many.
    private struct Values {
        static let scanLimit = 16
        let attributes: ArraySlice<TreeSnapshot.Attribute>
        let table: [String: String]?

        init(_ attributes: ArraySlice<TreeSnapshot.Attribute>) {
            self.attributes = attributes
            table =
                attributes.count > Self.scanLimit
                ? Dictionary(attributes.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) : nil
        }

        subscript(key: String) -> String? {
            if let table { return table[key] }
            return attributes.first { $0.key == key }?.value
        }
    }

    /// One line per added (`+`), removed (`-`) and changed (`~`) node, then a count line.
    public var description: String {
        var text = ""
        write(to: &text)
        return text
    }

    /// Writes ``description`` to `output`, line by line.
    public func write(to output: inout some TextOutputStream) {
        for node in added { output.write("+ \(node.headline())\n") }
        for node in removed { output.write("- \(node.headline())\n") }
        for change in changed {
            // Values are quoted, so a `,` or ` -> ` inside one cannot be misread.
            let details = change.changes.map { change in
                let old = change.old.map(TerminalText.displayValue(quotedAlways:)) ?? "(none)"
                let new = change.new.map(TerminalText.displayValue(quotedAlways:)) ?? "(none)"
                return "\(TerminalText.displayKey(change.key)) \(old) -> \(new)"
            }
            output.write("~ \(change.node.headline(attributes: false)): \(details.joined(separator: ", "))\n")
        }
        output.write(
            "\(added.count) added, \(removed.count) removed, \(changed.count) changed, \(unchangedCount) unchanged\n"
        )
    }
}

import XTreeEscaping
import XTreeSupport

extension TreeSnapshot {
    /// How many nearest nodes and names an explanation gives by default (the `limit` of
    /// ``explainNoMatch(forName:conditions:knownNames:limit:)``).
    package static let explainedNearest = 3

    /// Why a search by name with `conditions` matched nothing, in lines for a reader.
    ///
    /// When nodes answer to `name` but fail a condition, the nearest of them (fewest failed
    /// conditions first), with the values they have and the ones wanted:
    /// `nearest: 1 DefaultRecipeListCoordinator tab=veggie (wanted tab=vegan)`. When no node
    /// answers to `name`, that no type in the tree has the name and no node records
    /// conforming to a protocol of that name, the closest names the tree knows
    /// (`did you mean RecipeViewModel?`), and how a protocol becomes searchable by name.
    /// Everything from the snapshot is escaped for a terminal.
    ///
    /// - Parameters:
    ///   - name: The name searched for, as ``search(forName:all:where:)`` takes it.
    ///   - conditions: The conditions each match had to meet.
    ///   - knownNames: Names to suggest besides the tree's, such as the protocols the app
    ///     registered (`SearchableProtocols.names`, in the app's process).
    ///   - limit: How many nearest nodes or names to give at most.
    /// - Returns: The lines, without line ends; empty if something matches.
    public func explainNoMatch(
        forName name: String, conditions: [NodeCondition], knownNames: [String] = [], limit: Int = 3
    ) -> [String] {
        Self.explainNoMatch(
            answering: nodes(answeringTo: name).map { nodes[$0] }, forName: name, conditions: conditions,
            knownNames: knownNames, treeNames: Array(columns.nameLists.joined()) + columns.typeNames, limit: limit)
    }

    /// ``explainNoMatch(forName:conditions:knownNames:limit:)`` of a tree whose nodes that answer
    /// to `name` are `answering` and whose names and type names are `treeNames`: for a search
    /// made where no snapshot is (the inspector's live view).
    package static func explainNoMatch(
        answering: [Node], forName name: String, conditions: [NodeCondition], knownNames: [String],
        treeNames: [String], limit: Int = explainedNearest
    ) -> [String] {
        guard !answering.isEmpty else {
            return unknownName(name, knownNames: knownNames, treeNames: treeNames, limit: limit)
        }
        let ranked = answering.map { node in (node, conditions.filter { !$0.matches(node) }) }
            .filter { !$0.1.isEmpty }
            .sorted { $0.1.count < $1.1.count }
        guard ranked.count == answering.count else { return [] }
        return unknownKeys(of: conditions, among: answering, limit: limit)
            + ranked.prefix(limit).map { node, failed in
                let have = failed.map { condition in
                    let value = condition.key == "label" ? node.label : node.attribute(condition.key)
                    return value.map {
                        TerminalText.displayKey(condition.key) + "=" + TerminalText.displayValue($0)
                    } ?? "no \(TerminalText.displayKey(condition.key))"
                }
                let wanted = failed.map { TerminalText.escaped($0.description) }
                return "nearest: \(node.order) \(TerminalText.escaped(node.type)) \(have.joined(separator: " ")) "
                    + "(wanted \(wanted.joined(separator: " ")))"
            }
    }

    private static func unknownName(_ name: String, knownNames: [String], treeNames: [String], limit: Int) -> [String] {
        let shown = TerminalText.shortened(name)
        var lines = [
            "no node answers to \(shown): no type in the tree has that name, and no node records "
                + "conforming to a protocol of that name"
        ]
        var known = Set<String>()
        for qualified in treeNames + knownNames {
            let base = qualified.split(separator: "<", maxSplits: 1).first.map(String.init) ?? qualified
            known.insert(base.split(separator: ".").last.map(String.init) ?? base)
        }
        let base = name.split(separator: ".").last.map(String.init) ?? name
        if known.contains(base) {
            // A protocol the app registered, or a type of the tree by another module's name.
            lines.append(
                "\(TerminalText.escaped(base)) is a name the app knows, but no node in the tree answers to \(shown) now"
            )
            return lines
        }
        let wanted = Array(base).map { $0.lowercased() }
        let closest = known.map { ($0, editDistance(wanted, Array($0).map { $0.lowercased() })) }
            .filter { $0.1 <= max(2, wanted.count / 4) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(limit)
            .map { TerminalText.escaped($0.0) }
        if !closest.isEmpty { lines.append("did you mean \(closest.joined(separator: ", or "))?") }
        // A name close to one the tree knows is a slip, not a protocol left unregistered.
        if closest.isEmpty {
            lines.append(
                "a protocol is found by name once the app registers it, at start-up: "
                    + "SearchableProtocols.register((any \(shown)).self)")
        }
        return lines
    }

    /// For each condition whose key no node answering the name has: that, and the keys it
    /// could have meant (`no RecipeViewModel has recipee; did you mean recipe?`).
    private static func unknownKeys(of conditions: [NodeCondition], among answering: [Node], limit: Int) -> [String] {
        let keys = Set(answering.flatMap { $0.attributes.map(\.key) })
        var lines: [String] = []
        var seen = Set<String>()
        for condition in conditions
        where condition.key != "label" && !keys.contains(condition.key) && seen.insert(condition.key).inserted {
            let wanted = Array(condition.key.lowercased())
            let closest = keys.map { ($0, editDistance(wanted, Array($0.lowercased()))) }
                .filter { $0.1 <= max(2, wanted.count / 3) }
                .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
                .prefix(limit)
                .map { TerminalText.displayKey($0.0) }
            let types = Set(answering.map(\.type)).sorted().map(TerminalText.escaped).joined(separator: " or ")
            var line = "no \(types) has \(TerminalText.displayKey(condition.key))"
            if !closest.isEmpty {
                line += "; did you mean \(closest.joined(separator: ", or "))?"
            } else if !keys.isEmpty {
                line +=
                    "; its attributes are \(keys.sorted().prefix(8).map(TerminalText.displayKey).joined(separator: ", "))"
            }
            lines.append(line)
        }
        return lines
    }
}

extension TreeSnapshot {
    /// Why searches for the types `names` found nothing, as a journal keeps it for a link that
    /// failed or changed nothing: for each name (each once, `limit` at most), the nodes that
    /// answer to it, which the search's test refused, or that none does. Not escaped: the
    /// journal keeps the text, and whoever prints it escapes it.
    package func explainMisses(_ names: [String], limit: Int = 3) -> [String] {
        var seen = Set<String>()
        var lines: [String] = []
        for name in names where seen.insert(name).inserted {
            guard seen.count <= limit else { break }
            let bare = name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
            let answering = nodes(answeringTo: bare)
            guard !answering.isEmpty else {
                lines.append("a search for \(bare) found nothing: no node answers to \(bare)")
                continue
            }
            let shown = answering.prefix(limit).map { nodes[$0] }.map { node in
                "\(node.order) \(node.type)" + (node.label.isEmpty ? "" : " \"\(node.label)\"")
            }
            let more = answering.count > limit ? " and \(answering.count - limit) more" : ""
            lines.append(
                "a search for \(bare) found nothing: its test refused \(shown.joined(separator: ", "))\(more)")
        }
        return lines
    }
}

extension TreeSnapshot {
    /// The numbers of the nodes that answer to `name` (``typeName(_:matches:)``): by their list
    /// of names, or by their type where they have none. Decided once a list and once a type,
    /// not once a node: a tree has few of either.
    package func nodes(answeringTo name: String) -> [Int] {
        let columns = self.columns
        let lists = columns.nameLists.map { list in list.contains { typeName(name, matches: $0) } }
        let types = columns.typeNames.map { typeName(name, matches: $0) }
        return columns.indices.filter { node in
            let list = columns.nameListNumber(of: node)
            return columns.nameLists[list].isEmpty ? types[Int(columns.types[node])] : lists[list]
        }
    }
}

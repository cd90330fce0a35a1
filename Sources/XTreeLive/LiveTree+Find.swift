import XTree
import XTreeSnapshot

extension LiveTree {
    /// What a search of the view by name found: what `find` prints, with no snapshot made.
    package struct Found: Sendable {
        /// How many nodes the search visited, and its largest frontier, as a snapshot's has.
        package var visited = 0
        package var largestFrontier = 1
        /// The last visited node's number, if it matched (as a trace's `match`).
        package var lastMatch: Int?
        /// Each match, with the path to it: numbers and types from the root.
        package var matches: [(node: TreeSnapshot.Node, path: [(order: Int?, type: String)])] = []
        /// The first visited nodes, as a trace's steps.
        package var shown: [SearchTrace.Step] = []
        /// Where nothing matched: the nodes that answer to the name that its explanation reads
        /// (the nearest of each count of failed conditions, one of each type and key), and
        /// every name in the tree.
        package var answering: [TreeSnapshot.Node] = []
        package var treeNames: [String] = []
    }

    /// Searches the view breadth first for nodes that answer to `name` and satisfy every one of
    /// `conditions`, as ``TreeSnapshot/search(forName:all:where:)`` searches a snapshot of it,
    /// numbering as it numbers: no snapshot of the tree is made, and a node value is built only
    /// for what the answer prints. `nil` where some object is in two lists or a cycle, whose
    /// numbers only a snapshot's walk gives.
    ///
    /// - Complexity: O(*n*) for the *n* nodes visited; O(*n*) memory for their numbers.
    package func find(name: String, conditions: [NodeCondition], all: Bool, shown: Int) -> Found? {
        guard !sharesObjects, records.indices.contains(Int(rootSlot)) else { return nil }
        var found = Found()
        var orders = [Int32](repeating: -1, count: records.count)
        var queue: [Int32] = [rootSlot]
        queue.reserveCapacity(count)
        var answersByType = [Bool?](repeating: nil, count: types.count)
        var present = [Bool](repeating: false, count: types.count)
        // Each visited node's count of failed conditions (-1: it does not answer to the name),
        // and whether some node that answers has each condition's key: for a miss's explanation.
        var failedCounts = [Int32](repeating: -1, count: records.count)
        var keysSeen = conditions.map { $0.key == "label" }
        var head = 0
        while head < queue.count {
            let slot = queue[head]
            let order = head
            head += 1
            orders[Int(slot)] = Int32(order)
            // As a snapshot counts it: the nodes discovered but not yet visited, this one included.
            found.largestFrontier = max(found.largestFrontier, queue.count - order)
            // Fields read in place: a record copied would retain its strings and arrays (and
            // children appended one by one: the array passed whole is retained, and a closure
            // over it is checked for the main actor each time).
            for index in records[Int(slot)].children.indices { queue.append(records[Int(slot)].children[index]) }
            let type = Int(records[Int(slot)].type)
            present[type] = true
            let answers: Bool
            if let known = answersByType[type] {
                answers = known
            } else {
                let facts = types[type]
                answers =
                    facts.searchNames.isEmpty
                    ? typeName(name, matches: facts.name) : facts.searchNames.contains { typeName(name, matches: $0) }
                answersByType[type] = answers
            }
            var verdict = SearchTrace.Verdict.wrongType
            if answers {
                var failed: Int32 = 0
                for (index, condition) in conditions.enumerated() {
                    if !condition.matches(label: records[Int(slot)].label, attributes: records[Int(slot)].attributes) {
                        failed &+= 1
                    }
                    if !keysSeen[index], records[Int(slot)].attributes.contains(where: { $0.key == condition.key }) {
                        keysSeen[index] = true
                    }
                }
                failedCounts[Int(slot)] = failed
                verdict = failed == 0 ? .matched : .rejected
            }
            found.visited += 1
            if found.shown.count < shown {
                let record = records[Int(slot)]
                found.shown.append(
                    SearchTrace.Step(
                        order: order, depth: Int(record.depth), parentOrder: parentOrder(of: record, orders),
                        type: types[type].name, label: record.label, verdict: verdict))
            }
            found.lastMatch = verdict == .matched ? order : nil
            if verdict == .matched {
                found.matches.append(
                    (node(of: records[Int(slot)], order: order, orders: orders), path(from: slot, orders)))
                if !all { break }
            }
        }
        if found.matches.isEmpty {
            // Only now: what the explanation of a miss reads.
            // The explanation reads the nearest few of them (fewest failed conditions, then
            // breadth first: a stable sort), the keys of their attributes and their types; so
            // the first few of each count of failed conditions, and one of each new type or key,
            // in order, give it the lines all of them would.
            // The keys of their attributes matter only where some condition's key is none of them.
            let nearest = TreeSnapshot.explainedNearest
            let tracksKeys = keysSeen.contains(false)
            var byFailed = [Int](repeating: 0, count: conditions.count + 1)
            var keys = Set<String>()
            var typesKept = [Bool](repeating: false, count: types.count)
            for slot in queue where failedCounts[Int(slot)] >= 0 {
                let failed = Int(failedCounts[Int(slot)])
                var kept = byFailed[failed] < nearest
                byFailed[failed] += 1
                if !typesKept[Int(records[Int(slot)].type)] {
                    typesKept[Int(records[Int(slot)].type)] = true
                    kept = true
                }
                if tracksKeys {
                    for attribute in records[Int(slot)].attributes where keys.insert(attribute.key).inserted {
                        kept = true
                    }
                }
                if kept {
                    found.answering.append(node(of: records[Int(slot)], order: Int(orders[Int(slot)]), orders: orders))
                }
            }
            // The names of the types in the tree now: the view keeps those of types gone too.
            let inTree = types.indices.filter { present[$0] }.map { types[$0] }
            found.treeNames = inTree.flatMap(\.searchNames) + inTree.map(\.name)
        }
        return found
    }

    /// Where a link ended, as an `open` that asks for the answer alone is told it: the nodes
    /// from the root to `object`, numbered as a snapshot numbers them, and with `types` the
    /// type names in the tree now (what coverage counts). `nil` where some object is in two
    /// lists or a cycle, as for ``find(name:conditions:all:shown:)``.
    ///
    /// - Complexity: O(*n*) for the *n* nodes, none described: one breadth-first numbering.
    package func reached(_ object: AnyObject?, types wantsTypes: Bool) -> (path: [TreeSnapshot.Node], types: [String])?
    {
        guard !sharesObjects, records.indices.contains(Int(rootSlot)) else { return nil }
        var orders = [Int32](repeating: -1, count: records.count)
        var present = [Bool](repeating: false, count: types.count)
        var queue: [Int32] = [rootSlot]
        queue.reserveCapacity(count)
        var head = 0
        while head < queue.count {
            let slot = Int(queue[head])
            orders[slot] = Int32(head)
            head += 1
            queue.append(contentsOf: records[slot].children)
            present[Int(records[slot].type)] = true
        }
        var path: [TreeSnapshot.Node] = []
        if let object, contains(object), var slot = slotOf[ObjectIdentifier(object)] {
            while slot >= 0 {
                path.append(node(of: records[Int(slot)], order: Int(orders[Int(slot)]), orders: orders))
                slot = records[Int(slot)].parent
            }
        }
        let names = wantsTypes ? types.indices.filter { present[$0] }.map { types[$0].name } : []
        return (path.reversed(), names)
    }

    private func parentOrder(of record: Record, _ orders: [Int32]) -> Int? {
        record.parent < 0 ? nil : Int(orders[Int(record.parent)])
    }

    /// The node value of `record`, numbered `order`, as a snapshot holds it (its links left out).
    private func node(of record: Record, order: Int, orders: [Int32]) -> TreeSnapshot.Node {
        let facts = types[Int(record.type)]
        return TreeSnapshot.Node(
            id: id(of: record), type: facts.name, label: record.label, attributes: record.attributes,
            depth: Int(record.depth), order: order, parent: parentOrder(of: record, orders), links: [],
            names: facts.searchNames, identity: record.identity)
    }

    /// The numbers and types from the root to `slot`.
    private func path(from slot: Int32, _ orders: [Int32]) -> [(order: Int?, type: String)] {
        var path: [(order: Int?, type: String)] = []
        var slot = slot
        while slot >= 0 {
            let record = records[Int(slot)]
            path.append((Int(orders[Int(slot)]), types[Int(record.type)].name))
            slot = record.parent
        }
        return path.reversed()
    }
}

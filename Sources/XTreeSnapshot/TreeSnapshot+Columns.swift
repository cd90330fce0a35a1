import XTreeEscaping

extension TreeSnapshot {
    /// The nodes of a snapshot, by breadth-first number.
    ///
    /// A snapshot stores its nodes field by field, so reading one builds its ``Node`` value:
    /// O(1) plus its attributes, links and names.
    public struct Nodes: RandomAccessCollection, Sendable, Hashable {
        @usableFromInline
        package let storage: ColumnStorage

        /// Whether both hold the same nodes.
        public static func == (lhs: Nodes, rhs: Nodes) -> Bool {
            lhs.storage === rhs.storage || lhs.storage.columns == rhs.storage.columns
        }

        /// Hashes the nodes.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(storage.columns)
        }

        /// 0, the root's number.
        public var startIndex: Int { 0 }
        /// One past the last node's number: the number of nodes.
        public var endIndex: Int { storage.columns.count }

        /// The node whose breadth-first number is `position`.
        public subscript(position: Int) -> Node {
            storage.columns.node(at: position)
        }
    }

    /// The immutable home of a snapshot's columns, so that copying a snapshot or its
    /// ``Nodes`` copies one reference.
    @usableFromInline
    package final class ColumnStorage: Sendable {
        @usableFromInline
        package let columns: Columns

        @usableFromInline
        package init(_ columns: Columns) {
            self.columns = columns
        }
    }

    /// A snapshot's nodes stored field by field, each column indexed by breadth-first number.
    ///
    /// Its per-node accessors and appends are `@inlinable`: the walk that fills the columns
    /// (XTree) and the renderers that read them (XTreeRendering) are other modules, and a call
    /// per node and field made snapshots and text a third to a half slower than when they were
    /// inlined (`xtree-bench`, 1,000,000 nodes).
    ///
    /// Every value a node shares with others is stored once: type names, and lists of search
    /// names, are kept in order of first use and referred to by number; attributes and links
    /// of all nodes are in one array each, node after node. The form is canonical (the same
    /// nodes always give the same columns), so columns compare and hash as their nodes do.
    @usableFromInline
    package struct Columns: Hashable, Sendable {
        /// The most nodes a snapshot holds: a link keeps its kind in the two bits above.
        @usableFromInline
        package static let maxCount = 1 << 30

        @usableFromInline
        package var ids = IDs.packed([])
        @usableFromInline
        package var types: [UInt32] = []
        @usableFromInline
        package var typeNames: [String] = []
        /// The UTF-8 of every node's label, node after node: no string, and no allocation for
        /// a long label, per node.
        @usableFromInline
        package var labelBytes: [UInt8] = []
        /// Where each node's label ends in `labelBytes`.
        @usableFromInline
        package var labelEnds: [UInt32] = []
        /// Where each node's attributes end in `attributes`; they start where the previous
        /// node's end.
        @usableFromInline
        package var attributeEnds: [UInt32] = []
        @usableFromInline
        package var attributes: [Attribute] = []
        /// Where the nodes of each depth start: nodes are in breadth-first order, so their
        /// depths never decrease.
        @usableFromInline
        package var levelStarts: [UInt32] = []
        /// `-1` for the root.
        @usableFromInline
        package var parents: [Int32] = []
        /// Where each node's links end in `links`.
        @usableFromInline
        package var linkEnds: [UInt32] = []
        /// Each link's node shifted left by two, with its kind in the two low bits.
        @usableFromInline
        package var links: [UInt32] = []
        @usableFromInline
        package var nameLists: [[String]] = []
        /// The list of names of each type, when every node of the type has the same list (as in
        /// a snapshot taken in-process, where names depend on the type alone); empty otherwise.
        @usableFromInline
        package var typeNameLists: [UInt32] = []
        /// The list of names of each node, when `typeNameLists` is empty.
        @usableFromInline
        package var nameList: [UInt32] = []
        /// The nodes that supplied an identity, in order, and their identities: few nodes
        /// have one, so they are not a column of every node.
        @usableFromInline
        package var identityNodes: [UInt32] = []
        @usableFromInline
        package var identities: [String] = []

        @usableFromInline
        package var count: Int { labelEnds.count }

        /// The nodes' numbers.
        @usableFromInline
        package var indices: Range<Int> { 0..<count }

        @inlinable
        package func parent(of node: Int) -> Int? {
            parents[node] < 0 ? nil : Int(parents[node])
        }

        @inlinable
        package func attributeRange(of node: Int) -> Range<Int> {
            (node == 0 ? 0 : Int(attributeEnds[node &- 1]))..<Int(attributeEnds[node])
        }

        @inlinable
        package func labelRange(of node: Int) -> Range<Int> {
            (node == 0 ? 0 : Int(labelEnds[node &- 1]))..<Int(labelEnds[node])
        }

        /// The label of `node`, as its object gave it.
        @usableFromInline
        package func label(of node: Int) -> String {
            labelBytes.withUnsafeBufferPointer { String(decoding: $0[labelRange(of: node)], as: UTF8.self) }
        }

        /// Appends a node's label.
        @inlinable @inline(__always)
        package mutating func appendLabel(_ label: String) {
            if !label.isEmpty {
                var label = label
                label.withUTF8 { labelBytes.append(contentsOf: $0) }
            }
            precondition(labelBytes.count <= UInt32.max, "a snapshot holds at most 4 GB of labels")
            labelEnds.append(UInt32(truncatingIfNeeded: labelBytes.count))
        }

        @inlinable
        package func linkRange(of node: Int) -> Range<Int> {
            (node == 0 ? 0 : Int(linkEnds[node &- 1]))..<Int(linkEnds[node])
        }

        @inlinable
        package func type(of node: Int) -> String { typeNames[Int(types[node])] }

        /// The depth of `node`, found by binary search over the starts of the levels.
        @inlinable
        package func depth(of node: Int) -> Int {
            var lower = 1
            var upper = levelStarts.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if levelStarts[middle] <= node { lower = middle + 1 } else { upper = middle }
            }
            return lower - 1
        }

        /// The largest depth of any node.
        @usableFromInline
        package var depth: Int { levelStarts.count - 1 }

        /// The number of the list of names `node` answers to, in `nameLists`.
        @inlinable
        package func nameListNumber(of node: Int) -> Int {
            Int(nameList.isEmpty ? typeNameLists[Int(types[node])] : nameList[node])
        }

        /// Records that the last node so far is at `depth`, the same as the node before's or
        /// one more.
        @inlinable @inline(__always)
        package mutating func noteDepth(_ depth: Int) {
            if depth == levelStarts.count { levelStarts.append(UInt32(truncatingIfNeeded: count - 1)) }
        }

        /// Numbers the list of names of a node of `type`, the last node so far: by type while
        /// every node of a type has one list, by node from the first that does not.
        @inlinable
        package mutating func noteNameList(_ list: UInt32, type: UInt32) {
            if !nameList.isEmpty {
                nameList.append(list)
            } else if Int(type) == typeNameLists.count {
                typeNameLists.append(list)
            } else if typeNameLists[Int(type)] != list {
                nameList = types.dropLast().map { typeNameLists[Int($0)] }
                nameList.append(list)
                typeNameLists = []
            }
        }

        /// The identity the node supplied, found by binary search.
        @usableFromInline
        package func identity(of node: Int) -> String? {
            var lower = 0
            var upper = identityNodes.count
            while lower < upper {
                let middle = (lower + upper) / 2
                if identityNodes[middle] < node { lower = middle + 1 } else { upper = middle }
            }
            return lower < identityNodes.count && identityNodes[lower] == node ? identities[lower] : nil
        }

        /// Records `identity` for `node`, which comes after every node recorded so far.
        @inlinable
        package mutating func appendIdentity(_ identity: String?, of node: Int) {
            guard let identity else { return }
            identityNodes.append(UInt32(truncatingIfNeeded: node))
            identities.append(identity)
        }

        @inlinable
        package func link(at index: Int) -> Link {
            Link(kind: Self.kind(links[index]), node: Self.target(links[index]))
        }

        @inlinable
        package static func packed(_ node: Int, _ kind: LinkKind) -> UInt32 {
            let bits: UInt32 =
                switch kind {
                case .child: 0
                case .cycle: 1
                case .shared: 2
                }
            return UInt32(truncatingIfNeeded: node) << 2 | bits
        }

        @inlinable
        package static func target(_ link: UInt32) -> Int { Int(link >> 2) }

        @inlinable
        package static func kind(_ link: UInt32) -> LinkKind {
            switch link & 3 {
            case 0: .child
            case 1: .cycle
            default: .shared
            }
        }

        @usableFromInline
        package func node(at index: Int) -> Node {
            Node(
                id: ids[index],
                type: type(of: index),
                label: label(of: index),
                attributes: Array(attributes[attributeRange(of: index)]),
                depth: depth(of: index),
                order: index,
                parent: parent(of: index),
                links: linkRange(of: index).map(link(at:)),
                names: nameLists[nameListNumber(of: index)],
                identity: identity(of: index)
            )
        }

        /// Appends the headline of the node at `index`, as ``Node/description`` writes it,
        /// with its type from `types`.
        @inlinable @inline(__always)
        package func appendHeadline(
            of index: Int, to bytes: inout UTF8Buffer, attributes showsAttributes: Bool = true,
            types: borrowing EscapedTypeNames
        ) {
            labelBytes.withUnsafeBufferPointer { labels in
                Node.appendHeadline(
                    order: index, label: UnsafeBufferPointer(rebasing: labels[labelRange(of: index)]),
                    attributes: showsAttributes ? attributes[attributeRange(of: index)] : [], to: &bytes,
                    type: { types.append(self.types[index], to: &$0) }, id: { ids.append(index, to: &$0) })
            }
        }

        /// The columns of `nodes`, which are in breadth-first order (`order` is not read).
        @usableFromInline
        package init<Nodes: Collection<Node>>(_ nodes: Nodes) {
            var typeNumbers: [String: UInt32] = [:]
            var nameListNumbers: [[String]: UInt32] = [:]
            var packedIDs: [UInt64]? = []
            var textIDs: [String] = []
            var lastList: UInt32?
            for node in nodes {
                if packedIDs != nil, let value = ShortID.value(of: node.id) {
                    packedIDs!.append(value)
                } else if packedIDs != nil {
                    textIDs = nodes.prefix(packedIDs!.count).map(\.id)
                    textIDs.append(node.id)
                    packedIDs = nil
                } else {
                    textIDs.append(node.id)
                }
                // Nodes of one type usually come in runs: the last type and names are checked
                // before the tables.
                if let lastType = types.last, typeNames[Int(lastType)] == node.type {
                    types.append(lastType)
                } else {
                    types.append(Self.number(of: node.type, in: &typeNames, numbers: &typeNumbers))
                }
                appendLabel(node.label)
                attributes += node.attributes
                attributeEnds.append(UInt32(truncatingIfNeeded: attributes.count))
                noteDepth(node.depth)
                parents.append(node.parent.map { Int32(truncatingIfNeeded: $0) } ?? -1)
                for link in node.links { links.append(Self.packed(link.node, link.kind)) }
                linkEnds.append(UInt32(truncatingIfNeeded: links.count))
                if lastList == nil || nameLists[Int(lastList!)] != node.names {
                    lastList = Self.number(of: node.names, in: &nameLists, numbers: &nameListNumbers)
                }
                noteNameList(lastList!, type: types[types.count - 1])
                appendIdentity(node.identity, of: count - 1)
            }
            ids = packedIDs.map(IDs.packed) ?? .text(textIDs)
        }

        @usableFromInline
        package init() {}

        /// The number of `value` in `values`, appending it the first time it is used. Inlinable,
        /// so that a snapshot's builder in another module gets it specialized: a generic call
        /// looks up metadata for every type of every snapshot.
        /// Up to 16 values are searched in order, with no table: most snapshots have a few
        /// types, and hashing every name list of each costs more than comparing them.
        @inlinable
        package static func number<Value: Hashable>(
            of value: Value, in values: inout [Value], numbers: inout [Value: UInt32]
        ) -> UInt32 {
            if numbers.isEmpty {
                if let index = values.firstIndex(of: value) { return UInt32(truncatingIfNeeded: index) }
                if values.count < 16 {
                    values.append(value)
                    return UInt32(truncatingIfNeeded: values.count - 1)
                }
                for (index, known) in values.enumerated() { numbers[known] = UInt32(truncatingIfNeeded: index) }
            }
            if let number = numbers[value] { return number }
            let number = UInt32(truncatingIfNeeded: values.count)
            values.append(value)
            numbers[value] = number
            return number
        }
    }

    /// Each type name of a snapshot escaped for a terminal, once for a whole rendering.
    @usableFromInline
    package struct EscapedTypeNames: ~Copyable {
        @usableFromInline var bytes = UTF8Buffer()
        @usableFromInline var ends: [Int] = []

        @usableFromInline
        package init(_ names: [String]) {
            for name in names {
                TerminalText.appendEscaped(name, to: &bytes)
                ends.append(bytes.count)
            }
        }

        @inlinable @inline(__always)
        package func append(_ type: UInt32, to output: inout UTF8Buffer) {
            let type = Int(type)
            bytes.withBytes { all in
                output.append(UnsafeBufferPointer(rebasing: all[(type == 0 ? 0 : ends[type - 1])..<ends[type]]))
            }
        }
    }

    /// Node ids: as 40-bit numbers when every id is one in its eight-character form (as in
    /// every snapshot taken in-process), as text otherwise.
    @usableFromInline
    package enum IDs: Hashable, Sendable {
        case packed([UInt64])
        case text([String])

        @usableFromInline
        package subscript(index: Int) -> String {
            switch self {
            case .packed(let values): ShortID.string(values[index])
            case .text(let strings): strings[index]
            }
        }

        @inlinable @inline(__always)
        package func append(_ index: Int, to bytes: inout UTF8Buffer) {
            switch self {
            case .packed(let values): ShortID.append(values[index], to: &bytes)
            case .text(let strings): TerminalText.appendEscaped(strings[index], to: &bytes)
            }
        }
    }
}

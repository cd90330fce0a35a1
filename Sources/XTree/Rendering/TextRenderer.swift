/// Renders a snapshot as an indented tree, in the style of the `tree` command.
///
/// Each line shows the breadth-first number, type, id, label and attributes of a node.
/// Links to nodes shown elsewhere get their own line: `↺` for a cycle back to an ancestor,
/// `→` for an object shared with another parent. A closing line counts nodes, depth and
/// links of each kind, and says how many nodes the limits left out.
///
/// ```swift
/// TextRenderer().render(TreeSnapshot(of: home), to: &output)
/// ```
/// ```text
/// 0 HomeCoordinator #6bhxk1tf "Home" tab=meat
/// ├── 1 VeggieListCoordinator #d2m0q9ra "Vegetarian" recipes=6
/// └── 2 MeatListCoordinator #f81zvw3e "Meat" recipes=6
/// 3 nodes, depth 1, links: 2 child, 0 cycle, 0 shared
/// ```
public struct TextRenderer: TreeRenderer {
    /// Nodes deeper than this are left out and counted; `nil` shows every depth.
    public var maxDepth: Int?
    /// At most this many nodes are shown, in depth-first order; `nil` shows all.
    public var maxNodes: Int?
    /// Breadth-first numbers of nodes to mark with `◀`, such as a search's path.
    public var highlighted: Set<Int>
    /// Whether to colour with ANSI escape codes.
    public var colors: Bool
    /// Deeper lines show only this many levels of guides, after a `┆+N` marker counting the
    /// hidden ones, so that a very deep chain stays readable and linear in size.
    public var maxIndentation: Int

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - maxDepth: Nodes deeper than this are left out; `nil` for no limit.
    ///   - maxNodes: At most this many nodes are shown; `nil` for no limit.
    ///   - highlighted: Breadth-first numbers of nodes to mark.
    ///   - colors: Whether to use ANSI colours.
    ///   - maxIndentation: Levels of guides shown before the rest are summarised.
    public init(
        maxDepth: Int? = nil,
        maxNodes: Int? = nil,
        highlighted: Set<Int> = [],
        colors: Bool = false,
        maxIndentation: Int = 32
    ) {
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
        self.highlighted = highlighted
        self.colors = colors
        self.maxIndentation = Swift.max(1, maxIndentation)
    }

    /// Writes the tree to `output` in blocks of whole lines (about 64 KB each), then the
    /// closing line on its own.
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links, with lines of bounded length;
    ///   constant stack depth.
    public func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream) {
        // Read in place: a node is never copied for its line.
        snapshot.nodes.withUnsafeBufferPointer { nodes in
            render(nodes, of: snapshot, to: &output)
        }
    }

    private func render(
        _ nodes: UnsafeBufferPointer<TreeSnapshot.Node>,
        of snapshot: TreeSnapshot,
        to output: inout some TextOutputStream
    ) {
        var shown = 0
        var leftOut = 0
        var truncated = false
        let subtreeSizes = maxDepth == nil ? [] : Self.subtreeSizes(snapshot.nodes)
        // Each entry: a node, the next of its links to draw, and whether it is the last line
        // of its parent's block (which decides the guide drawn under it).
        var stack: [(node: Int, nextLink: Int, isLast: Bool)] = []
        // The guides that lines under the stack's entries start with, as UTF-8, and where each
        // entry's guides end: each entry within `maxIndentation` adds its guide once, rather
        // than every line adding one per level.
        var guides: [UInt8] = []
        var guideEnds: [Int] = []
        func push(_ node: Int, isLast: Bool) {
            if !stack.isEmpty, stack.count < maxIndentation {
                guides.append(contentsOf: (isLast ? "    " : "│   ").utf8)
            }
            guideEnds.append(guides.count)
            stack.append((node, 0, isLast))
        }
        func pop() {
            stack.removeLast()
            guideEnds.removeLast()
            guides.removeSubrange((guideEnds.last ?? 0)...)
        }
        // The UTF-8 of whole lines, written out in blocks of about 64 KB: no allocation per
        // line once it has grown, and one string and one write per block.
        var line: [UInt8] = []
        line.reserveCapacity(Self.blockSize + 1_024)
        func appendPrefix(isLast: Bool) {
            let hidden = stack.count - maxIndentation
            if hidden > 0 {
                line.append(contentsOf: style("┆+\(hidden) ", .dim).utf8)
                for entry in stack.dropFirst(1 + hidden) {
                    line.append(contentsOf: (entry.isLast ? "    " : "│   ").utf8)
                }
            } else {
                line.append(contentsOf: guides[..<guideEnds[stack.count - 1]])
            }
            line.append(contentsOf: (isLast ? "└── " : "├── ").utf8)
        }
        func writeOut() {
            output.write(String(decoding: line, as: UTF8.self))
            line.removeAll(keepingCapacity: true)
        }
        func flush() {
            line.append(UInt8(ascii: "\n"))
            if line.count >= Self.blockSize { writeOut() }
        }
        // Writes a node's line; returns whether its links are to be drawn under it.
        func show(_ index: Int, isLast: Bool) -> Bool {
            appendNodeLine(
                nodes.baseAddress! + index, isHighlighted: !highlighted.isEmpty && highlighted.contains(index),
                to: &line)
            flush()
            shown += 1
            guard let maxDepth, nodes[index].depth >= maxDepth else { return true }
            let below = subtreeSizes[index] - 1
            if below > 0 {
                push(index, isLast: isLast)
                appendPrefix(isLast: true)
                line.append(contentsOf: style("… \(count(below, "node")) below depth \(maxDepth)", .dim).utf8)
                flush()
                pop()
                leftOut += below
            }
            return false
        }

        if show(0, isLast: true) { push(0, isLast: true) }
        while let top = stack.last {
            let linkCount = nodes[top.node].links.count
            guard top.nextLink < linkCount else {
                pop()
                continue
            }
            stack[stack.count - 1].nextLink += 1
            let link = nodes[top.node].links[top.nextLink]
            let isLast = top.nextLink == linkCount - 1
            switch link.kind {
            case .cycle:
                appendPrefix(isLast: isLast)
                line.append(
                    contentsOf: style("↺ cycle to \(nodes[link.node].headline(attributes: false))", .cycle).utf8)
                flush()
            case .shared:
                appendPrefix(isLast: isLast)
                line.append(contentsOf: style("→ shared \(nodes[link.node].headline(attributes: false))", .shared).utf8)
                flush()
            case .child:
                if let maxNodes, shown >= maxNodes {
                    truncated = true
                    stack.removeAll()
                    continue
                }
                appendPrefix(isLast: isLast)
                if show(link.node, isLast: isLast) { push(link.node, isLast: isLast) }
            }
        }
        if truncated { leftOut = nodes.count - shown }
        if !line.isEmpty { writeOut() }
        output.write(summary(snapshot, leftOut: leftOut, truncated: truncated))
    }

    private func appendNodeLine(
        _ node: UnsafePointer<TreeSnapshot.Node>, isHighlighted: Bool, to bytes: inout [UInt8]
    ) {
        guard colors else {
            TreeSnapshot.Node.appendHeadline(of: node, to: &bytes)
            if isHighlighted { bytes.append(contentsOf: " ◀".utf8) }
            return
        }
        bytes.append(contentsOf: colored(node.pointee, isHighlighted: isHighlighted).utf8)
    }

    private func colored(_ node: TreeSnapshot.Node, isHighlighted: Bool) -> String {
        var text = style("\(node.order)", .order) + " "
        text += style(TerminalText.escaped(node.type), isHighlighted ? .path : .type)
        text += " " + style("#\(TerminalText.escaped(node.id))", .dim)
        if !node.label.isEmpty { text += " " + TerminalText.quoted(node.label) }
        for attribute in node.attributes {
            text += " \(TerminalText.escaped(attribute.key))=\(TerminalText.displayValue(attribute.value))"
        }
        if isHighlighted { text += style(" ◀", .path) }
        return text
    }

    private func summary(_ snapshot: TreeSnapshot, leftOut: Int, truncated: Bool) -> String {
        let counts = snapshot.linkCounts
        var text = "\(count(snapshot.nodes.count, "node")), depth \(snapshot.depth), links: "
        text += TreeSnapshot.LinkKind.allCases.map { "\(counts[$0, default: 0]) \($0.rawValue)" }.joined(
            separator: ", ")
        if leftOut > 0 {
            let reason = truncated ? "the limit of \(maxNodes ?? 0) nodes" : "the depth limit of \(maxDepth ?? 0)"
            text += "; \(count(leftOut, "node")) not shown (\(reason))"
        }
        for group in snapshot.duplicateIdentities {
            let orders = group.map(String.init).joined(separator: ", ")
            text += "\nnodes \(orders) are siblings of one type with the same identity; told apart by position"
        }
        return text + "\n"
    }

    /// For each node, the number of nodes in its subtree of child links, itself included.
    static func subtreeSizes(_ nodes: [TreeSnapshot.Node]) -> [Int] {
        var sizes = [Int](repeating: 1, count: nodes.count)
        // Parents come before children in breadth-first order, so one backward pass suffices.
        for node in nodes.reversed() {
            if let parent = node.parent { sizes[parent] += sizes[node.order] }
        }
        return sizes
    }

    /// How many bytes of lines are written at once.
    private static let blockSize = 65_536

    private enum Style: String {
        case order = "2"
        case type = "1"
        case dim = "90"
        case path = "1;32"
        case cycle = "33"
        case shared = "36"
    }

    private func style(_ text: String, _ style: Style) -> String {
        colors ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// `1 node`, `2 nodes`.
private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}

extension DeepLinkable {
    /// The text tree of everything reachable from this object, for `po` in the debugger and
    /// for logs.
    ///
    /// ```text
    /// (lldb) po home.treeDescription()
    /// ```
    ///
    /// - Returns: ``TextRenderer``'s rendering of a snapshot taken now, private values redacted.
    /// - Complexity: The cost of a snapshot and its rendering.
    public func treeDescription() -> String {
        TextRenderer().rendered(TreeSnapshot(of: self))
    }
}

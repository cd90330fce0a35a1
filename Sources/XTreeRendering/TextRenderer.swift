import XTreeEscaping
import XTreeSnapshot

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
        var writer = TextTreeWriter(renderer: self, columns: snapshot.columns)
        writer.writeLines { output.write($0.string) }
        output.write(summary(snapshot, leftOut: writer.leftOut, truncated: writer.truncated))
    }

    /// Writes the tree's UTF-8 to `write` in blocks of whole lines (about 64 KB each), then
    /// the closing line on its own: the bytes of ``render(_:to:)``, with no strings made.
    public func render(_ snapshot: TreeSnapshot, toUTF8 write: (borrowing UTF8Buffer) -> Void) {
        var writer = TextTreeWriter(renderer: self, columns: snapshot.columns)
        writer.writeLines(to: write)
        let summary = summary(snapshot, leftOut: writer.leftOut, truncated: writer.truncated)
        var closing = UTF8Buffer(capacity: summary.utf8.count)
        closing.append(contentsOf: summary)
        write(closing)
    }

    fileprivate func colored(_ node: TreeSnapshot.Node, isHighlighted: Bool) -> String {
        var text = style("\(node.order)", .order) + " "
        text += style(TerminalText.escaped(node.type), isHighlighted ? .path : .type)
        text += " " + style("#\(TerminalText.escaped(node.id))", .dim)
        if !node.label.isEmpty { text += " " + TerminalText.quoted(node.label) }
        for attribute in node.attributes {
            text += " \(TerminalText.displayKey(attribute.key))=\(TerminalText.displayValue(attribute.value))"
        }
        if isHighlighted { text += style(" ◀", .path) }
        return text
    }

    private func summary(_ snapshot: TreeSnapshot, leftOut: Int, truncated: Bool) -> String {
        let counts = snapshot.linkCounts
        var text = "\(count(snapshot.columns.count, "node")), depth \(snapshot.depth), links: "
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
    static func subtreeSizes(_ columns: TreeSnapshot.Columns) -> [Int] {
        var sizes = [Int](repeating: 1, count: columns.count)
        // Parents come before children in breadth-first order, so one backward pass suffices.
        for node in (0..<columns.count).reversed() {
            if let parent = columns.parent(of: node) { sizes[parent] += sizes[node] }
        }
        return sizes
    }

    fileprivate enum Style: String {
        case order = "2"
        case type = "1"
        case dim = "90"
        case path = "1;32"
        case cycle = "33"
        case shared = "36"
    }

    fileprivate func style(_ text: String, _ style: Style) -> String {
        colors ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

/// One rendering's walk: depth first over the child links, from the columns, so that no node
/// value is built for a line.
private struct TextTreeWriter: ~Copyable {
    let renderer: TextRenderer
    let columns: TreeSnapshot.Columns
    let types: TreeSnapshot.EscapedTypeNames
    let subtreeSizes: [Int]
    // Each entry: a node's next link to draw and the end of its links (in the links column),
    // where the guides of the lines under it end, and whether it is the last line of its
    // parent's block (which decides the guide drawn under it).
    var stack: [(nextLink: Int, linkEnd: Int, guideEnd: Int, isLast: Bool)] = []
    // The guides that lines under the stack's entries start with, as UTF-8: each entry within
    // `maxIndentation` adds its guide once, rather than every line adding one per level.
    var guides = UTF8Buffer()
    // The UTF-8 of whole lines, written out in blocks of about 64 KB: one string and one
    // write per block.
    var line = UTF8Buffer(capacity: UTF8Buffer.blockSize + 1_024)
    var shown = 0
    private(set) var leftOut = 0
    private(set) var truncated = false

    // The pieces of the guides, as constants rather than strings made for each line.
    private static var guide: StaticString { "│   " }
    private static var blank: StaticString { "    " }
    private static var branch: StaticString { "├── " }
    private static var lastBranch: StaticString { "└── " }

    init(renderer: TextRenderer, columns: TreeSnapshot.Columns) {
        self.renderer = renderer
        self.columns = columns
        types = TreeSnapshot.EscapedTypeNames(columns.typeNames)
        subtreeSizes = renderer.maxDepth == nil ? [] : TextRenderer.subtreeSizes(columns)
    }

    /// Writes every line but the closing one, passing each block of lines to `output`.
    mutating func writeLines(to output: (borrowing UTF8Buffer) -> Void) {
        if show(0, isLast: true, to: output) { push(0, isLast: true) }
        while let top = stack.last {
            guard top.nextLink < top.linkEnd else {
                pop()
                continue
            }
            stack[stack.count - 1].nextLink += 1
            let link = columns.link(at: top.nextLink)
            let isLast = top.nextLink == top.linkEnd - 1
            switch link.kind {
            case .cycle, .shared:
                appendPrefix(isLast: isLast)
                var headline = UTF8Buffer()
                columns.appendHeadline(of: link.node, to: &headline, attributes: false, types: types)
                let text = headline.string
                line.append(
                    contentsOf: link.kind == .cycle
                        ? renderer.style("↺ cycle to \(text)", .cycle) : renderer.style("→ shared \(text)", .shared))
                endLine(to: output)
            case .child:
                if let maxNodes = renderer.maxNodes, shown >= maxNodes {
                    truncated = true
                    stack.removeAll()
                    continue
                }
                appendPrefix(isLast: isLast)
                if show(link.node, isLast: isLast, to: output) { push(link.node, isLast: isLast) }
            }
        }
        if truncated { leftOut = columns.count - shown }
        if !line.isEmpty { writeOut(to: output) }
    }

    private mutating func push(_ node: Int, isLast: Bool) {
        if !stack.isEmpty, stack.count < renderer.maxIndentation {
            guides.append(isLast ? Self.blank : Self.guide)
        }
        let links = columns.linkRange(of: node)
        stack.append((links.lowerBound, links.upperBound, guides.count, isLast))
    }

    private mutating func pop() {
        stack.removeLast()
        guides.removeLast(guides.count - (stack.last?.guideEnd ?? 0))
    }

    private mutating func appendPrefix(isLast: Bool) {
        let hidden = stack.count - renderer.maxIndentation
        if hidden > 0 {
            line.append(contentsOf: renderer.style("┆+\(hidden) ", .dim))
            for entry in stack.dropFirst(1 + hidden) {
                line.append(entry.isLast ? Self.blank : Self.guide)
            }
        } else {
            let end = stack[stack.count - 1].guideEnd
            guides.withBytes { line.append(UnsafeBufferPointer(rebasing: $0[..<end])) }
        }
        line.append(isLast ? Self.lastBranch : Self.branch)
    }

    private mutating func writeOut(to output: (borrowing UTF8Buffer) -> Void) {
        output(line)
        line.removeAll()
    }

    private mutating func endLine(to output: (borrowing UTF8Buffer) -> Void) {
        line.append(UInt8(ascii: "\n"))
        if line.count >= UTF8Buffer.blockSize { writeOut(to: output) }
    }

    /// Appends the line of the node at `index`, without its guides. Inlined, so that the
    /// columns are read where they are rather than passed to a call (a copy of the struct).
    @inline(__always)
    private mutating func appendNodeLine(_ index: Int) {
        let isHighlighted = !renderer.highlighted.isEmpty && renderer.highlighted.contains(index)
        guard renderer.colors else {
            columns.appendHeadline(of: index, to: &line, types: types)
            if isHighlighted { line.append(" ◀") }
            return
        }
        line.append(contentsOf: renderer.colored(columns.node(at: index), isHighlighted: isHighlighted))
    }

    /// Writes a node's line; returns whether its links are to be drawn under it.
    private mutating func show(_ index: Int, isLast: Bool, to output: (borrowing UTF8Buffer) -> Void) -> Bool {
        appendNodeLine(index)
        endLine(to: output)
        shown += 1
        guard let maxDepth = renderer.maxDepth, columns.depth(of: index) >= maxDepth else { return true }
        let below = subtreeSizes[index] - 1
        if below > 0 {
            push(index, isLast: isLast)
            appendPrefix(isLast: true)
            line.append(contentsOf: renderer.style("… \(count(below, "node")) below depth \(maxDepth)", .dim))
            endLine(to: output)
            pop()
            leftOut += below
        }
        return false
    }
}

/// `1 node`, `2 nodes`.
private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}

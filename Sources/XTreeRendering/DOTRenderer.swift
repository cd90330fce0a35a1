import XTreeEscaping
import XTreeSnapshot

/// Renders a snapshot as a Graphviz DOT digraph.
///
/// Child links are solid, cycles dashed orange with a `cycle` label, shared links dotted
/// blue with a `shared` label; highlighted nodes and the child links between them are red
/// and bold.
///
/// ```swift
/// DOTRenderer(highlighted: [0, 1]).render(snapshot, to: &output)
/// ```
/// ```text
/// digraph XTree {
///   node [shape=box, fontname="Helvetica"];
///   n0 [label="0 Root #6bhxk1tf", color="#dc2626", penwidth=2];
///   n1 [label="1 Leaf #d2m0q9ra", color="#dc2626", penwidth=2];
///   n0 -> n1 [color="#dc2626", penwidth=2];
/// }
/// ```
public struct DOTRenderer: TreeRenderer {
    /// Breadth-first numbers of nodes to highlight, such as a search's path.
    public var highlighted: Set<Int>

    /// Creates a renderer.
    ///
    /// - Parameter highlighted: Breadth-first numbers of nodes to highlight.
    public init(highlighted: Set<Int> = []) {
        self.highlighted = highlighted
    }

    /// Writes the graph to `output`, one statement per line.
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    public func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream) {
        let emphasis = ", color=\"#dc2626\", penwidth=2"
        output.write("digraph XTree {\n  node [shape=box, fontname=\"Helvetica\"];\n")
        // Read from the columns: no node value is built.
        let nodes = snapshot.columns
        for node in nodes.indices {
            // Lines of the label, each escaped on its own: only these breaks are DOT's `\n`.
            var label = DOTText.escaped("\(node) \(nodes.type(of: node)) #\(nodes.ids[node])")
            let nodeLabel = nodes.label(of: node)
            if !nodeLabel.isEmpty { label += "\\n" + DOTText.escaped(nodeLabel) }
            for attribute in nodes.attributes[nodes.attributeRange(of: node)] {
                label +=
                    "\\n\(DOTText.escaped(attribute.key))=\(DOTText.escaped(shownInGraph(attribute.value)))"
            }
            let extra = highlighted.contains(node) ? emphasis : ""
            output.write("  n\(node) [label=\"\(label)\"\(extra)];\n")
        }
        for node in nodes.indices {
            for link in nodes.linkRange(of: node).map(nodes.link(at:)) {
                let attributes =
                    switch link.kind {
                    case .child:
                        highlighted.contains(node) && highlighted.contains(link.node)
                            ? " [\(emphasis.dropFirst(2))]" : ""
                    case .cycle: " [style=dashed, color=\"#d97706\", label=\"cycle\"]"
                    case .shared: " [style=dotted, color=\"#2563eb\", label=\"shared\"]"
                    }
                output.write("  n\(node) -> n\(link.node)\(attributes);\n")
            }
        }
        output.write("}\n")
    }
}

/// A value as a graph's label shows it, before the format's escaping: shortened as a display
/// shortens it, and `""` when empty, as the text tree shows an empty value.
func shownInGraph(_ value: String) -> String {
    value.isEmpty ? "\"\"" : TerminalText.shortened(value)
}

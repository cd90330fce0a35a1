import XTreeEscaping
import XTreeSnapshot

/// Renders a snapshot as a Mermaid flowchart, which GitHub shows as a diagram.
///
/// Child links are arrows, cycles and shared links dotted arrows labelled `cycle` and
/// `shared`; highlighted nodes and the child links between them are drawn red and bold.
///
/// ```swift
/// MermaidRenderer(highlighted: [0, 1]).render(snapshot, to: &output)
/// ```
/// ```text
/// flowchart TD
///   n0["0 Root #35;6bhxk1tf"]
///   n1["1 Leaf #35;d2m0q9ra"]
///   n0 --> n1
///   classDef path stroke:#dc2626,stroke-width:3px
///   class n0,n1 path
///   linkStyle 0 stroke:#dc2626,stroke-width:3px
/// ```
public struct MermaidRenderer: TreeRenderer {
    /// Breadth-first numbers of nodes to highlight, such as a search's path.
    public var highlighted: Set<Int>

    /// Creates a renderer.
    ///
    /// - Parameter highlighted: Breadth-first numbers of nodes to highlight.
    public init(highlighted: Set<Int> = []) {
        self.highlighted = highlighted
    }

    /// Writes the flowchart to `output`, one statement per line.
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    public func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream) {
        output.write("flowchart TD\n")
        // Read from the columns: no node value is built.
        let nodes = snapshot.columns
        for node in nodes.indices {
            var label = MermaidText.escaped("\(node) \(nodes.type(of: node)) #\(nodes.ids[node])")
            let nodeLabel = nodes.label(of: node)
            if !nodeLabel.isEmpty { label += "<br/>\(MermaidText.escaped(nodeLabel))" }
            for attribute in nodes.attributes[nodes.attributeRange(of: node)] {
                label +=
                    "<br/>\(MermaidText.escaped(attribute.key))=\(MermaidText.escaped(shownInGraph(attribute.value)))"
            }
            output.write("  n\(node)[\"\(label)\"]\n")
        }
        var edge = 0
        var highlightedEdges: [Int] = []
        for node in nodes.indices {
            for link in nodes.linkRange(of: node).map(nodes.link(at:)) {
                let arrow =
                    switch link.kind {
                    case .child: "-->"
                    case .cycle: "-. cycle .->"
                    case .shared: "-. shared .->"
                    }
                output.write("  n\(node) \(arrow) n\(link.node)\n")
                if link.kind == .child, highlighted.contains(node), highlighted.contains(link.node) {
                    highlightedEdges.append(edge)
                }
                edge += 1
            }
        }
        guard !highlighted.isEmpty else { return }
        output.write("  classDef path stroke:#dc2626,stroke-width:3px\n")
        output.write("  class \(highlighted.sorted().map { "n\($0)" }.joined(separator: ",")) path\n")
        if !highlightedEdges.isEmpty {
            let edges = highlightedEdges.map(String.init).joined(separator: ",")
            output.write("  linkStyle \(edges) stroke:#dc2626,stroke-width:3px\n")
        }
    }
}

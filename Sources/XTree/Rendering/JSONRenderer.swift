/// Writes a snapshot as JSON, one node per line, without building the document in memory.
///
/// The output is the snapshot's `Codable` form: `JSONDecoder` reads it back as the same
/// ``TreeSnapshot``, and apart from the line breaks between nodes it is byte for byte what
/// `JSONEncoder` with `.sortedKeys` and `.withoutEscapingSlashes` writes.
///
/// ```swift
/// JSONRenderer().render(snapshot, to: &output)
/// ```
/// ```text
/// {"nodes":[
/// {"attributes":[],"depth":0,"id":"6bhxk1tf","label":"","links":[{"kind":"child","node":1}],"names":["App.Root"],"order":0,"type":"Root"},
/// {"attributes":[],"depth":1,"id":"d2m0q9ra","label":"","links":[],"names":["App.Leaf"],"order":1,"parent":0,"type":"Leaf"}
/// ],"version":2}
/// ```
public struct JSONRenderer: TreeRenderer {
    /// Creates a renderer.
    public init() {}

    /// Writes the snapshot to `output`, one node per line.
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    public func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream) {
        output.write("{\"nodes\":[\n")
        // Read from the columns: no node value is built.
        let nodes = snapshot.columns
        var line = ""
        var nextIdentity = 0
        for node in nodes.indices {
            line.removeAll(keepingCapacity: true)
            if node > 0 { line += ",\n" }
            line += "{\"attributes\":["
            for (index, attribute) in nodes.attributes[nodes.attributeRange(of: node)].enumerated() {
                if index > 0 { line += "," }
                line += "{\"key\":"
                appendJSONString(attribute.key, to: &line)
                line += ",\"value\":"
                appendJSONString(attribute.value, to: &line)
                line += "}"
            }
            line += "],\"depth\":\(nodes.depth(of: node)),\"id\":"
            appendJSONString(nodes.ids[node], to: &line)
            // Identities are kept in node order: the next one is the only one to check.
            if nextIdentity < nodes.identityNodes.count, nodes.identityNodes[nextIdentity] == node {
                line += ",\"identity\":"
                appendJSONString(nodes.identities[nextIdentity], to: &line)
                nextIdentity += 1
            }
            line += ",\"label\":"
            appendJSONString(nodes.label(of: node), to: &line)
            line += ",\"links\":["
            for (index, link) in nodes.linkRange(of: node).map(nodes.link(at:)).enumerated() {
                if index > 0 { line += "," }
                line += "{\"kind\":\"\(link.kind.rawValue)\",\"node\":\(link.node)}"
            }
            line += "],\"names\":["
            for (index, name) in nodes.nameLists[nodes.nameListNumber(of: node)].enumerated() {
                if index > 0 { line += "," }
                appendJSONString(name, to: &line)
            }
            line += "],\"order\":\(node)"
            if let parent = nodes.parent(of: node) { line += ",\"parent\":\(parent)" }
            line += ",\"type\":"
            appendJSONString(nodes.type(of: node), to: &line)
            line += "}"
            output.write(line)
        }
        output.write("\n],\"version\":\(TreeSnapshot.formatVersion)}\n")
    }
}

/// Appends `text` as a JSON string literal, escaped as Foundation's `JSONEncoder` does.
private func appendJSONString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{8}": output += "\\b"
        case "\u{C}": output += "\\f"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: output.unicodeScalars.append(scalar)
        }
    }
    output += "\""
}

import XTreeCodec
import XTreeEscaping
import XTreeRendering
import XTreeSnapshot

/// Writes a snapshot as one self-contained HTML page: the tree to click through, search and
/// expand, in a browser.
///
/// The page fetches nothing: its style, script and the snapshot are in it, and its
/// `Content-Security-Policy` allows no other script, style or source. It shows collapsible
/// nodes with the number below each; the selected node's type, label, attributes, id and
/// path; the highlighted path; cycle and shared links as rows of their own; a search by name
/// and by conditions (`recipe=irish-stew`, `label~Stew`, as `find --where` takes them) with
/// the matches highlighted; and "expand to depth N". Rows are made only for what is on
/// screen, so a tree of 100,000 nodes stays quick to open and to expand.
///
/// Every string from the tree is in the page as JSON and inserted as text, never as markup;
/// controls and bidirectional formatting characters show as `\u{…}`.
///
/// ```swift
/// HTMLRenderer(title: "Recipes", highlighted: [0, 1, 5]).render(snapshot, to: &page)
/// ```
public struct HTMLRenderer: TreeRenderer {
    /// What the page says it shows, such as the app's name.
    public var title: String
    /// Breadth-first numbers of the nodes to highlight, such as the path a link reached.
    public var highlighted: [Int]

    /// Creates a renderer whose page is titled `title` and highlights `highlighted`.
    public init(title: String = "snapshot", highlighted: [Int] = []) {
        self.title = title
        self.highlighted = highlighted
    }

    /// Writes the page to `output`: the snapshot's JSON in blocks of whole lines between the
    /// page's head and its script.
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    public func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream) {
        render(snapshot) { block in output.write(block.string) }
    }

    /// Writes the page's UTF-8 to `write` in blocks, with no strings made of the snapshot.
    public func render(_ snapshot: TreeSnapshot, toUTF8 write: (borrowing UTF8Buffer) -> Void) {
        let nonce = HTMLPage.makeNonce()
        let settings = HTMLPage.Settings(
            mode: .file, title: title, highlighted: highlighted.filter { snapshot.nodes.indices.contains($0) },
            linksUnavailable: "Links need a running app: use 'xtree-cli web'")
        var bytes = UTF8Buffer(capacity: UTF8Buffer.blockSize + 1_024)
        bytes.append(contentsOf: HTMLPage.head(settings: settings, nonce: nonce))
        SnapshotCodec.write(
            snapshot,
            blocks: { block in
                block.withBytes { HTMLText.appendScriptJSON($0, to: &bytes) }
                if bytes.count >= UTF8Buffer.blockSize {
                    write(bytes)
                    bytes.removeAll()
                }
            })
        bytes.append(contentsOf: HTMLPage.tail(nonce: nonce))
        write(bytes)
    }
}

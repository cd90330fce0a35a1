import Foundation
import Testing
import XTreePage
import XTreeRendering
import XTreeSnapshot

/// The page `tree --format html` writes, read as text: what a browser does with it is checked
/// by `Scripts/browser-check.py` in headless Chromium.
@Suite struct HTMLRendererTests {
    static let hostile = [
        "<img src=x onerror=\"window.pwned=1\">", "</script><script>window.pwned=2</script>",
        "<!--", "</SCRIPT >&amp;", "\u{202E}evil\u{1B}[31m\u{2028}",
    ]

    static func snapshot() throws -> TreeSnapshot {
        var nodes = [
            TreeSnapshot.Node(
                id: "root", type: "Root<\(hostile[1])>", label: hostile[0],
                attributes: [.init(key: "k<>&", value: hostile[3])], depth: 0, order: 0, parent: nil,
                links: hostile.indices.map { .init(kind: .child, node: $0 + 1) }, names: ["App.Root<script>"])
        ]
        for (index, text) in hostile.enumerated() {
            nodes.append(
                TreeSnapshot.Node(
                    id: "n\(index)", type: "Node", label: text, attributes: [.init(key: "value", value: text)],
                    depth: 1, order: index + 1, parent: 0, links: [], identity: text))
        }
        return try TreeSnapshot(nodes: nodes)
    }

    /// The text between `start` and the next `</script>`.
    static func block(_ page: String, after start: String) -> String? {
        guard let opening = page.range(of: start),
            let end = page.range(of: "</script>", range: opening.upperBound..<page.endIndex)
        else { return nil }
        return String(page[opening.upperBound..<end.lowerBound])
    }

    @Test func hostileNamesCannotEndTheDataBlockOrOpenMarkup() throws {
        let page = HTMLRenderer(title: "</title><script>", highlighted: [0, 2]).rendered(try Self.snapshot())
        // The page's own, as its files have them (the settings, the snapshot and the scripts);
        // nothing from the data.
        let own = HTMLPage.live(settings: .init(mode: .file, title: "page"), nonce: "nonce")
        let scripts = own.components(separatedBy: "<script").count - 1
        #expect(scripts >= 3)
        #expect(page.components(separatedBy: "<script").count - 1 == scripts)
        #expect(page.lowercased().components(separatedBy: "</script").count - 1 == scripts)
        #expect(!page.contains("<img"))
        #expect(!page.contains("<!--"))
        #expect(!page.contains("</title><script>"))
    }

    @Test func theSnapshotInThePageReadsBackAsTheSnapshot() throws {
        let snapshot = try Self.snapshot()
        let page = HTMLRenderer().rendered(snapshot)
        let json = try #require(Self.block(page, after: "<script type=\"application/json\" id=\"xtree-snapshot\">"))
        let read = try TreeSnapshot(json: Data(json.utf8))
        #expect(JSONRenderer().rendered(read) == JSONRenderer().rendered(snapshot))
    }

    @Test func theSettingsSayTheTitleAndTheHighlightedPath() throws {
        let page = HTMLRenderer(title: "Recipes \u{202E}<b>", highlighted: [0, 2, 99]).rendered(try Self.snapshot())
        let json = try #require(Self.block(page, after: "<script type=\"application/json\" id=\"xtree-settings\">"))
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(settings["title"] as? String == "Recipes \u{202E}<b>")
        // Orders the snapshot lacks are left out.
        #expect(settings["highlighted"] as? [Int] == [0, 2])
        #expect(settings["mode"] as? String == "file")
        #expect(settings["linksUnavailable"] is String)
    }

    @Test func scriptAndStyleRunOnlyWithTheNonceThePolicyNames() throws {
        let first = HTMLRenderer().rendered(try Self.snapshot())
        let policy = try #require(
            first.range(of: "script-src 'nonce-").map { first[$0.upperBound...].prefix { $0 != "'" } })
        #expect(policy.count >= 22)
        #expect(first.contains("<script nonce=\"\(policy)\">"))
        #expect(first.contains("<style nonce=\"\(policy)\">"))
        #expect(first.contains("default-src 'none'"))
        // Nothing from elsewhere: no address in the page but the policy's own words.
        #expect(!first.contains("http://") && !first.contains("https://") && !first.contains("src=\""))
        let second = HTMLRenderer().rendered(try Self.snapshot())
        #expect(!second.contains(String(policy)))
    }

    @Test func bytesAndStringsAreTheSamePage() throws {
        let snapshot = try Self.snapshot()
        var bytes: [UInt8] = []
        HTMLRenderer().render(snapshot) { block in block.withBytes { bytes += $0 } }
        let page = String(decoding: bytes, as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.hasSuffix("</html>\n"))
        #expect(
            Self.block(page, after: "id=\"xtree-snapshot\">")
                == Self.block(HTMLRenderer().rendered(snapshot), after: "id=\"xtree-snapshot\">"))
    }
}

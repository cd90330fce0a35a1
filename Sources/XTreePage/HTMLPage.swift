import XTreeEscaping

/// The one page of the web inspector: `tree --format html` writes it with the snapshot in it;
/// `xtree-cli web` serves it and the page fetches the tree.
///
/// The page is edited as files, in `Page/`: `page.html`, its style and its scripts, which
/// `Scripts/page.py` writes into `HTMLPage+Files.swift`, so that the binary carries them.
///
/// Nothing is fetched from elsewhere: the style and the script are in the page, allowed by a
/// nonce, and every string from the tree reaches the page as JSON in a data block, which the
/// script inserts as text (never as markup), with controls and bidirectional formatting
/// characters shown as `\u{…}`, as ``TerminalText`` shows them.
package enum HTMLPage {
    /// Where the page gets its tree.
    package enum Mode: String, Sendable {
        /// The snapshot is in the page.
        case file
        /// The page fetches `/api/tree` and follows `/api/events`.
        case live
    }

    /// The page's settings, read by its script.
    package struct Settings: Sendable {
        package var mode: Mode
        /// What the page shows it is looking at: an app's name, a file.
        package var title: String
        /// Breadth-first numbers of the nodes on the highlighted path.
        package var highlighted: [Int]
        /// Why links cannot be typed (a snapshot), or `nil` when they can.
        package var linksUnavailable: String?
        /// Whether the page shows the app's journal.
        package var journal: Bool
        /// The forms of the links the app takes, for the link field's hint.
        package var linkForms: [String]

        package init(
            mode: Mode, title: String, highlighted: [Int] = [], linksUnavailable: String? = nil, journal: Bool = false,
            linkForms: [String] = []
        ) {
            self.mode = mode
            self.title = title
            self.highlighted = highlighted
            self.linksUnavailable = linksUnavailable
            self.journal = journal
            self.linkForms = linkForms
        }

        /// The settings as JSON, safe inside a `<script>` element.
        var json: String {
            func string(_ text: String) -> String { HTMLText.scriptJSONString(text) }
            let forms = linkForms.map(string).joined(separator: ",")
            return "{\"mode\":\(string(mode.rawValue)),\"title\":\(string(title)),"
                + "\"highlighted\":[\(highlighted.map(String.init).joined(separator: ","))],"
                + "\"linksUnavailable\":\(linksUnavailable.map(string) ?? "null"),\"journal\":\(journal),"
                + "\"linkForms\":[\(forms)]}"
        }
    }

    /// The `Content-Security-Policy` of a page whose style and script carry `nonce`: nothing
    /// from elsewhere, no other script or style, no framing, no form submission.
    package static func contentSecurityPolicy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; connect-src 'self'; "
            + "img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// A new nonce: 128 random bits in base 64.
    package static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return base64(bytes)
    }

    /// What the page's files hold between the parts filled in when it is written.
    enum Piece {
        case text(String)
        /// The `Content-Security-Policy`.
        case policy
        /// The nonce that the page's style and scripts carry.
        case nonce
        /// The settings, as JSON.
        case settings
    }

    /// Everything before the snapshot's JSON (the whole head, the body's elements, the
    /// settings), ending with the opening of the snapshot's data block.
    package static func head(settings: Settings, nonce: String) -> String {
        fill(headPieces, settings: settings, nonce: nonce)
    }

    /// Everything after the snapshot's JSON: the end of its data block and the scripts.
    package static func tail(nonce: String) -> String {
        fill(tailPieces, settings: nil, nonce: nonce)
    }

    /// The page as `xtree-cli web` serves it: no snapshot in it.
    package static func live(settings: Settings, nonce: String) -> String {
        head(settings: settings, nonce: nonce) + tail(nonce: nonce)
    }

    private static func fill(_ pieces: [Piece], settings: Settings?, nonce: String) -> String {
        var page = ""
        for piece in pieces {
            switch piece {
            case .text(let text): page += text
            case .policy: page += contentSecurityPolicy(nonce: nonce)
            case .nonce: page += nonce
            case .settings: page += settings?.json ?? "{}"
            }
        }
        return page
    }

    private static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The one escaping policy for text that came from data and is written for people: every
/// renderer, trace, diff and error message uses it (JSON escapes by its own rules).
///
/// Names, labels and values come from apps, files and other processes, and a terminal
/// obeys some of the characters they may hold: C0 and C1 controls (ESC starts sequences that
/// clear the screen or retitle the window), DEL, the bidirectional embeddings, overrides and
/// isolates that reorder what a reader sees, and the line and paragraph separators that
/// break a line. Each such character is written as `\u{…}` with its hexadecimal value, one
/// Unicode scalar at a time, so a CR LF pair (one `Character`) is two escapes.
///
/// ```swift
/// print(TerminalText.quoted("Tea\u{1B}]0;pwned\u{7}"))
/// ```
/// ```text
/// "Tea\u{1b}]0;pwned\u{7}"
/// ```
public enum TerminalText {
    /// How many characters of one attribute value a display shows before it shortens it.
    public static let displayLimit = 100

    /// Whether `scalar` must not reach a terminal as it is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every unsafe scalar escaped: safe to print, not quoted.
    ///
    /// A backslash is left as it is, so the result reads naturally in a sentence; use
    /// ``quoted(_:)`` where a reader must be able to tell an escape from a backslash.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return escapingScalars(text, escape)
    }

    // The appends below are `@inlinable`, as `UTF8Buffer`'s are and for the same reason: they
    // run for every field of every line, from other modules.

    /// Appends the UTF-8 bytes of ``escaped(_:)``: text with no byte that can start an
    /// unsafe scalar is copied as it is, and only other text is escaped scalar by scalar.
    @inlinable
    package static func appendEscaped(_ text: String, to bytes: inout UTF8Buffer) {
        if isPlain(text, except: { _ in false }) {
            bytes.append(contentsOf: text)
        } else {
            bytes.append(contentsOf: escaped(text))
        }
    }

    /// Appends the UTF-8 bytes of ``quoted(_:)`` for the text whose UTF-8 is `text`, copying
    /// plain text as it is.
    @inlinable
    package static func appendQuoted(utf8 text: UnsafeBufferPointer<UInt8>, to bytes: inout UTF8Buffer) {
        guard isPlain(utf8: text, except: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            bytes.append(contentsOf: quoted(String(decoding: text, as: UTF8.self)))
            return
        }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends the UTF-8 bytes of ``displayValue(_:)``, copying a short plain word as it is.
    @inlinable
    package static func appendDisplayValue(_ value: String, to bytes: inout UTF8Buffer) {
        // At most `displayLimit` bytes are at most as many characters: nothing is cut.
        let isWord =
            !value.isEmpty && value.utf8.count <= displayLimit
            && isPlain(value) {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
                    || $0 == UInt8(ascii: "=")
            }
        bytes.append(contentsOf: isWord ? value : displayValue(value))
    }

    /// Whether `text` holds no unsafe scalar and no byte that `excluded` names, judged from
    /// its UTF-8 alone: every unsafe scalar is an ASCII control or DEL, or starts with the
    /// byte 0xC2 (U+0080 to U+00BF) or 0xE2 (U+2000 to U+2FFF). Text with those lead bytes
    /// is not plain, though most of it is safe; it takes the scalar by scalar path.
    @inlinable
    static func isPlain(_ text: String, except excluded: (UInt8) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { isPlain(utf8: $0, except: excluded) }
    }

    @inlinable
    static func isPlain(utf8: UnsafeBufferPointer<UInt8>, except excluded: (UInt8) -> Bool) -> Bool {
        utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F && $0 != 0xC2 && $0 != 0xE2 && !excluded($0) }
    }

    /// `text` in double quotes, with quotes, backslashes and unsafe scalars escaped, so that it
    /// stays one field on one line however it was made.
    public static func quoted(_ text: String) -> String {
        let inner = escapingScalars(text) { scalar in
            switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            default: escape(scalar)
            }
        }
        return "\"" + inner + "\""
    }

    /// A value as a display shows it: whole and bare when it is short and reads as one word,
    /// otherwise quoted, and cut after ``displayLimit`` characters with the count of the rest.
    ///
    /// Snapshots and JSON keep values whole; only displays shorten them.
    public static func displayValue(_ value: String) -> String {
        var shown = value
        var cut = 0
        if value.count > displayLimit {
            shown = String(value.prefix(displayLimit))
            cut = value.count - displayLimit
        }
        let bare =
            cut == 0 && !shown.isEmpty
            && !shown.unicodeScalars.contains { isUnsafe($0) || $0 == " " || $0 == "\"" || $0 == "\\" || $0 == "=" }
        if bare { return shown }
        return quoted(shown) + (cut > 0 ? "…(+\(cut))" : "")
    }

    /// An attribute key as a display shows it: bare when it is made of `A-Z a-z 0-9 _ . -`
    /// alone (as keys usually are), otherwise quoted and shortened as
    /// ``displayValue(quotedAlways:)``, so a key holding `=` or a space cannot pose as several
    /// attributes.
    public static func displayKey(_ key: String) -> String {
        var key = key
        let bare = key.withUTF8 { isBareKey($0) }
        return bare ? key : displayValue(quotedAlways: key)
    }

    /// Appends the UTF-8 bytes of ``displayKey(_:)``.
    @inlinable
    package static func appendDisplayKey(_ key: String, to bytes: inout UTF8Buffer) {
        var key = key
        let bare = key.withUTF8 { isBareKey($0) }
        bytes.append(contentsOf: bare ? key : displayValue(quotedAlways: key))
    }

    @inlinable
    static func isBareKey(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        !utf8.isEmpty && utf8.count <= displayLimit
            && utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// A value as a display shows it, always quoted: for lists where a bare value could be
    /// misread, such as a diff's `old -> new`.
    public static func displayValue(quotedAlways value: String) -> String {
        guard value.count > displayLimit else { return quoted(value) }
        return quoted(String(value.prefix(displayLimit))) + "…(+\(value.count - displayLimit))"
    }

    /// `value` cut after ``displayLimit`` characters with the count of the rest, unquoted, for
    /// formats that escape by their own rules (DOT, Mermaid).
    public static func shortened(_ value: String) -> String {
        guard value.count > displayLimit else { return value }
        return String(value.prefix(displayLimit)) + "…(+\(value.count - displayLimit))"
    }

    /// The escape of an unsafe scalar (`\n`, `\t`, `\r` or `\u{…}`), `nil` for a safe one.
    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\n": "\\n"
        case "\t": "\\t"
        case "\r": "\\r"
        default: isUnsafe(scalar) ? visibleEscape(scalar) : nil
        }
    }
}

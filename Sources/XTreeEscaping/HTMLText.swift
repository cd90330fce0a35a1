/// JSON fit to sit inside an HTML `<script>` element, as the web inspector's page holds its
/// tree and settings.
///
/// A script element ends at the first `</script`, whatever JSON string it falls in, and
/// `<!--` changes how the rest is parsed; so `<`, `>` and `&` are written as `\u003c`,
/// `\u003e` and `\u0026`, which JSON reads back as the same characters. They occur in JSON
/// only inside strings, so the replacement never changes what the JSON says.
package enum HTMLText {
    /// Appends the JSON in `json` to `bytes` with `<`, `>` and `&` escaped.
    package static func appendScriptJSON(_ json: UnsafeBufferPointer<UInt8>, to bytes: inout UTF8Buffer) {
        var start = 0
        for index in json.indices {
            let escape: StaticString
            switch json[index] {
            case UInt8(ascii: "<"): escape = "\\u003c"
            case UInt8(ascii: ">"): escape = "\\u003e"
            case UInt8(ascii: "&"): escape = "\\u0026"
            default: continue
            }
            bytes.append(UnsafeBufferPointer(rebasing: json[start..<index]))
            bytes.append(escape)
            start = index + 1
        }
        bytes.append(UnsafeBufferPointer(rebasing: json[start...]))
    }

    /// `text` as a JSON string literal, quotes included, fit for a `<script>` element.
    package static func scriptJSONString(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "<", ">", "&", "\u{2028}", "\u{2029}", "\u{0}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                literal += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}

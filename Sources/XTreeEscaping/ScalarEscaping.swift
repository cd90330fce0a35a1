/// `text` rewritten scalar by scalar, the one loop behind every escaping policy of the
/// package: `replacement` gives what to write for a scalar, or `nil` to keep it. Scalar by
/// scalar, so a CR LF pair (one `Character`) cannot slip through as one.
package func escapingScalars(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if let replaced = replacement(scalar) {
            result += replaced
        } else {
            result.unicodeScalars.append(scalar)
        }
    }
    return result
}

/// `\u{…}` with the scalar's hexadecimal value: how every policy shows what it cannot write.
package func visibleEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16))}"
}

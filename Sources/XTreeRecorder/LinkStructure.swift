/// A link read for its secrets: one pass over its UTF-8 that allocates nothing (the flight
/// recorder redacts every link, and allocates nothing per link), calling back with the range
/// of each part to hide, in order.
enum LinkStructure {
    /// What is secret, lowercased UTF-8.
    struct Rules: Sendable {
        /// Item names whose values are hidden.
        let names: [[UInt8]]
        /// Path segments whose following segment is hidden.
        let segments: [[UInt8]]
        /// Endings that make a name a secret's after `_`, `-` or `.`.
        let suffixes: [[UInt8]]
    }

    /// The longest name or segment decoded in place; a longer one is taken for a secret's,
    /// since no honest name is that long and its decoding could hide one.
    static let longestName = 256

    /// Calls `body` with the range of each secret of `link`, in order and never overlapping:
    /// the user information of its address, values of items named by `rules` (in the query,
    /// the fragment, or after `;`), values whose JSON names one, and the segment after a
    /// path segment `rules` names.
    static func forEachSecret(in link: String, _ rules: Rules, _ body: (Range<String.Index>) -> Void) {
        let bytes = link.utf8
        var start = bytes.startIndex
        // The authority: after `://`, up to the first `/`, `?` or `#`; its user information
        // ends at its last `@`.
        if let colon = bytes.firstIndex(where: { $0 == UInt8(ascii: ":") || isDelimiter($0) }),
            bytes[colon] == UInt8(ascii: ":"), bytes[colon...].starts(with: "://".utf8)
        {
            let authority = bytes.index(colon, offsetBy: 3)
            let end = bytes[authority...].firstIndex(where: isDelimiter) ?? bytes.endIndex
            if let at = bytes[authority..<end].lastIndex(of: UInt8(ascii: "@")) {
                if authority < at { body(authority..<at) }
            }
            start = end
        }
        var inPath = true
        var hideNext = false
        var item = start
        var index = start
        while true {
            let atEnd = index == bytes.endIndex
            let byte = atEnd ? 0 : bytes[index]
            let ends =
                atEnd || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: ";")
                || byte == UInt8(ascii: "&") || (inPath && byte == UInt8(ascii: "/"))
            if ends {
                let range = item..<index
                if hideNext, inPath, !range.isEmpty {
                    body(range)
                    hideNext = false
                } else if let equals = bytes[range].firstIndex(of: UInt8(ascii: "=")) {
                    let value = bytes.index(after: equals)..<index
                    if !value.isEmpty,
                        isSecret(bytes[item..<equals], rules, asName: true) || namesSecretInJSON(bytes[value], rules)
                    {
                        body(value)
                    }
                } else if inPath, !range.isEmpty, isSecret(bytes[range], rules, asName: false) {
                    hideNext = true
                }
                if atEnd { return }
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { inPath = false }
                item = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }

    /// Whether `raw`, decoded until it stops changing, lowercased and without a trailing `[]`,
    /// is a secret's name (or, for a path segment, one of `rules.segments`).
    static func isSecret<Name: Collection<UInt8>>(_ raw: Name, _ rules: Rules, asName: Bool) -> Bool {
        guard raw.count <= longestName else { return asName }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestName) { buffer in
            var count = 0
            for byte in raw {
                buffer[count] = byte
                count += 1
            }
            count = decodedUntilStable(buffer, count: count)
            for index in 0..<count where buffer[index] >= UInt8(ascii: "A") && buffer[index] <= UInt8(ascii: "Z") {
                buffer[index] += 32
            }
            if count >= 2, buffer[count - 2] == UInt8(ascii: "["), buffer[count - 1] == UInt8(ascii: "]") { count -= 2 }
            let name = UnsafeBufferPointer(rebasing: buffer[0..<count])
            guard asName else { return rules.segments.contains { $0.elementsEqual(name) } }
            if rules.names.contains(where: { $0.elementsEqual(name) }) { return true }
            return rules.suffixes.contains { suffix in
                count > suffix.count && name[(count - suffix.count)...].elementsEqual(suffix)
                    && [UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: ".")].contains(
                        name[count - suffix.count - 1])
            }
        }
    }

    /// Decodes `%XX` in place, again and again until nothing changes; the new count.
    private static func decodedUntilStable(_ buffer: UnsafeMutableBufferPointer<UInt8>, count: Int) -> Int {
        var count = count
        while true {
            var read = 0
            var written = 0
            while read < count {
                if buffer[read] == UInt8(ascii: "%"), read + 2 < count, let high = buffer[read + 1].hexDigitValue,
                    let low = buffer[read + 2].hexDigitValue
                {
                    buffer[written] = high << 4 | low
                    read += 3
                } else {
                    buffer[written] = buffer[read]
                    read += 1
                }
                written += 1
            }
            if written == count { return count }
            count = written
        }
    }

    /// Whether `value`, decoded once, is a JSON object or array with a key that is a
    /// secret's name: `{"token":"…"}`.
    static func namesSecretInJSON(_ value: Substring.UTF8View, _ rules: Rules) -> Bool {
        var first = value.first
        if first == UInt8(ascii: "%"), value.count >= 3 {
            let high = value[value.index(after: value.startIndex)].hexDigitValue ?? 0
            let low = value[value.index(value.startIndex, offsetBy: 2)].hexDigitValue ?? 0
            first = high << 4 | low
        }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: value.count) { buffer in
            var count = 0
            for byte in value {
                buffer[count] = byte
                count += 1
            }
            count = decodedUntilStable(buffer, count: count)
            // Each quoted string followed by `:` is a key.
            var index = 0
            while index < count {
                guard buffer[index] == UInt8(ascii: "\"") else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < count, buffer[end] != UInt8(ascii: "\"") {
                    end += buffer[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < count else { return false }
                var after = end + 1
                while after < count, buffer[after] == UInt8(ascii: " ") { after += 1 }
                if after < count, buffer[after] == UInt8(ascii: ":"), end - index - 1 <= longestName {
                    if isSecret(UnsafeBufferPointer(rebasing: buffer[(index + 1)..<end]), rules, asName: true) {
                        return true
                    }
                }
                index = end + 1
            }
            return false
        }
    }
}

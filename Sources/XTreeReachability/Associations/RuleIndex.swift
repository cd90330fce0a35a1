/// An entry's rules by the plain characters their path patterns begin with, so that deciding
/// a URL tries only the rules whose beginning it shares, in the rules' order: a file of
/// thousands of rules costs each URL a few look-ups, not a match per rule.
package struct RuleIndex {
    /// How many plain characters of a pattern's beginning the index keys on.
    static let keyLength = 8

    private struct Key: Hashable {
        /// Percent-encoded or decoded, case-sensitive or folded: ``URLParts/Part``'s form.
        var encoded: Bool
        var caseSensitive: Bool
        var prefix: [Unicode.Scalar]
    }

    private var buckets: [Key: [Int]] = [:]
    /// The rules that any URL may match: no path pattern, or one that begins with a wildcard.
    private var always: [Int] = []
    /// The forms keyed on, each with the longest key of that form.
    private var forms: [Key: Int] = [:]

    package init(_ entry: AppSiteAssociation.Entry) {
        for (number, rule) in entry.rules.enumerated() {
            let prefix = rule.path?.literalPrefix(folded: !rule.caseSensitive) ?? []
            guard !prefix.isEmpty else {
                always.append(number)
                continue
            }
            let key = Key(
                encoded: rule.percentsEncoded, caseSensitive: rule.caseSensitive,
                prefix: Array(prefix.prefix(Self.keyLength)))
            buckets[key, default: []].append(number)
            let form = Key(encoded: key.encoded, caseSensitive: key.caseSensitive, prefix: [])
            forms[form] = max(forms[form] ?? 0, key.prefix.count)
        }
    }

    /// The index of the first rule of `entry` (the entry this index was made of) that matches
    /// `url`; when `budget` runs out meanwhile, `nil`, and the budget below zero.
    package func decidingRule(for url: URLParts, in entry: AppSiteAssociation.Entry, budget: inout Int) -> Int? {
        var candidates = always
        for (form, longest) in forms {
            let path = url.path.text(percentsEncoded: form.encoded, caseSensitive: form.caseSensitive)
            var key = form
            for length in stride(from: 1, through: min(longest, path.count), by: 1) {
                key.prefix = Array(path[0..<length])
                if let bucket = buckets[key] { candidates += bucket }
            }
        }
        candidates.sort()
        return entry.rules.withUnsafeBufferPointer { rules in
            for candidate in candidates {
                if rules[candidate].matches(url, budget: &budget) { return candidate }
                if budget < 0 { return nil }
            }
            return nil
        }
    }
}

import XTreeSupport

/// Up to `limit` ids that look like `text`, closest first: for "did you mean" hints.
///
/// An id that contains `text` comes first; then ids that are, or have a hyphen-separated
/// word that is, within an edit distance of half the text's length (at least 2).
func closeMatches(to text: String, among ids: [Recipe.ID], limit: Int = 3) -> [Recipe.ID] {
    let needle = Array(text.lowercased().utf8.prefix(64))
    let threshold = Swift.max(2, needle.count / 2)
    let scored = ids.map { id -> (distance: Int, id: Recipe.ID) in
        if !needle.isEmpty, id.rawValue.utf8.count >= needle.count, id.rawValue.contains(text.lowercased()) {
            return (0, id)
        }
        let words = id.rawValue.split(separator: "-").map { editDistance(needle, Array($0.utf8)) }
        return (Swift.min(editDistance(needle, Array(id.rawValue.utf8)), words.min() ?? .max), id)
    }
    return scored.filter { $0.distance <= threshold }
        .sorted { ($0.distance, $0.id) < ($1.distance, $1.id) }
        .prefix(limit)
        .map(\.id)
}

/// The shortest subsequence of `items` that still fails, found by delta debugging (Zeller and
/// Hildebrandt's ddmin): halves, then quarters and so on, each tried alone and each left out,
/// keeping any that still fails. Order is kept; each candidate is tried at most once.
///
/// - Parameters:
///   - items: A sequence that fails.
///   - budget: The most candidates to try; the shortest failing one so far is returned then.
///   - fails: Whether a candidate fails as `items` did.
/// - Returns: The shortest failing subsequence found, and how many candidates were tried.
package func minimalFailing<Item>(
    _ items: [Item], budget: Int, fails: ([Item]) throws -> Bool
) rethrows -> (items: [Item], tries: Int) {
    var current = Array(items.indices)
    var tried: [[Int]: Bool] = [:]
    var tries = 0
    func check(_ candidate: [Int]) throws -> Bool {
        if let known = tried[candidate] { return known }
        guard tries < budget else { return false }
        tries += 1
        let result = try fails(candidate.map { items[$0] })
        tried[candidate] = result
        return result
    }
    var parts = 2
    search: while current.count >= 2 {
        let size = (current.count + parts - 1) / parts
        let chunks = stride(from: 0, to: current.count, by: size).map {
            Array(current[$0..<min($0 + size, current.count)])
        }
        for chunk in chunks where try check(chunk) {
            current = chunk
            parts = 2
            continue search
        }
        if chunks.count > 2 {
            for index in chunks.indices {
                let rest = chunks.indices.filter { $0 != index }.flatMap { chunks[$0] }
                if try check(rest) {
                    current = rest
                    parts = max(parts - 1, 2)
                    continue search
                }
            }
        }
        guard parts < current.count, tries < budget else { break }
        parts = min(parts * 2, current.count)
    }
    return (current.map { items[$0] }, tries)
}

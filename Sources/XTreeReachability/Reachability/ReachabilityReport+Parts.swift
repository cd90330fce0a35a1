import XTree

extension ReachabilityReport {
    /// A report under way, a piece at a time, as an app's inspector sends the app's own check:
    /// the report's frame, the results from `first` on, and with the last piece the types the
    /// links' trees held. Everything in it is the app's: checked before it is added to a
    /// report.
    package struct Part: Codable, Sendable {
        package var name: String
        package var total: Int
        package var appliers: [String]
        package var linkWidth: Int
        package var forms: [String]?
        package var audit: ChildrenAudit?
        package var startFailure: String?
        package var first: Int
        package var results: [Result]
        package var typesSeen: [String]?
        package var done: Bool
    }

    /// Why a part cannot be added to a report.
    package struct PartProblem: Error, CustomStringConvertible {
        package let description: String
    }

    /// The most results one part holds; the most of everything else a report from an app may.
    package static let resultsPerPart = 64
    static let maximumTotal = 1_000_000
    static let maximumAppliers = 16

    /// The results after the first `count`, at most ``resultsPerPart``; `done` if the run has
    /// ended and these are its last.
    package func part(after count: Int, forms: [String]?, ended: Bool) -> Part {
        let first = min(max(count, 0), results.count)
        let last = min(results.count, first + Self.resultsPerPart)
        let done = ended && last == results.count
        return Part(
            name: name, total: total, appliers: appliers, linkWidth: linkWidth, forms: first == 0 ? forms : nil,
            audit: audit, startFailure: startFailure, first: first, results: Array(results[first..<last]),
            typesSeen: done ? typesSeen.sorted() : nil, done: done)
    }

    /// The report a first part begins.
    ///
    /// - Throws: A sentence saying what does not hold together.
    package init(first part: Part) throws(PartProblem) {
        guard (0...Self.maximumTotal).contains(part.total), (1...Self.maximumAppliers).contains(part.appliers.count),
            part.total % part.appliers.count == 0, (0...Int(UInt16.max)).contains(part.linkWidth)
        else {
            throw PartProblem(description: "a check of \(part.total) results by \(part.appliers.count) appliers")
        }
        self.init(
            name: part.name, links: part.total / part.appliers.count, appliers: part.appliers,
            linkWidth: part.linkWidth)
        audit = part.audit
        startFailure = part.startFailure
    }

    /// Adds a part's results and, with the last, its types.
    ///
    /// - Throws: A sentence saying what does not hold together: another frame, results out of
    ///   order or past the total.
    package mutating func add(_ part: Part) throws(PartProblem) {
        guard part.name == name, part.appliers == appliers, part.total == total else {
            throw PartProblem(description: "a part of another check")
        }
        guard part.first == results.count, part.results.count <= total - results.count else {
            throw PartProblem(description: "results from \(part.first) after \(results.count) of \(total)")
        }
        results += part.results
        if part.done { typesSeen = Set(part.typesSeen ?? []) }
    }
}

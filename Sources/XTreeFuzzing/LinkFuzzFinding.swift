import XTree

/// A property a link broke, with the case that broke it and what was expected and seen.
public struct LinkFuzzFinding: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The property, in a few words: `no crash`, `an equivalent link lands alike`.
    public var property: String
    /// The links that made the starting state, from a fresh app.
    public var state: [String]
    /// The link applied from that state.
    public var link: String
    /// How the link was made: `example`, or a mutation's kind and rule.
    public var made: String
    /// The example a mutant was made from.
    public var original: String?
    /// What the property asks for: `the same tree`.
    public var expected: String
    /// What the link did instead.
    public var seen: String
    /// How many other findings broke the same property the same way, from other states or in
    /// other forms of the link: folded into this one.
    public var alike = 0
    /// The first 1,000 of those, each as its starting links, link and how it was made: what a
    /// JSON report lists in full. `nil` where none was folded.
    public var alikeCases: [Alike]?
    /// How many links the run had applied when it found this, shortening included.
    public var foundAfterLinks = 0
    /// How long the run had taken when it found this, in seconds, shortening included.
    public var foundAfterSeconds = 0.0

    /// A finding folded into another: where it started, the link, and how the link was made.
    public struct Alike: Sendable, Hashable, Codable {
        /// The links that made the starting state, from a fresh app.
        public var state: [String]
        /// The link applied from that state.
        public var link: String
        /// How the link was made.
        public var made: String
    }

    /// How many folded findings ``alikeCases`` lists at most.
    static let alikeCasesKept = 1000

    /// Every property a link is checked for, in the order a report lists them.
    public static let properties = [
        "no crash", "no hang", "an example works from every state", "applied twice, a link changes nothing more",
        "applied twice, a link that opens something new opens it again",
        "an equivalent link lands alike", "a variant lands alike or is refused", "a refused link changes nothing",
        "a refusal explains", "the children audit holds", "nothing a case made outlives it",
    ]

    /// What findings of one cause share: the property, what was seen, whether it needed a
    /// state, and the link's last segment; for the app's own objects (the audit, releases),
    /// what was seen alone, as any link shows them once they are there.
    var fold: String {
        if property == "the children audit holds" || property == "nothing a case made outlives it" {
            return property + "\n" + seen
        }
        let last = link.split(separator: "?").first?.split(separator: "/").last.map(String.init) ?? ""
        return [property, seen, state.isEmpty ? "fresh" : "state", last.lowercased()].joined(separator: "\n")
    }

    /// The finding in four lines, escaped for a terminal.
    public var description: String {
        let from = state.isEmpty ? "a fresh app" : state.map(TerminalText.escaped).joined(separator: " then ")
        return """
            \(TerminalText.escaped(property))
              from: \(from)
              link: \(TerminalText.escaped(TerminalText.shortened(link))) (\(TerminalText.escaped(made)))
              expected: \(TerminalText.escaped(expected))
              seen: \(TerminalText.escaped(TerminalText.shortened(seen)))
            """
    }
}

/// One pattern of an association file's component or `paths` entry, as Apple documents them:
/// `*` matches any run of characters, `/` included, `?` exactly one, so `?*` one or more;
/// `$(name)` matches any one value of the substitution variable `name` (a value may hold `*`
/// and `?` too, not variables); everything else matches itself.
///
/// Matching works over the characters' Unicode scalars by a set of reachable positions, with
/// no backtracking: it costs at most the pattern's pieces, each variable counted with all its
/// values' scalars, times the text's scalars. Both are bounded when a file is read: a pattern
/// by ``maximumLength`` scalars and its variables by ``maximumExpansion``, and the texts by
/// ``AssociationCheck/maximumURLLength``.
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
    /// A piece of a pattern.
    enum Piece: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        case any
        case anyRun
        /// A variable: its name, its first value (for examples), and all its values.
        case variable(String, first: [Piece], values: ValueTree)
    }

    /// A variable's values as a tree of their pieces: values that begin alike share their
    /// beginning, so matching steps over it once, and stops where no position is left.
    struct ValueTree: Sendable, Hashable {
        struct Node: Sendable, Hashable {
            var piece: Piece
            var children: [Int] = []
            /// Whether a value ends here.
            var ends = false
        }
        var nodes: [Node] = []
        var roots: [Int] = []
        /// Whether one of the values is empty.
        var hasEmpty = false

        init(_ values: [[Piece]]) {
            for value in values {
                guard !value.isEmpty else {
                    hasEmpty = true
                    continue
                }
                var parent: Int?
                for piece in value {
                    let siblings = parent.map { nodes[$0].children } ?? roots
                    if let found = siblings.first(where: { nodes[$0].piece == piece }) {
                        parent = found
                        continue
                    }
                    nodes.append(Node(piece: piece))
                    if let parent {
                        nodes[parent].children.append(nodes.count - 1)
                    } else {
                        roots.append(nodes.count - 1)
                    }
                    parent = nodes.count - 1
                }
                if let parent { nodes[parent].ends = true }
            }
        }
    }

    /// The pattern as written.
    public let description: String
    let pieces: [Piece]
    /// The pieces with each scalar folded by ``folded(_:)``, for matching without case.
    private let foldedPieces: [Piece]

    /// The longest pattern read, in scalars.
    public static let maximumLength = 1_024
    /// The most scalars a pattern's variables may stand for: each `$(name)` counts the scalars
    /// of every value of `name`, since matching tries each. A longer value list or a value
    /// repeated in one pattern would otherwise make matching cost the square of the file.
    public static let maximumExpansion = 1_024

    /// Reads `text`; `variables` are the values each `$(name)` may stand for.
    ///
    /// - Throws: ``AssociationError`` for a pattern over ``maximumLength``, a `$(` without its
    ///   `)`, a variable nobody defined, or variables that stand for more than
    ///   ``maximumExpansion`` scalars in all.
    init(_ text: String, variables: [String: [String]], at place: String) throws(AssociationError) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= Self.maximumLength else {
            throw AssociationError("\(place): a pattern longer than \(Self.maximumLength) characters")
        }
        var pieces: [Piece] = []
        // The same pieces with each scalar folded, for matching without case.
        var folded: [Piece] = []
        var expansion = 0
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                guard let end = scalars[(index + 2)...].firstIndex(of: ")") else {
                    throw AssociationError("\(place): '$(' without its ')' in \(Self.quoted(text))")
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                guard let values = variables[name] else {
                    throw AssociationError(
                        "\(place): no substitution variable '\(Self.quoted(name))' (in \(Self.quoted(text)))")
                }
                // Each value is at most a file's size, and there are at most 1,000: no overflow.
                expansion += values.reduce(0) { $0 + $1.unicodeScalars.count }
                guard expansion <= Self.maximumExpansion else {
                    throw AssociationError(
                        "\(place): its substitution variables stand for more than \(Self.maximumExpansion) "
                            + "characters in all (each $(name) counts every value of name), in \(Self.quoted(text))")
                }
                let valuePieces = values.map(Self.pieces(of:))
                pieces.append(.variable(name, first: valuePieces.first ?? [], values: ValueTree(valuePieces)))
                // Values that differ only in case become one.
                let foldedValues = valuePieces.map { $0.map(Self.folded) }
                folded.append(.variable(name, first: foldedValues.first ?? [], values: ValueTree(foldedValues)))
                index = end + 1
                continue
            }
            let piece: Piece = scalar == "*" ? .anyRun : scalar == "?" ? .any : .scalar(scalar)
            if piece != .anyRun || pieces.last != .anyRun {
                pieces.append(piece)
                folded.append(Self.folded(piece))
            }
            index += 1
        }
        self.description = text
        self.pieces = pieces
        self.foldedPieces = folded
        self.expansion = expansion
    }

    /// The scalars this pattern's variables stand for, counted as ``maximumExpansion`` says.
    let expansion: Int

    /// A substitution value's pieces: its wildcards, and its other characters as themselves.
    private static func pieces(of value: String) -> [Piece] {
        value.unicodeScalars.map { scalar in scalar == "*" ? .anyRun : scalar == "?" ? .any : .scalar(scalar) }
    }

    /// The one case-folding rule, for patterns and URLs alike: a scalar's lowercase form where
    /// that is one scalar, else the scalar itself (`İ` lowercases to two, so it stays `İ` on
    /// both sides and still matches itself).
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
        }
        guard scalar.properties.changesWhenLowercased else { return scalar }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    /// A piece with its scalar folded by ``folded(_:)-(Unicode.Scalar)``.
    private static func folded(_ piece: Piece) -> Piece {
        if case .scalar(let scalar) = piece { return .scalar(folded(scalar)) }
        return piece
    }

    /// Whether the pattern matches all of `text`, written out as scalars and, when
    /// `caseSensitive` is false, folded by ``folded(_:)``.
    ///
    /// Each step over the text takes its length plus one from `budget`; when the budget runs
    /// out, matching stops and answers `false`, and the caller, seeing it spent, knows the
    /// answer is not one.
    func matches(_ text: [Unicode.Scalar], caseSensitive: Bool, budget: inout Int) -> Bool {
        let pieces = caseSensitive ? pieces : foldedPieces
        // A leading run of plain scalars is compared directly: most rules fail there.
        var start = 0
        while start < pieces.count, case .scalar(let scalar) = pieces[start] {
            guard start < text.count, text[start] == scalar else { return false }
            start += 1
        }
        guard start < pieces.count else { return start == text.count }
        // reachable[i]: whether the pieces so far can match exactly the first i scalars.
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[start] = true
        var next = reachable
        for piece in pieces[start...] {
            guard Self.step(piece, from: reachable, into: &next, over: text, budget: &budget) else { return false }
            swap(&reachable, &next)
        }
        return reachable[text.count]
    }

    /// Whether the pattern matches all of `text`, folded first when `caseSensitive` is false.
    func matches(_ text: String, caseSensitive: Bool) -> Bool {
        var budget = Int.max
        return matches(Self.scalars(of: text, folded: !caseSensitive), caseSensitive: caseSensitive, budget: &budget)
    }

    /// `text`'s scalars, each folded by ``folded(_:)`` when `folded` is true.
    static func scalars(of text: String, folded: Bool) -> [Unicode.Scalar] {
        folded ? text.unicodeScalars.map(Self.folded) : Array(text.unicodeScalars)
    }

    /// Where in `text` matching can stand after `piece`, from where it could stand before;
    /// whether it can stand anywhere.
    private static func step(
        _ piece: Piece, from reachable: [Bool], into next: inout [Bool], over text: [Unicode.Scalar],
        budget: inout Int
    ) -> Bool {
        budget -= text.count + 1
        guard budget >= 0 else { return false }
        var any = false
        switch piece {
        case .scalar(let scalar):
            next[0] = false
            for index in 0..<text.count {
                let reached = reachable[index] && text[index] == scalar
                next[index + 1] = reached
                any = any || reached
            }
        case .any:
            next[0] = false
            for index in 0..<text.count {
                next[index + 1] = reachable[index]
                any = any || reachable[index]
            }
        case .anyRun:
            for index in 0...text.count {
                any = any || reachable[index]
                next[index] = any
            }
        case .variable(_, _, let tree):
            for index in next.indices { next[index] = false }
            if tree.hasEmpty {
                for index in reachable.indices where reachable[index] {
                    next[index] = true
                    any = true
                }
            }
            // Depth first over the values' shared pieces, each with where matching stands.
            var stack = tree.roots.map { ($0, reachable) }
            var after = reachable
            while let (node, before) = stack.popLast() {
                guard step(tree.nodes[node].piece, from: before, into: &after, over: text, budget: &budget) else {
                    guard budget >= 0 else { return false }
                    continue
                }
                if tree.nodes[node].ends {
                    for index in after.indices where after[index] {
                        next[index] = true
                        any = true
                    }
                }
                for child in tree.nodes[node].children { stack.append((child, after)) }
            }
        }
        return any
    }

    /// A text the pattern matches: each `*` and `?*` the first of `samples` (or `x`), each `?`
    /// its first character, each variable its first value.
    func example(samples: [String]) -> String {
        let sample = samples.first ?? "x"
        var text = ""
        func write(_ pieces: [Piece]) {
            var index = 0
            while index < pieces.count {
                switch pieces[index] {
                case .scalar(let scalar): text.unicodeScalars.append(scalar)
                case .anyRun: text += sample
                case .any:
                    if index + 1 < pieces.count, pieces[index + 1] == .anyRun {
                        text += sample.isEmpty ? "x" : sample
                        index += 1
                    } else {
                        text.unicodeScalars.append(sample.unicodeScalars.first ?? "x")
                    }
                case .variable(_, let first, _): write(first)
                }
                index += 1
            }
        }
        write(pieces)
        return text
    }

    /// The plain characters the pattern begins with, folded when `folded` is true: every text
    /// it matches begins with them.
    func literalPrefix(folded: Bool) -> [Unicode.Scalar] {
        var prefix: [Unicode.Scalar] = []
        for piece in folded ? foldedPieces : pieces {
            guard case .scalar(let scalar) = piece else { break }
            prefix.append(scalar)
        }
        return prefix
    }

    /// Whether the pattern's first piece is a plain character: it then matches only texts that
    /// begin with it.
    var firstScalar: Unicode.Scalar? {
        if case .scalar(let first)? = pieces.first { return first }
        return nil
    }

    /// `text` fit for a message: control characters escaped, and cut short.
    static func quoted(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(80) {
            shown += scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return text.unicodeScalars.count > 80 ? shown + "…" : shown
    }
}

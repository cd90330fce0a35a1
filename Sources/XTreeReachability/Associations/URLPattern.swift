/// One pattern of an association file's component or `paths` entry, as Apple documents them:
/// `*` matches any run of characters, `/` included, `?` exactly one, so `?*` one or more;
/// `$(name)` matches any one value of the substitution variable `name` (a value may hold `*`
/// and `?` too, not variables); everything else matches itself.
///
/// Matching works over the characters' Unicode scalars, and costs at most the pattern's
/// pieces times the text's scalars (times the longest value of a variable), whatever the
/// pattern: no backtracking, so a pattern of thousands of `*` is as quick to refuse as any.
public struct URLPattern: Sendable, Hashable, CustomStringConvertible {
    /// A piece of a pattern.
    enum Piece: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        case any
        case anyRun
        case variable(String)
    }

    /// The pattern as written.
    public let description: String
    let pieces: [Piece]

    /// The longest pattern read, in scalars.
    public static let maximumLength = 1_024

    /// Reads `text`; `variables` are the names a `$(name)` may use.
    ///
    /// - Throws: ``AssociationError`` for a pattern over ``maximumLength``, a `$(` without its
    ///   `)`, or a variable nobody defined.
    init(_ text: String, variables: Set<String>, at place: String) throws(AssociationError) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= Self.maximumLength else {
            throw AssociationError("\(place): a pattern longer than \(Self.maximumLength) characters")
        }
        var pieces: [Piece] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "$", index + 1 < scalars.count, scalars[index + 1] == "(" {
                guard let end = scalars[(index + 2)...].firstIndex(of: ")") else {
                    throw AssociationError("\(place): '$(' without its ')' in \(Self.quoted(text))")
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                guard variables.contains(name) else {
                    throw AssociationError(
                        "\(place): no substitution variable '\(Self.quoted(name))' (in \(Self.quoted(text)))")
                }
                pieces.append(.variable(name))
                index = end + 1
                continue
            }
            switch scalar {
            case "*": if pieces.last != .anyRun { pieces.append(.anyRun) }
            case "?": pieces.append(.any)
            default: pieces.append(.scalar(scalar))
            }
            index += 1
        }
        self.description = text
        self.pieces = pieces
    }

    /// Whether the pattern matches all of `text`; `variables` holds each variable's values,
    /// `caseSensitive` false compares letters without their case.
    func matches(_ text: String, variables: [String: [String]], caseSensitive: Bool) -> Bool {
        let fold = { (value: String) in caseSensitive ? value : value.lowercased() }
        let text = Array(fold(text).unicodeScalars)
        // reachable[i]: whether the pieces so far can match exactly the first i scalars.
        var reachable = [Bool](repeating: false, count: text.count + 1)
        reachable[0] = true
        for piece in pieces {
            if case .variable(let name) = piece {
                var next = [Bool](repeating: false, count: text.count + 1)
                for value in variables[name] ?? [] {
                    // A value's own wildcards; it holds no variables.
                    var after = reachable
                    for piece in Self.pieces(of: fold(value)) { after = Self.step(piece, from: after, over: text) }
                    for index in after.indices where after[index] { next[index] = true }
                }
                reachable = next
            } else {
                let folded: Piece
                if case .scalar(let scalar) = piece, !caseSensitive {
                    folded = .scalar(String(scalar).lowercased().unicodeScalars.first ?? scalar)
                } else {
                    folded = piece
                }
                reachable = Self.step(folded, from: reachable, over: text)
            }
            guard reachable.contains(true) else { return false }
        }
        return reachable[text.count]
    }

    /// A substitution value's pieces: its wildcards, and its other characters as themselves.
    private static func pieces(of value: String) -> [Piece] {
        value.unicodeScalars.map { scalar in scalar == "*" ? .anyRun : scalar == "?" ? .any : .scalar(scalar) }
    }

    /// Where in `text` matching can stand after `piece`, from where it could stand before.
    private static func step(_ piece: Piece, from reachable: [Bool], over text: [Unicode.Scalar]) -> [Bool] {
        var next = [Bool](repeating: false, count: text.count + 1)
        switch piece {
        case .scalar(let scalar):
            for index in 0..<text.count where reachable[index] && text[index] == scalar { next[index + 1] = true }
        case .any:
            for index in 0..<text.count where reachable[index] { next[index + 1] = true }
        case .anyRun:
            var seen = false
            for index in 0...text.count {
                seen = seen || reachable[index]
                next[index] = seen
            }
        case .variable:
            break
        }
        return next
    }

    /// A text the pattern matches: each `*` and `?*` the first of `samples` (or `x`), each `?`
    /// its first character, each variable its first value.
    func example(samples: [String], variables: [String: [String]]) -> String {
        let sample = samples.first ?? "x"
        var text = ""
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
            case .variable(let name): text += variables[name]?.first ?? ""
            }
            index += 1
        }
        return text
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

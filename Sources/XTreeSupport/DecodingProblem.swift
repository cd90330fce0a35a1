import Foundation

/// A `DecodingError` restated for people: where in the file, and what was expected. The one
/// wording of such problems: catalogs, state files and snapshots all describe them through it.
package enum DecodingProblem: Sendable, CustomStringConvertible {
    /// The text is not JSON; `line` and `column` count from 1.
    case malformedJSON(line: Int, column: Int, problem: String)
    /// The JSON does not have the expected shape at `path`, such as `recipes[3].title`.
    case wrongShape(path: String, problem: String)

    /// `not valid JSON at line 3, column 7: …` or `field recipes[2].title: …`.
    package var description: String {
        switch self {
        case .malformedJSON(let line, let column, let problem):
            "not valid JSON at line \(line), column \(column): \(problem)"
        case .wrongShape(let path, let problem): "field \(path.isEmpty ? "(top level)" : path): \(problem)"
        }
    }

    package init(_ error: DecodingError, in data: Data) {
        func path(_ context: DecodingError.Context, appending key: (any CodingKey)? = nil) -> String {
            var text = ""
            for key in context.codingPath + (key.map { [$0] } ?? []) {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
                }
            }
            return text
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // Foundation on Linux says only "not valid JSON" here, also for a number of the
            // wrong kind: find what it met.
            let scan = JSONScan(data)
            if let problem = scan.problem {
                self = Self(problem)
            } else if let fraction = scan.firstFraction {
                self = .wrongShape(path: fraction.path, problem: fraction.message)
            } else {
                self = .wrongShape(path: "", problem: "rejected by the JSON reader (\(context.debugDescription))")
            }
        case .dataCorrupted(let context):
            self = .wrongShape(path: path(context), problem: context.debugDescription)
        case .keyNotFound(let key, let context):
            self = .wrongShape(path: path(context, appending: key), problem: "is missing")
        case .typeMismatch(let type, let context):
            self = .wrongShape(path: path(context), problem: "expected \(Self.jsonName(of: type))")
        case .valueNotFound(let type, let context):
            self = .wrongShape(path: path(context), problem: "is null; expected \(Self.jsonName(of: type))")
        @unknown default:
            self = .wrongShape(path: "", problem: "\(error)")
        }
    }

    /// What is wrong with `data` that a decoder would not say or would accept: a syntax error,
    /// a lone surrogate, nesting past ``JSONScan/maximumDepth``, a number no reader can hold,
    /// or a key given twice in one object. Readers of catalogs, state files and snapshots call
    /// it before decoding.
    package static func strictProblem(in data: Data) -> DecodingProblem? {
        JSONScan(data).problem.map(Self.init)
    }

    package init(_ problem: JSONProblem) {
        if problem.isSyntax {
            let place = problem.path.isEmpty ? "" : " (in \(problem.path))"
            self = .malformedJSON(line: problem.line, column: problem.column, problem: problem.message + place)
        } else {
            self = .wrongShape(path: problem.path, problem: problem.message)
        }
    }

    private static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default: "an object"
        }
    }
}

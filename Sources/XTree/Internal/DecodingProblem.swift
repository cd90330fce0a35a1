import Foundation

/// A `DecodingError` restated for people: where in the file, and what was expected.
package enum DecodingProblem: Sendable {
    /// The text is not JSON; `line` and `column` count from 1.
    case malformedJSON(line: Int, column: Int, problem: String)
    /// The JSON does not have the expected shape at `path`, such as `recipes[3].title`.
    case wrongShape(path: String, problem: String)

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
        case .dataCorrupted(let context) where context.codingPath.isEmpty && context.underlyingError != nil,
            .dataCorrupted(let context)
        where context.codingPath.isEmpty && context.debugDescription.contains("valid JSON"):
            let (line, column, problem) = locateJSONSyntaxError(in: data)
            self = .malformedJSON(line: line, column: column, problem: problem)
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

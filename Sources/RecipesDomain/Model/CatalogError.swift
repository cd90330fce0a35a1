import Foundation

/// Why a catalog could not be loaded.
public enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, problem: String)
    /// The text is not JSON; `line` and `column` count from 1.
    case malformedJSON(line: Int, column: Int, problem: String)
    /// The JSON does not have the catalog's shape; `path` is where, such as `recipes[3].title`.
    case wrongShape(path: String, problem: String)
    /// A recipe breaks a rule; `index` counts from 0.
    case invalidRecipe(index: Int, id: String, field: String, problem: String)

    /// A sentence saying what is wrong and where.
    public var description: String {
        switch self {
        case .unreadable(let path, let problem):
            "cannot read catalog \(path): \(problem)"
        case .malformedJSON(let line, let column, let problem):
            "catalog is not valid JSON at line \(line), column \(column): \(problem)"
        case .wrongShape(let path, let problem):
            "catalog field \(path.isEmpty ? "(top level)" : path): \(problem)"
        case .invalidRecipe(let index, let id, let field, let problem):
            "catalog recipe \(index + 1) ('\(id)'): \(field) \(problem)"
        }
    }

    init(decoding error: DecodingError, in data: Data) {
        func path(_ context: DecodingError.Context) -> String {
            var text = ""
            for key in context.codingPath {
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
            let (line, column, problem) = locateJSONSyntaxError(in: data)
            self = .malformedJSON(line: line, column: column, problem: problem)
        case .dataCorrupted(let context):
            self = .wrongShape(path: path(context), problem: context.debugDescription)
        case .keyNotFound(let key, let context):
            let container = path(context)
            self = .wrongShape(
                path: container.isEmpty ? key.stringValue : "\(container).\(key.stringValue)",
                problem: "is missing"
            )
        case .typeMismatch(let type, let context):
            self = .wrongShape(path: path(context), problem: "expected \(jsonName(of: type))")
        case .valueNotFound(let type, let context):
            self = .wrongShape(path: path(context), problem: "is null; expected \(jsonName(of: type))")
        @unknown default:
            self = .wrongShape(path: "", problem: "\(error)")
        }
    }
}

private func jsonName(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Double.Type: "a number"
    case is Bool.Type: "true or false"
    case is [Any].Type: "an array"
    default: "an object"
    }
}

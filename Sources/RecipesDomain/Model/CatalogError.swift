import Foundation
import XTree
import XTreeSupport

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
            "catalog is \(DecodingProblem.malformedJSON(line: line, column: column, problem: problem))"
        case .wrongShape(let path, let problem):
            "catalog \(DecodingProblem.wrongShape(path: path, problem: problem))"
        case .invalidRecipe(let index, let id, let field, let problem):
            "catalog recipe \(index + 1) ('\(id)'): \(field) \(problem)"
        }
    }

    init(decoding error: DecodingError, in data: Data) {
        self.init(DecodingProblem(error, in: data))
    }

    init(_ problem: DecodingProblem) {
        switch problem {
        case .malformedJSON(let line, let column, let problem):
            self = .malformedJSON(line: line, column: column, problem: problem)
        case .wrongShape(let path, let problem): self = .wrongShape(path: path, problem: problem)
        }
    }
}

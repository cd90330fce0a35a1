import Foundation
import XTreeEscaping
import XTreeSnapshot
import XTreeSupport

extension SnapshotReader {
    /// A problem a decoder would meet, kept until the whole document has been scanned.
    enum Problem {
        /// A field's problem, at its path.
        case shape(path: String, problem: String)
        /// Foundation's decoder refused the data as not JSON, which it says without a place.
        case notJSON
    }

    /// What a value held, for the messages of a field that holds something else.
    enum Kind {
        case object, array, string, number, bool, null

        /// Foundation's word for what a field holds when it is not what the field needs.
        func mismatch(expected: String) -> String {
            self == .null ? "is null; expected \(expected)" : "expected \(expected)"
        }
    }

    /// Records `found` unless a problem the decoder meets earlier is already recorded.
    @inline(__always)
    mutating func note(_ found: @autoclosure () -> Problem) {
        if problem == nil { problem = found() }
    }

    /// Reads the whole document; a stop or a problem becomes the error the first reader threw for it.
    mutating func readAll() throws(SnapshotReadError<any Error>) -> TreeSnapshot {
        do {
            try readDocument()
        } catch .source {
            throw .source(sourceFailure!)
        } catch {
            let document = try wholeDocument()
            if let problem = DecodingProblem.strictProblem(in: document) { throw .snapshot(TreeSnapshotError(problem)) }
            // The strict scan and this reader disagree: say so rather than accept.
            throw .snapshot(.malformedJSON(line: 1, column: 1, problem: "refused by the snapshot reader"))
        }
        switch problem {
        case .shape(let path, let problem)?: throw .snapshot(.wrongShape(path: path, problem: problem))
        case .notJSON?:
            let context = DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON.")
            let document = try wholeDocument()
            throw .snapshot(TreeSnapshotError(DecodingProblem(DecodingError.dataCorrupted(context), in: document)))
        case nil: break
        }
        do throws(TreeSnapshotError) {
            try finishColumns()
        } catch {
            throw .snapshot(error)
        }
        return TreeSnapshot(validColumns: columns)
    }

    mutating func wholeDocument() throws(SnapshotReadError<any Error>) -> Data {
        do {
            return try source.document()
        } catch {
            throw .source(error)
        }
    }
}

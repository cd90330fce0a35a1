import Foundation
import XTreeCodec
import XTreeEscaping
import XTreeSnapshot
import XTreeSupport

/// Answers within an agent's budget: a tool's JSON held to a number of characters (a client
/// keeps about 25,000 tokens of an answer, and saves one over 50,000 characters to a file), a
/// tree a page at a time, a list cut with a count of what was left out.
extension MCPServer {
    /// The characters of an answer unless the server or the call says otherwise.
    package static let defaultBudget = 40_000
    /// The most characters of an error's text.
    static let maximumError = 8_000

    /// `text`, cut to `count` characters with a mark that it was.
    static func cut(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 40)) + " …(\(text.count - count + 40) characters cut)"
    }

    /// `json` (an object) within `budget` bytes: as it is if it fits; else with its largest
    /// list cut (its first elements kept, or its last where `keepingLast`: a journal's newest
    /// events) and `omitted` saying how many of which list were left out. As it is if no cut
    /// fits, for the caller to refuse.
    static func fitted(_ json: [UInt8], budget: Int, keepingLast: Bool) -> [UInt8] {
        guard json.count > budget,
            case .object(var object)? = try? JSONDecoder().decode(JSONValue.self, from: Data(json))
        else { return json }
        let lists = object.compactMap { key, value -> (String, [JSONValue])? in
            if case .array(let items) = value { (key, items) } else { nil }
        }
        guard let (key, items) = lists.max(by: { encoded(.array($0.1)).count < encoded(.array($1.1)).count }) else {
            return json
        }
        func attempt(_ kept: Int) -> [UInt8] {
            object[key] = .array(Array(keepingLast ? items.suffix(kept) : items.prefix(kept)))
            object["omitted"] = .object([key: .integer(items.count - kept)])
            return Array(encoded(.object(object)))
        }
        // The most elements that fit, found by halving.
        var (low, high) = (0, items.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if attempt(middle).count <= budget { low = middle } else { high = middle - 1 }
        }
        let best = attempt(low)
        return best.count <= budget ? best : json
    }

    /// A tree's version: a hash of the tree as its command printed it (the snapshot writer's
    /// output is the same for the same tree), so hashing it costs one pass over the bytes.
    package static func version(of output: String) -> String {
        String(
            output.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }, radix: 36)
    }

    /// A page of the tree `output` (a snapshot document, read by the format's own reader): the
    /// nodes at most `depth` deep and under `root`, from the cursor's place, with `nextCursor`
    /// if there are more; `nil` if `output` is not a snapshot. A cursor holds the tree's
    /// ``version(of:)``, so one from another tree is refused, naming the version now. Only the
    /// page's nodes are made into JSON values: a tree of 100,000 nodes is read as columns.
    package static func page(
        _ output: String, _ arguments: [String: JSONValue], budget: Int = defaultBudget
    ) throws(Problem) -> (json: [UInt8], summary: String)? {
        guard let tree = try? SnapshotCodec.read(Data(output.utf8)) else { return nil }
        let nodes = tree.columns
        let version = Self.version(of: output)
        var start = 0
        if case .string(let cursor)? = arguments["cursor"] {
            let parts = (Data(base64Encoded: cursor).map { String(decoding: $0, as: UTF8.self) } ?? "")
                .split(separator: ":")
            guard parts.count == 2, let offset = Int(parts[1]), offset >= 0 else {
                throw Problem(message: "tree: not a cursor this server gave")
            }
            guard parts[0] == version else {
                throw Problem(
                    message:
                        "tree: the cursor is for another version of the tree; it is \(version) now: start again without a cursor"
                )
            }
            start = offset
        }
        var inside: [Bool]?
        if case .integer(let root)? = arguments["root"] {
            guard nodes.indices.contains(root) else { throw Problem(message: "tree: no node \(root)") }
            // Breadth-first: a node's parent comes before it.
            var marks = [Bool](repeating: false, count: nodes.count)
            marks[root] = true
            for node in root..<nodes.count {
                if let parent = nodes.parent(of: node), marks[parent] { marks[node] = true }
            }
            inside = marks
        }
        var depth = Int.max
        if case .integer(let deepest)? = arguments["depth"] { depth = deepest }
        var limit = 500
        if case .integer(let asked)? = arguments["limit"] { limit = asked }
        let chosen = nodes.indices.filter { node in (inside?[node] ?? true) && nodes.depth(of: node) <= depth }
        // Keys in order, as the encoder sorts them; a cursor is Base64 and a version base 36.
        func render(_ count: Int) -> (json: [UInt8], summary: String) {
            let page = chosen.dropFirst(start).prefix(count)
            var bytes = UTF8Buffer(capacity: 1_024)
            bytes.append("{")
            if page.endIndex < chosen.count {
                bytes.append(
                    contentsOf: "\"nextCursor\":\"\(Data("\(version):\(page.endIndex)".utf8).base64EncodedString())\",")
            }
            bytes.append("\"nodes\":")
            var writer = SnapshotBlocks(tree)
            writer.append(array: page, to: &bytes)
            bytes.append(contentsOf: ",\"total\":\(chosen.count),\"version\":\"\(version)\"}")
            let summary =
                "\(page.count) of \(chosen.count) nodes"
                + (page.endIndex < chosen.count ? "; more with nextCursor" : "")
            return (bytes.withBytes { Array($0) }, summary)
        }
        // As many nodes as the budget holds, up to the limit: found by halving.
        var answer = render(limit)
        if answer.json.count > budget, limit > 1 {
            var (low, high) = (1, limit - 1)
            while low < high {
                let middle = (low + high + 1) / 2
                if render(middle).json.count <= budget { low = middle } else { high = middle - 1 }
            }
            answer = render(low)
        }
        return answer
    }
}

import Foundation
import XTreeEscaping
import XTreeSnapshot
import XTreeSupport

extension SnapshotReader {
    /// Appends a node's id: packed while every id so far has the short form.
    mutating func appendID(_ id: (packed: UInt64?, text: String)) {
        if packedIDs != nil, let value = id.packed {
            packedIDs!.append(value)
            return
        }
        if let packed = packedIDs {
            textIDs = packed.map(ShortID.string)
            packedIDs = nil
        }
        textIDs.append(id.packed.map(ShortID.string) ?? id.text)
    }

    /// The number of the type the last string read names: the last node's type, usually.
    mutating func typeNumber(ofScratch: Void) -> UInt32 {
        if let last = columns.types.last, lastStringIs(columns.typeNames[Int(last)]) { return last }
        return TreeSnapshot.Columns.number(of: lastStringText(), in: &columns.typeNames, numbers: &typeNumbers)
    }

    mutating func finishColumns() throws(TreeSnapshotError) {
        columns.ids = packedIDs.map(TreeSnapshot.IDs.packed) ?? .text(textIDs)
        try TreeSnapshot.check(unchecked, &columns)
    }

    /// Reads the attributes of the node at `node` into the columns; the first problem, if
    /// any.
    mutating func readAttributes(_ node: Int) throws(Stop) -> Problem? {
        var pair = ("", "")
        return try readPairs(
            of: node, in: "attributes", ("key", "value"),
            member: { reader, second, path throws(Stop) in
                if let problem = try reader.readString(depth: 5, path: path) { return problem }
                if second { pair.1 = reader.lastStringText() } else { pair.0 = reader.lastStringText() }
                return nil
            },
            element: { $0.columns.attributes.append(TreeSnapshot.Attribute(key: pair.0, value: pair.1)) })
    }

    /// Reads the links of the node at `node` into the unchecked links; the first problem, if
    /// any.
    mutating func readLinks(_ node: Int) throws(Stop) -> Problem? {
        var link = (TreeSnapshot.LinkKind.child, 0)
        return try readPairs(
            of: node, in: "links", ("kind", "node"),
            member: { reader, second, path throws(Stop) in
                guard second else {
                    if let problem = try reader.readString(depth: 5, path: path) { return problem }
                    guard let kind = reader.linkKind() else {
                        let text = reader.lastStringText()
                        return .shape(
                            path: path(), problem: "Cannot initialize LinkKind from invalid String value \(text)")
                    }
                    link.0 = kind
                    return nil
                }
                let number = try reader.readInt(depth: 5)
                guard let value = number.value else {
                    return number.kind == .number
                        ? .notJSON : .shape(path: path(), problem: number.kind.mismatch(expected: "a number"))
                }
                link.1 = value
                return nil
            },
            element: { reader in
                reader.unchecked.linkTargets.append(link.1)
                reader.unchecked.linkKinds.append(link.0)
            })
    }

    /// Reads a node's array of objects of two fields, `names` (attributes: key and value;
    /// links: kind and node), giving `member` each of the two it meets (`second` for the
    /// second, with its path), and calling `element` for each object that has both and no
    /// problem. Inside the array, four containers are around each object. The first problem,
    /// in the order a decoder meets them, if any.
    mutating func readPairs(
        of node: Int, in field: String, _ names: (StaticString, StaticString),
        member: (inout Self, _ second: Bool, _ path: () -> String) throws(Stop) -> Problem?,
        element: (inout Self) -> Void
    ) throws(Stop) -> Problem? {
        let path = { "nodes[\(node)].\(field)" }
        skipSpace()
        guard peek() == UInt8(ascii: "[") else {
            return .shape(path: path(), problem: try skipValue(depth: 3).mismatch(expected: "an array"))
        }
        index += 1
        var found: Problem?
        var position = 0
        try readElements { reader throws(Stop) in
            let elementPath = { [position] in "\(path())[\(position)]" }
            position += 1
            guard reader.peek() == UInt8(ascii: "{") else {
                let kind = try reader.skipValue(depth: 4)
                if found == nil { found = .shape(path: elementPath(), problem: kind.mismatch(expected: "an object")) }
                return
            }
            reader.index += 1
            var problems: (Problem?, Problem?) = (nil, nil)
            var seen = (false, false)
            var otherKeys: [String] = []
            try reader.readMembers { reader, key throws(Stop) in
                let first = reader.key(key, is: names.0)
                guard first || reader.key(key, is: names.1) else {
                    let name = reader.text(of: key)
                    guard !otherKeys.contains(name) else { throw Stop.strict }
                    otherKeys.append(name)
                    _ = try reader.skipValue(depth: 5)
                    return
                }
                guard !(first ? seen.0 : seen.1) else { throw Stop.strict }
                let memberPath = { "\(elementPath()).\(first ? names.0 : names.1)" }
                let problem = try member(&reader, !first, memberPath)
                if first { (seen.0, problems.0) = (true, problem) } else { (seen.1, problems.1) = (true, problem) }
            }
            guard found == nil else { return }
            let missing = { (name: StaticString) in
                Problem.shape(path: "\(elementPath()).\(name)", problem: "is missing")
            }
            if let problem = problems.0 ?? (seen.0 ? nil : missing(names.0)) ?? problems.1
                ?? (seen.1 ? nil : missing(names.1))
            {
                found = problem
            } else {
                element(&reader)
            }
        }
        return found
    }

    /// The link kind the last string read names, if it names one.
    mutating func linkKind() -> TreeSnapshot.LinkKind? {
        withLastString { text in
            switch text.count {
            case 5 where text.elementsEqual("child".utf8): .child
            case 5 where text.elementsEqual("cycle".utf8): .cycle
            case 6 where text.elementsEqual("shared".utf8): .shared
            default: nil
            }
        }
    }

    /// Reads the names of the node at `node`; `null` is none, as the decoder takes it.
    mutating func readNames(_ node: Int) throws(Stop) -> (names: [String], problem: Problem?) {
        let path = { "nodes[\(node)].names" }
        skipSpace()
        guard peek() == UInt8(ascii: "[") else {
            let kind = try skipValue(depth: 3)
            return kind == .null ? ([], nil) : ([], .shape(path: path(), problem: kind.mismatch(expected: "an array")))
        }
        index += 1
        var names: [String] = []
        var found: Problem?
        var position = 0
        let last = lastNameList.map { columns.nameLists[Int($0)] } ?? []
        try readElements { reader throws(Stop) in
            let element = position
            position += 1
            if let problem = try reader.readString(depth: 4, path: { "\(path())[\(element)]" }) {
                if found == nil { found = problem }
            } else if found == nil {
                // Lists repeat from node to node: the last list's name is usually this one.
                if element < last.count, reader.lastStringIs(last[element]) {
                    names.append(last[element])
                } else {
                    names.append(reader.lastStringText())
                }
            }
        }
        return (names, found)
    }
}

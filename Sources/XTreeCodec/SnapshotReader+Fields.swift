import Foundation
import XTreeEscaping
import XTreeSnapshot
import XTreeSupport

extension SnapshotReader {
    mutating func readDocument() throws(Stop) {
        try skipSpaceFilling()
        if peek() == UInt8(ascii: "{") {
            try readTopObject()
        } else {
            var kind = Kind.null
            try readWhole { reader throws(Stop) in kind = try reader.skipValue(depth: 0) }
            note(.shape(path: "", problem: kind.mismatch(expected: "an object")))
        }
        try skipSpaceFilling()
        guard index == bytes.count else { throw Stop.strict }
    }

    mutating func readTopObject() throws(Stop) {
        index += 1
        var version: (kind: Kind, value: Int?)?
        var nodesProblem: Problem?
        var sawNodes = false
        var otherKeys: [String] = []
        try readMembers(streaming: true) { reader, key throws(Stop) in
            if reader.key(key, is: "version") {
                guard version == nil else { throw Stop.strict }
                try reader.readWhole { reader throws(Stop) in version = try reader.readInt(depth: 1) }
            } else if reader.key(key, is: "nodes") {
                guard !sawNodes else { throw Stop.strict }
                sawNodes = true
                // A node's problem counts only after the version's: keep it apart until then.
                let earlier = reader.problem
                reader.problem = nil
                try reader.readNodes()
                nodesProblem = reader.problem
                reader.problem = earlier
            } else {
                let name = reader.text(of: key)
                guard !otherKeys.contains(name) else { throw Stop.strict }
                otherKeys.append(name)
                try reader.readWhole { reader throws(Stop) in _ = try reader.skipValue(depth: 1) }
            }
        }
        switch version {
        case nil: note(.shape(path: "version", problem: "is missing"))
        case (.number, nil)?: note(.notJSON)
        case (let kind, nil)?: note(.shape(path: "version", problem: kind.mismatch(expected: "a number")))
        case (_, let found?)? where !(1...SnapshotCodec.version).contains(found):
            note(
                .shape(
                    path: "version",
                    problem:
                        "snapshot format version \(found) is not supported; this reader reads versions 1 to \(SnapshotCodec.version)"
                ))
        default: break
        }
        if !sawNodes { note(.shape(path: "nodes", problem: "is missing")) }
        if let nodesProblem { note(nodesProblem) }
    }

    mutating func readNodes() throws(Stop) {
        try skipSpaceFilling()
        guard peek() == UInt8(ascii: "[") else {
            var kind = Kind.null
            try readWhole { reader throws(Stop) in kind = try reader.skipValue(depth: 1) }
            return note(.shape(path: "nodes", problem: kind.mismatch(expected: "an array")))
        }
        index += 1
        var position = 0
        try readElements(streaming: true) { reader throws(Stop) in
            if reader.peek() == UInt8(ascii: "{") {
                try reader.readNode(position)
            } else {
                let kind = try reader.skipValue(depth: 2)
                reader.note(.shape(path: "nodes[\(position)]", problem: kind.mismatch(expected: "an object")))
            }
            position += 1
        }
    }

    // MARK: A node

    /// A node's fields in the order the decoder asks for them, which is the order in which
    /// their problems count.
    enum Field: Int, CaseIterable {
        case id, type, label, attributes, depth, order, parent, links, names, identity

        /// The field's key in the format, which is the case's name.
        var name: String { "\(self)" }

        /// The fields a node must have, as bits of their raw values: all but `parent`,
        /// `names` and `identity`.
        static var required: Int { 0b00_1011_1111 }
    }

    /// Reads the node at `position` of the nodes, whose `{` is next. Values inside a node
    /// have three containers around them: the document, the nodes and the node.
    mutating func readNode(_ position: Int) throws(Stop) {
        index += 1
        var seen = 0
        var otherKeys: [String] = []
        // The first problem of this node, by field.
        var fieldProblem: (field: Field, problem: Problem)?
        func fieldNote(_ field: Field, _ found: Problem) {
            if fieldProblem == nil || field.rawValue < fieldProblem!.field.rawValue { fieldProblem = (field, found) }
        }
        func path(_ field: Field) -> String { "nodes[\(position)].\(field.name)" }
        var id: (packed: UInt64?, text: String) = (nil, "")
        var type: UInt32 = 0
        var depth = 0
        var order = 0
        var parent: Int?
        var names: [String] = []
        var identity: String?

        try readMembers { reader, key throws(Stop) in
            guard let field = reader.field(key) else {
                let name = reader.text(of: key)
                guard !otherKeys.contains(name) else { throw Stop.strict }
                otherKeys.append(name)
                _ = try reader.skipValue(depth: 3)
                return
            }
            guard seen & (1 << field.rawValue) == 0 else { throw Stop.strict }
            seen |= 1 << field.rawValue
            switch field {
            case .id, .type, .label:
                if let found = try reader.readString(depth: 3, path: { path(field) }) {
                    fieldNote(field, found)
                } else if field == .id {
                    id.packed = reader.withLastString(ShortID.value(ofUTF8:))
                    if id.packed == nil { id.text = reader.lastStringText() }
                } else if field == .type {
                    type = reader.typeNumber(ofScratch: ())
                } else {
                    reader.appendLastStringToLabels()
                }
            case .attributes:
                if let found = try reader.readAttributes(position) { fieldNote(.attributes, found) }
            case .depth, .order, .parent:
                let number = try reader.readInt(depth: 3)
                if let value = number.value {
                    switch field {
                    case .depth: depth = value
                    case .order: order = value
                    default: parent = value
                    }
                } else if number.kind == .number {
                    fieldNote(field, .notJSON)
                } else if !(field == .parent && number.kind == .null) {
                    fieldNote(field, .shape(path: path(field), problem: number.kind.mismatch(expected: "a number")))
                }
            case .links:
                if let found = try reader.readLinks(position) { fieldNote(.links, found) }
            case .names:
                let read = try reader.readNames(position)
                if let found = read.problem { fieldNote(.names, found) } else { names = read.names }
            case .identity:
                if reader.peek() == UInt8(ascii: "n") {
                    _ = try reader.skipValue(depth: 3)
                } else if let found = try reader.readString(depth: 3, path: { path(.identity) }) {
                    fieldNote(.identity, found)
                } else {
                    identity = reader.lastStringText()
                }
            }
        }
        if seen & Field.required != Field.required {
            for field in Field.allCases
            where Field.required & 1 << field.rawValue != 0 && seen & 1 << field.rawValue == 0 {
                fieldNote(field, .shape(path: path(field), problem: "is missing"))
            }
        }
        if let fieldProblem { note(fieldProblem.problem) }
        guard problem == nil else { return }

        // Everything read: the node's columns.
        appendID(id)
        columns.types.append(type)
        columns.labelEnds.append(UInt32(truncatingIfNeeded: columns.labelBytes.count))
        columns.attributeEnds.append(UInt32(truncatingIfNeeded: columns.attributes.count))
        unchecked.linkEnds.append(unchecked.linkTargets.count)
        unchecked.orders.append(order)
        unchecked.depths.append(depth)
        unchecked.parents.append(parent ?? 0)
        unchecked.hasParent.append(parent != nil)
        if lastNameList == nil || columns.nameLists[Int(lastNameList!)] != names {
            lastNameList = TreeSnapshot.Columns.number(of: names, in: &columns.nameLists, numbers: &nameListNumbers)
        }
        columns.noteNameList(lastNameList!, type: type)
        columns.appendIdentity(identity, of: columns.count - 1)
        unchecked.noteCounts(
            attributes: columns.attributes.count, labelBytes: columns.labelBytes.count, order: order)
    }

    /// The field `key` names, if it names one.
    mutating func field(_ key: Key) -> Field? {
        if key.isEscaped {
            let name = text(of: key)
            return Field.allCases.first { $0.name == name }
        }
        switch key.range.count {
        case 2: return self.key(key, is: "id") ? .id : nil
        case 4: return self.key(key, is: "type") ? .type : nil
        case 5:
            switch bytes[key.range.lowerBound] {
            case UInt8(ascii: "l"):
                return self.key(key, is: "label") ? .label : self.key(key, is: "links") ? .links : nil
            case UInt8(ascii: "d"): return self.key(key, is: "depth") ? .depth : nil
            case UInt8(ascii: "o"): return self.key(key, is: "order") ? .order : nil
            case UInt8(ascii: "n"): return self.key(key, is: "names") ? .names : nil
            default: return nil
            }
        case 6: return self.key(key, is: "parent") ? .parent : nil
        case 8: return self.key(key, is: "identity") ? .identity : nil
        case 10: return self.key(key, is: "attributes") ? .attributes : nil
        default: return nil
        }
    }

    // MARK: Values

    /// Reads a string field, with `depth` containers around it, into `scratch`, unescaped;
    /// the problem if the value is not a string (at the path `path` makes).
    mutating func readString(depth: Int, path: () -> String) throws(Stop) -> Problem? {
        skipSpace()
        guard peek() == UInt8(ascii: "\"") else {
            return .shape(path: path(), problem: try skipValue(depth: depth).mismatch(expected: "a string"))
        }
        try readStringBytes()
        return nil
    }

    /// Reads a whole-number field: its value, or what it holds instead (a number with no
    /// `Int` value is Foundation's "not valid JSON").
    mutating func readInt(depth: Int) throws(Stop) -> (kind: Kind, value: Int?) {
        skipSpace()
        let start = index
        guard let byte = peek(), byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        else {
            return (try skipValue(depth: depth), nil)
        }
        let plain = try skipNumber()
        if plain {
            // Digits, perhaps after a minus, that the scan found to fit 64 bits.
            var value = 0
            var position = start
            let negative = bytes[position] == UInt8(ascii: "-")
            if negative { position += 1 }
            if bytes[position] == UInt8(ascii: "0"), index - position > 1 { return (.number, nil) }
            while position < index {
                value = value &* 10 &+ Int(bytes[position] &- UInt8(ascii: "0"))
                position += 1
            }
            return (.number, negative ? 0 &- value : value)
        }
        // Another form: as Foundation's decoder reads it.
        let literal = Data("[".utf8) + UnsafeBufferPointer(rebasing: bytes[start..<index]) + Data("]".utf8)
        return (.number, (try? JSONDecoder().decode([Int].self, from: literal))?.first)
    }
}

import Foundation
import XTreeEscaping
import XTreeSupport

/// Reads the snapshot format from its bytes into a snapshot's columns, in one pass: no text
/// of the document, no JSON value tree, no `Node` values.
///
/// It accepts and refuses exactly what the format's first reader did (the strict scan, then
/// Foundation's `JSONDecoder`, then the checks of `TreeSnapshot(nodes:)`), with the same
/// messages, found in the same order:
///
/// 1. Anything the strict scan refuses anywhere in the document: malformed JSON, a key given
///    twice, a lone surrogate, nesting past 512 levels, a number no reader holds. The reader
///    stops there and `JSONScan` says what and where.
/// 2. The first problem a decoder meets, in the order it asks for fields (the version, then
///    each node's `id`, `type`, `label`, `attributes`, `depth`, `order`, `parent`, `links`,
///    `names`, `identity`, whatever order the file has them in): a missing or mistyped field,
///    an unknown link kind, a version out of range, and what Foundation's decoder refuses as
///    not JSON (a key or a string value that is not UTF-8, a number such as `01` or `1.5`
///    where a whole number belongs). Fields no decoder asks for are only scanned.
/// 3. The checks that nodes form a snapshot (``TreeSnapshot/check(_:_:)``).
///
/// Numbers written otherwise than as plain integers (`1.0`, `1e2`) are rare; each is given
/// to Foundation's decoder alone, so that it is read exactly as before.
///
/// A document is in memory, or comes a piece at a time from a ``ByteSource`` (a file, a pipe,
/// a connection). Then each value is read on the assumption that its bytes are at hand, and
/// read again with more if it runs past them (``readWhole(_:)``); what has been read is
/// dropped off the front of the window.
struct SnapshotReader: ~Copyable {
    /// Why reading stopped before the end.
    enum Stop: Error {
        /// The strict scan refuses the document; `JSONScan` says why.
        case strict
        /// The source failed; `sourceFailure` says why.
        case source
    }

    /// A problem a decoder would meet, kept until the whole document has been scanned.
    enum Problem {
        /// A field's problem, at its path.
        case shape(path: String, problem: String)
        /// Foundation's decoder refused the data as not JSON, which it says without a place.
        case notJSON
    }

    /// The bytes at hand: the whole document, or the part of it in `window`.
    private var bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Where the bytes come from, and where they are held while they are read, when the
    /// document is not whole in memory.
    private let source: AnyByteSource
    private let window: ByteWindow?
    /// Whether the source has given its last byte.
    private var exhausted = false
    private var sourceFailure: (any Error)?
    /// The first problem a decoder would meet, once one is found.
    private var problem: Problem?

    private var columns = TreeSnapshot.Columns()
    private var unchecked = TreeSnapshot.UncheckedNodes()
    private var packedIDs: [UInt64]? = []
    private var textIDs: [String] = []
    private var typeNumbers: [String: UInt32] = [:]
    private var nameListNumbers: [[String]: UInt32] = [:]
    private var lastNameList: UInt32?
    private var attributeCount = 0
    /// The bytes of the last string read, unescaped, when it had escapes.
    private var scratch: [UInt8] = []
    /// Where the last string read is in the document, when it had no escape: most strings,
    /// which are then never copied.
    private var lastString: Range<Int>? = nil

    private init(_ bytes: UnsafeBufferPointer<UInt8>, window: ByteWindow?, source: AnyByteSource, sizeHint: Int) {
        self.bytes = bytes
        self.window = window
        self.source = source
        scratch.reserveCapacity(256)
        // Room for as many nodes as the document can hold (each takes more than 64 bytes), so
        // that the columns are never copied as they grow. Room not filled is never touched,
        // and costs no memory but addresses.
        let nodes = sizeHint / 64 + 1
        columns.types.reserveCapacity(nodes)
        columns.labelEnds.reserveCapacity(nodes)
        columns.attributeEnds.reserveCapacity(nodes)
        packedIDs?.reserveCapacity(nodes)
        unchecked.reserveCapacity(nodes)
    }

    /// Reads the document `source` gives, a piece at a time: only the part under way is
    /// held.
    ///
    /// - Parameter sizeHint: How many bytes the document likely has (a file's size), if
    ///   known, or 0.
    /// - Throws: ``SnapshotReadError``: the source's failure, or ``TreeSnapshotError`` as the
    ///   first reader threw it.
    static func read<Source: ByteSource>(
        _ source: consuming Source, sizeHint: Int
    ) throws(SnapshotReadError<Source.Failure>) -> TreeSnapshot {
        let window = ByteWindow()
        var reader = SnapshotReader(window.bytes, window: window, source: AnyByteSource(source), sizeHint: sizeHint)
        return try Self.typed(reader.readAll(), as: Source.Failure.self)
    }

    /// Reads the whole document in `bytes`, in place; `source` gives it again for a
    /// problem's message.
    static func read<Source: ByteSource>(
        _ bytes: UnsafeBufferPointer<UInt8>, source: consuming Source
    ) throws(SnapshotReadError<Source.Failure>) -> TreeSnapshot {
        var reader = SnapshotReader(bytes, window: nil, source: AnyByteSource(source), sizeHint: bytes.count)
        return try Self.typed(reader.readAll(), as: Source.Failure.self)
    }

    /// The outcome with the source's failure as the type it has.
    private static func typed<Failure: Error>(
        _ outcome: @autoclosure () throws(SnapshotReadError<any Error>) -> TreeSnapshot, as: Failure.Type
    ) throws(SnapshotReadError<Failure>) -> TreeSnapshot {
        do {
            return try outcome()
        } catch {
            switch error {
            case .snapshot(let problem): throw .snapshot(problem)
            case .source(let failure): throw .source(failure as! Failure)
            }
        }
    }

    private mutating func readAll() throws(SnapshotReadError<any Error>) -> TreeSnapshot {
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

    private mutating func wholeDocument() throws(SnapshotReadError<any Error>) -> Data {
        do {
            return try source.document()
        } catch {
            throw .source(error)
        }
    }

    // MARK: Reading a piece at a time

    /// Asks the source for more bytes; whether it gave any.
    private mutating func more() throws(Stop) -> Bool {
        guard let window else { return false }
        let filled: Bool
        do {
            filled = try source.fill(window)
        } catch {
            sourceFailure = error
            throw .source
        }
        bytes = window.bytes
        exhausted = !filled
        return filled
    }

    /// Skips white space, asking for more bytes as it runs out, until a byte that is not
    /// white space or the end of the document.
    private mutating func skipSpaceFilling() throws(Stop) {
        skipSpace()
        while index == bytes.count, try more() { skipSpace() }
    }

    /// Reads one element with `element`, assuming its bytes are at hand; if it runs past
    /// them, forgets what it read of it, asks for more bytes, and reads it again.
    private mutating func readWhole(_ element: (inout Self) throws(Stop) -> Void) throws(Stop) {
        let start = index
        let counts = (
            labels: columns.labelBytes.count, attributes: columns.attributes.count,
            links: unchecked.linkTargets.count
        )
        let found = problem
        while true {
            do {
                return try element(&self)
            } catch .strict where window != nil && index >= bytes.count {
                columns.labelBytes.removeSubrange(counts.labels...)
                columns.attributes.removeSubrange(counts.attributes...)
                unchecked.linkTargets.removeSubrange(counts.links...)
                unchecked.linkKinds.removeSubrange(counts.links...)
                problem = found
                index = start
                // At the document's end the element is as whole as it gets: read it once more
                // to stop where it stops.
                guard try more() else { return try element(&self) }
            }
        }
    }

    /// Drops what has been read off the front of the window, once it is a good part of it.
    private mutating func dropRead() {
        guard let window, index >= 1 << 20, index * 2 >= window.count else { return }
        window.dropFront(index)
        bytes = window.bytes
        index = 0
    }

    /// Records `found` unless a problem the decoder meets earlier is already recorded.
    @inline(__always)
    private mutating func note(_ found: @autoclosure () -> Problem) {
        if problem == nil { problem = found() }
    }

    // MARK: The document

    private enum Kind {
        case object, array, string, number, bool, null

        /// Foundation's word for what a field holds when it is not what the field needs.
        func mismatch(expected: String) -> String {
            self == .null ? "is null; expected \(expected)" : "expected \(expected)"
        }
    }

    private mutating func readDocument() throws(Stop) {
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

    private mutating func readTopObject() throws(Stop) {
        index += 1
        var version: (kind: Kind, value: Int?)?
        var nodesProblem: Problem?
        var sawNodes = false
        var otherKeys: [String] = []
        var keysAreUTF8 = true
        try readMembers(streaming: true) { reader, key throws(Stop) in
            keysAreUTF8 = keysAreUTF8 && key.isUTF8
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
        // The decoder reads every key of the document as it makes its container.
        guard keysAreUTF8 else { return note(.notJSON) }
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

    private mutating func readNodes() throws(Stop) {
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
    private enum Field: Int, CaseIterable {
        case id, type, label, attributes, depth, order, parent, links, names, identity

        /// The field's key in the format, which is the case's name.
        var name: String { "\(self)" }

        /// The fields a node must have, as bits of their raw values: all but `parent`,
        /// `names` and `identity`.
        static var required: Int { 0b00_1011_1111 }
    }

    /// Reads the node at `position` of the nodes, whose `{` is next. Values inside a node
    /// have three containers around them: the document, the nodes and the node.
    private mutating func readNode(_ position: Int) throws(Stop) {
        index += 1
        var seen = 0
        var otherKeys: [String] = []
        var keysAreUTF8 = true
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
            keysAreUTF8 = keysAreUTF8 && key.isUTF8
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
        // The decoder makes the node's container, reading every key, before any field.
        if !keysAreUTF8 { fieldProblem = (.id, .notJSON) }
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
    private mutating func field(_ key: Key) -> Field? {
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

    /// Appends a node's id: packed while every id so far has the short form.
    private mutating func appendID(_ id: (packed: UInt64?, text: String)) {
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
    private mutating func typeNumber(ofScratch: Void) -> UInt32 {
        if let last = columns.types.last, lastStringIs(columns.typeNames[Int(last)]) { return last }
        return TreeSnapshot.Columns.number(of: lastStringText(), in: &columns.typeNames, numbers: &typeNumbers)
    }

    private mutating func finishColumns() throws(TreeSnapshotError) {
        columns.ids = packedIDs.map(TreeSnapshot.IDs.packed) ?? .text(textIDs)
        try TreeSnapshot.check(unchecked, &columns)
    }

    // MARK: Attributes, links and names

    /// Reads the attributes of the node at `node` into the columns; the first problem, if
    /// any.
    private mutating func readAttributes(_ node: Int) throws(Stop) -> Problem? {
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
    private mutating func readLinks(_ node: Int) throws(Stop) -> Problem? {
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
    private mutating func readPairs(
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
            var keysAreUTF8 = true
            try reader.readMembers { reader, key throws(Stop) in
                keysAreUTF8 = keysAreUTF8 && key.isUTF8
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
            if !keysAreUTF8 {
                found = .notJSON
            } else if let problem = problems.0 ?? (seen.0 ? nil : missing(names.0)) ?? problems.1
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
    private mutating func linkKind() -> TreeSnapshot.LinkKind? {
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
    private mutating func readNames(_ node: Int) throws(Stop) -> (names: [String], problem: Problem?) {
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

    // MARK: Values

    /// Reads a string field, with `depth` containers around it, into `scratch`, unescaped;
    /// the problem if the value is not a string (at the path `path` makes), or not UTF-8.
    private mutating func readString(depth: Int, path: () -> String) throws(Stop) -> Problem? {
        skipSpace()
        guard peek() == UInt8(ascii: "\"") else {
            return .shape(path: path(), problem: try skipValue(depth: depth).mismatch(expected: "a string"))
        }
        let isUTF8 = try readStringBytes()
        return isUTF8 ? nil : .notJSON
    }

    /// Reads a whole-number field: its value, or what it holds instead (a number with no
    /// `Int` value is Foundation's "not valid JSON").
    private mutating func readInt(depth: Int) throws(Stop) -> (kind: Kind, value: Int?) {
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

    // MARK: Scanning

    @inline(__always)
    private mutating func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    @inline(__always)
    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// A member's key: where its bytes are, whether it has escapes, and whether its bytes
    /// are UTF-8.
    struct Key {
        var range: Range<Int>
        var isEscaped: Bool
        var isUTF8: Bool
    }

    /// The key's text, escapes decoded as the strict scan decodes them to compare keys.
    private mutating func text(of key: Key) -> String {
        key.isEscaped
            ? decodedKey(bytes, key.range)
            : String(decoding: UnsafeBufferPointer(rebasing: bytes[key.range]), as: UTF8.self)
    }

    /// Whether the key is `name`, which is ASCII.
    @inline(__always)
    private mutating func key(_ key: Key, is name: StaticString) -> Bool {
        if key.isEscaped { return text(of: key) == name.description }
        guard key.range.count == name.utf8CodeUnitCount else { return false }
        return memcmp(bytes.baseAddress! + key.range.lowerBound, name.utf8Start, key.range.count) == 0
    }

    /// Reads the members of an object whose `{` has been read, through its `}`, calling
    /// `member` with each key once its `:` has been read.
    private mutating func readMembers(
        streaming: Bool = false, _ member: (inout Self, Key) throws(Stop) -> Void
    ) throws(Stop) {
        if streaming { try skipSpaceFilling() } else { skipSpace() }
        if peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            var key = Key(range: 0..<0, isEscaped: false, isUTF8: true)
            if streaming {
                try skipSpaceFilling()
                try readWhole { reader throws(Stop) in key = try reader.readKey() }
            } else {
                skipSpace()
                key = try readKey()
            }
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            guard peek() == UInt8(ascii: ":") else { throw Stop.strict }
            index += 1
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            try member(&self, key)
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            switch peek() {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return
            default: throw Stop.strict
            }
        }
    }

    /// Reads the elements of an array whose `[` has been read, through its `]`, calling
    /// `element` at the start of each.
    private mutating func readElements(
        streaming: Bool = false, _ element: (inout Self) throws(Stop) -> Void
    ) throws(Stop) {
        if streaming { try skipSpaceFilling() } else { skipSpace() }
        if peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            if streaming {
                dropRead()
                try skipSpaceFilling()
                try readWhole(element)
            } else {
                skipSpace()
                try element(&self)
            }
            if streaming { try skipSpaceFilling() } else { skipSpace() }
            switch peek() {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return
            default: throw Stop.strict
            }
        }
    }

    /// Skips any value, checking it as the strict scan does; what kind of value it was.
    /// `depth` is the number of containers around it.
    private mutating func skipValue(depth: Int) throws(Stop) -> Kind {
        skipSpace()
        guard let byte = peek() else { throw Stop.strict }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < JSONScan.maximumDepth else { throw Stop.strict }
            index += 1
            var keys: [String] = []
            try readMembers { reader, key throws(Stop) in
                let name = reader.text(of: key)
                guard !keys.contains(name) else { throw Stop.strict }
                keys.append(name)
                _ = try reader.skipValue(depth: depth + 1)
            }
            return .object
        case UInt8(ascii: "["):
            guard depth < JSONScan.maximumDepth else { throw Stop.strict }
            index += 1
            try readElements { reader throws(Stop) in
                _ = try reader.skipValue(depth: depth + 1)
            }
            return .array
        case UInt8(ascii: "\""):
            _ = try readStringBytes()
            return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            for (word, kind) in [("true", Kind.bool), ("false", .bool), ("null", .null)]
            where UnsafeBufferPointer(rebasing: bytes[index...]).starts(with: word.utf8) {
                index += word.utf8.count
                return kind
            }
            throw bytes.count - index < 5 ? ranOut() : Stop.strict
        default:
            _ = try skipNumber()
            return .number
        }
    }

    /// Skips a number as the strict scan reads one: an optional minus, digits, then any run
    /// of digits, `.`, `e`, `E`, `+` and `-`, which must be a finite number, and fit 64 bits
    /// if it is digits alone. Whether it is digits alone.
    private mutating func skipNumber() throws(Stop) -> Bool {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let digits = index
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        // A number that the window cuts may go on in the bytes that come next.
        if index == bytes.count, window != nil, !exhausted { throw ranOut() }
        guard index > digits else { throw Stop.strict }
        let whole = index == bytes.count || !Self.continuesNumber(bytes[index])
        if whole, index - digits < 19 { return true }
        while index < bytes.count, Self.continuesNumber(bytes[index]) { index += 1 }
        if index == bytes.count, window != nil, !exhausted { throw ranOut() }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw Stop.strict }
        if whole, Int(text) == nil { throw Stop.strict }
        return whole
    }

    @inline(__always)
    private static func continuesNumber(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// Reads a key whose `"` is next, checking it as the strict scan does, without
    /// unescaping it.
    private mutating func readKey() throws(Stop) -> Key {
        guard peek() == UInt8(ascii: "\"") else { throw Stop.strict }
        index += 1
        let start = index
        var ascii = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                let range = start..<(index - 1)
                return Key(
                    range: range, isEscaped: false, isUTF8: ascii || isUTF8(UnsafeBufferPointer(rebasing: bytes[range]))
                )
            }
            if byte == UInt8(ascii: "\\") {
                // Rare: read it as any string, then note where its bytes were.
                index = start - 1
                let isUTF8 = try readStringBytes()
                return Key(range: start..<(index - 1), isEscaped: true, isUTF8: isUTF8)
            }
            if byte < 0x20 { throw Stop.strict }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw Stop.strict
    }

    /// Reads a string whose `"` is next, checking it as the strict scan does: its bytes stay
    /// where they are (`lastString`) unless it has escapes, which are decoded into `scratch`.
    /// Whether its bytes are UTF-8.
    private mutating func readStringBytes() throws(Stop) -> Bool {
        index += 1
        let start = index
        var ascii = true
        var escaped = false
        var runStart = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                if escaped {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    lastString = nil
                } else {
                    lastString = start..<index
                }
                index += 1
                return ascii || withLastString(isUTF8)
            }
            if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    scratch.removeAll(keepingCapacity: true)
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                try readEscape()
                runStart = index
                continue
            }
            if byte < 0x20 { throw Stop.strict }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        throw Stop.strict
    }

    /// Calls `body` with the bytes of the last string read, unescaped.
    @inline(__always)
    private mutating func withLastString<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let range = lastString { return body(UnsafeBufferPointer(rebasing: bytes[range])) }
        return scratch.withUnsafeBufferPointer(body)
    }

    /// The last string read.
    private mutating func lastStringText() -> String {
        withLastString { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the last string read is `text`.
    private mutating func lastStringIs(_ text: String) -> Bool {
        withLastString { read in
            text.utf8.withContiguousStorageIfAvailable { stored in
                stored.count == read.count
                    && (read.isEmpty || memcmp(stored.baseAddress!, read.baseAddress!, read.count) == 0)
            } ?? text.utf8.elementsEqual(read)
        }
    }

    private mutating func appendLastStringToLabels() {
        if let range = lastString {
            columns.labelBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        } else {
            columns.labelBytes.append(contentsOf: scratch)
        }
    }

    /// Reads the escape at `index` into `scratch`.
    private mutating func readEscape() throws(Stop) {
        do {
            try readEscapeInWindow()
        } catch {
            // An escape takes at most 12 bytes: one that the window cuts may be whole.
            throw index + 12 > bytes.count ? ranOut() : error
        }
    }

    /// The stop for a value that runs past the bytes at hand: it may be whole once more
    /// arrive.
    private mutating func ranOut() -> Stop {
        index = bytes.count
        return .strict
    }

    private mutating func readEscapeInWindow() throws(Stop) {
        guard index + 1 < bytes.count else { throw Stop.strict }
        let escape = bytes[index + 1]
        // `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, and the bytes they stand for.
        if let simple = Array("\"\\/bfnrt".utf8).firstIndex(of: escape) {
            scratch.append([0x22, 0x5C, 0x2F, 0x08, 0x0C, 0x0A, 0x0D, 0x09][simple])
            index += 2
            return
        }
        guard escape == UInt8(ascii: "u"), let unit = hex4(at: index + 2) else { throw Stop.strict }
        var scalar = unit
        if (0xD800...0xDBFF).contains(unit) {
            guard index + 7 < bytes.count, bytes[index + 6] == UInt8(ascii: "\\"),
                bytes[index + 7] == UInt8(ascii: "u"),
                let low = hex4(at: index + 8), (0xDC00...0xDFFF).contains(low)
            else { throw Stop.strict }
            scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            index += 12
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw Stop.strict
        } else {
            index += 6
        }
        scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
    }

    private mutating func hex4(at offset: Int) -> UInt32? {
        guard offset + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[offset..<offset + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}

/// Whether `bytes` is well-formed UTF-8: no stray continuation byte, overlong form, surrogate,
/// or value past U+10FFFF.
private func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    func continues(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
        index + offset < count && range.contains(bytes[index + offset])
    }
    while index < count {
        switch bytes[index] {
        case 0x00...0x7F:
            index += 1
        case 0xC2...0xDF:
            guard continues(1) else { return false }
            index += 2
        case 0xE0:
            guard continues(1, 0xA0...0xBF), continues(2) else { return false }
            index += 3
        case 0xE1...0xEC, 0xEE...0xEF:
            guard continues(1), continues(2) else { return false }
            index += 3
        case 0xED:
            guard continues(1, 0x80...0x9F), continues(2) else { return false }
            index += 3
        case 0xF0:
            guard continues(1, 0x90...0xBF), continues(2), continues(3) else { return false }
            index += 4
        case 0xF1...0xF3:
            guard continues(1), continues(2), continues(3) else { return false }
            index += 4
        case 0xF4:
            guard continues(1, 0x80...0x8F), continues(2), continues(3) else { return false }
            index += 4
        default:
            return false
        }
    }
    return true
}

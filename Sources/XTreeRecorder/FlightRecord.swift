import Foundation
import XTree
import XTreePlatform
import XTreeSupport

/// What a flight recorder's file holds: how the run ended and its last links, oldest first.
///
/// Read as untrusted bytes: every count and length is checked before it is used, a slot that
/// was being written when the process died is left out, and a file that is not a record is
/// refused with ``FlightRecordError``.
public struct FlightRecord: Sendable, Hashable {
    /// The app type that wrote it: `RecipesDomain.RecipesApp`.
    public let app: AppTypeName
    /// Whether the run ended cleanly: it exited normally, or the app said so
    /// (``FlightRecorder/markEndedCleanly()``) and applied no link after. `false` after a
    /// crash, `SIGKILL`, or a system that ended the app without a word.
    public let endedCleanly: Bool
    /// When the run started.
    public let started: Date
    /// The run's process id.
    public let processID: Int32
    /// The last links, oldest first.
    public let links: [RecordedLink]

    /// The links as lines a crash reporter's breadcrumbs take, oldest first:
    /// `xtree link 12 reached recipes://recipes/irish-stew`.
    public var breadcrumbs: [String] { links.map(\.breadcrumb) }

    /// The record in the file at `path`.
    ///
    /// - Throws: ``FlightRecordError`` if it cannot be read or is not a record.
    public init(contentsOf path: String) throws(FlightRecordError) {
        // Without following a last link or waiting: a FIFO or a device there is refused.
        var data = Data()
        var kind = FileKind.regular
        do throws(SystemError) {
            let descriptor = try Files.open(path, [.noFollow, .nonBlocking], mode: 0)
            defer { Files.close(descriptor) }
            kind = try Files.status(of: descriptor).kind
            var bytes = Data()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while kind == .regular, bytes.count <= RecordLayout.maximumFileSize {
                let count = try chunk.withUnsafeMutableBytes { buffer in
                    Result { () throws(SystemError) in try Files.read(descriptor, into: buffer) }
                }.get()
                if count == 0 { break }
                bytes.append(contentsOf: chunk[..<count])
            }
            data = bytes
        } catch {
            throw FlightRecordError("cannot read \(path): \(error)")
        }
        guard kind == .regular else {
            throw FlightRecordError("cannot read \(path): it is \(kind.described), not a regular file")
        }
        guard data.count <= RecordLayout.maximumFileSize else {
            throw FlightRecordError("not a flight record: larger than \(RecordLayout.maximumFileSize >> 20) MiB")
        }
        try self.init(bytes: data)
    }

    /// The record in `bytes`.
    ///
    /// - Throws: ``FlightRecordError`` if they are not a record.
    public init(bytes: Data) throws(FlightRecordError) {
        var parsed: FlightRecord?
        var failure: FlightRecordError?
        bytes.withUnsafeBytes { raw in
            do throws(FlightRecordError) { parsed = try Self.parse(raw) } catch { failure = error }
        }
        guard let parsed else { throw failure ?? FlightRecordError("not a flight record") }
        self = parsed
    }

    init(app: AppTypeName, endedCleanly: Bool, started: Date, processID: Int32, links: [RecordedLink]) {
        self.app = app
        self.endedCleanly = endedCleanly
        self.started = started
        self.processID = processID
        self.links = links
    }

    private static func parse(_ raw: UnsafeRawBufferPointer) throws(FlightRecordError) -> FlightRecord {
        typealias H = RecordLayout.Header
        typealias S = RecordLayout.Slot
        guard raw.count >= RecordLayout.headerSize, raw.prefix(8).elementsEqual(RecordLayout.magic) else {
            throw FlightRecordError("not a flight record: it does not begin with XTREEFR1")
        }
        func u32(_ offset: Int) -> UInt32 {
            UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        }
        func u64(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let version = u32(H.version)
        guard RecordLayout.readVersions.contains(version) else {
            throw FlightRecordError(
                "a flight record of version \(version); this reader reads versions "
                    + "\(RecordLayout.readVersions.lowerBound) to \(RecordLayout.readVersions.upperBound)")
        }
        let slotSize = Int(u32(H.slotSize))
        let slotCount = Int(u32(H.slotCount))
        guard RecordLayout.slotSizes.contains(slotSize), slotSize % 8 == 0 else {
            throw FlightRecordError("a damaged flight record: its slots would be \(slotSize) bytes")
        }
        guard RecordLayout.slotCounts.contains(slotCount) else {
            throw FlightRecordError("a damaged flight record: it would have \(slotCount) slots")
        }
        // At most 65,536 × 100,000 bytes: no overflow on 64 bits; the file must hold them all.
        guard RecordLayout.headerSize + slotSize * slotCount <= raw.count else {
            throw FlightRecordError(
                "a cut flight record: \(slotCount) slots of \(slotSize) bytes do not fit in its \(raw.count) bytes")
        }
        let appLength = Int(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: H.appLength, as: UInt16.self)))
        guard appLength <= RecordLayout.maximumAppBytes,
            let text = String(strictUTF8: raw[H.app..<H.app + appLength])
        else { throw FlightRecordError("a damaged flight record: its app's name is not readable") }
        guard let app = AppTypeName(text) else {
            throw FlightRecordError("a damaged flight record: its app's name is not Module.Type")
        }
        let started = Double(bitPattern: u64(H.started))
        var links: [RecordedLink] = []
        var seen = Set<UInt64>()
        for index in 0..<slotCount {
            let slot = UnsafeRawBufferPointer(
                rebasing: raw[(RecordLayout.headerSize + index * slotSize)...].prefix(slotSize))
            if let link = readSlot(slot, size: slotSize), seen.insert(link.sequence).inserted { links.append(link) }
        }
        links.sort { $0.sequence < $1.sequence }
        return FlightRecord(
            app: app, endedCleanly: u32(H.state) == RecordLayout.endedCleanly,
            started: Date(timeIntervalSince1970: started.isFinite ? started : 0),
            processID: Int32(bitPattern: u32(H.process)), links: links)
    }

    /// The link a slot holds, if it holds a whole one.
    private static func readSlot(_ slot: UnsafeRawBufferPointer, size: Int) -> RecordedLink? {
        typealias S = RecordLayout.Slot
        let base = slot.baseAddress!
        let sequence = UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: S.sequence, as: UInt64.self))
        let length = Int(UInt16(littleEndian: slot.loadUnaligned(fromByteOffset: S.linkLength, as: UInt16.self)))
        guard sequence != 0, length <= S.linkCapacity(size) else { return nil }
        let stored = UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: S.checksum(size), as: UInt64.self))
        guard stored == RecordLayout.checksum(base, count: S.link + length) else { return nil }
        let time = Double(bitPattern: UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: S.time, as: UInt64.self)))
        let link = String(decoding: slot[S.link..<S.link + length], as: UTF8.self)
        let truncated = slot[S.flags] & RecordLayout.truncatedFlag != 0
        return RecordedLink(
            sequence: sequence, time: Date(timeIntervalSince1970: time.isFinite ? time : 0), link: link,
            truncated: truncated, outcome: readOutcome(slot, size: size, sequence: sequence))
    }

    private static func readOutcome(_ slot: UnsafeRawBufferPointer, size: Int, sequence: UInt64) -> RecordedLink.Outcome
    {
        typealias S = RecordLayout.Slot
        let outcome = S.outcome(size)
        let kind = slot[outcome]
        let textCount = Int(slot[outcome + 1])
        guard kind != 0, textCount <= S.maximumOutcomeText else { return .incomplete }
        let stored = UInt64(littleEndian: slot.loadUnaligned(fromByteOffset: outcome + 64, as: UInt64.self))
        guard
            stored
                == RecordLayout.outcomeChecksum(sequence: sequence, slot.baseAddress! + outcome, textCount: textCount)
        else { return .incomplete }
        let text = String(decoding: slot[(outcome + 8)..<(outcome + 8 + textCount)], as: UTF8.self)
        let duration = Double(
            Float(bitPattern: UInt32(littleEndian: slot.loadUnaligned(fromByteOffset: outcome + 4, as: UInt32.self))))
        let seconds = duration.isFinite && duration >= 0 ? duration : 0
        switch kind {
        case RecordLayout.reachedKind: return .reached(text, seconds: seconds)
        case RecordLayout.failedKind: return .failed(text, seconds: seconds)
        case RecordLayout.heldKind: return .held(by: text, seconds: seconds)
        default: return .incomplete
        }
    }
}

/// One link a flight recorder kept.
public struct RecordedLink: Sendable, Hashable {
    /// How applying it ended.
    public enum Outcome: Sendable, Hashable {
        /// It had not ended when the record was read, or the process died while it was applied.
        case incomplete
        /// It ended on an object of this type, after `seconds`.
        case reached(String, seconds: Double)
        /// It failed with this message (at most 56 bytes of it), after `seconds`.
        case failed(String, seconds: Double)
        /// It was still held by this holder (a `LinkHolder`) when the tool that sent it stopped
        /// waiting, after `seconds`: its delivery, if any, is a link of its own.
        case held(by: String, seconds: Double)
    }

    /// Its number in its run, from 1.
    public let sequence: UInt64
    /// When it began.
    public let time: Date
    /// The link as kept: redacted (``LinkRedaction``), and cut if it was too long for a slot.
    public let link: String
    /// Whether the link was cut to fit its slot.
    public let truncated: Bool
    /// How it ended.
    public let outcome: Outcome

    /// A link as a record holds it.
    public init(sequence: UInt64, time: Date, link: String, truncated: Bool, outcome: Outcome) {
        self.sequence = sequence
        self.time = time
        self.link = link
        self.truncated = truncated
        self.outcome = outcome
    }

    /// The link as one line of text, for a crash reporter's breadcrumbs:
    /// `xtree link 12 reached recipes://recipes/irish-stew`. Bytes outside printable ASCII,
    /// and spaces, are percent-encoded; a cut link ends in `...(truncated)`.
    public var breadcrumb: String {
        let word =
            switch outcome {
            case .incomplete: "incomplete"
            case .reached: "reached"
            case .failed: "failed"
            case .held: "held"
            }
        var line = "xtree link \(sequence) \(word) "
        for byte in link.utf8 {
            if byte > 0x20, byte < 0x7F {
                line.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                line += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return truncated ? line + " ...(truncated)" : line
    }
}

extension RecordedLink {
    /// The links in breadcrumb lines (``breadcrumb``), oldest first, found anywhere in `text`:
    /// a crash report's breadcrumbs pasted with their own prefixes. Percent-encoded bytes are
    /// kept as they are written; a line that says its link was cut is left out, with the
    /// others counted in `cut`.
    public static func links(inBreadcrumbs text: String) -> (links: [String], cut: Int) {
        var text = text
        return text.withUTF8 { scan(breadcrumbs: $0) }
    }

    /// One pass over the bytes: a line at a time, found with `firstIndex(of:)`, and only lines
    /// that hold the marker looked at further (pasted reports are mostly other lines).
    private static func scan(breadcrumbs bytes: UnsafeBufferPointer<UInt8>) -> (links: [String], cut: Int) {
        let marker = Array("xtree link ".utf8)
        let truncated = Array(" ...(truncated)".utf8)
        let outcomes = ["reached", "failed", "incomplete", "held"].map { Array($0.utf8) }
        var found: [(sequence: UInt64, link: String)] = []
        var cut = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            var end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.endIndex
            let next = end < bytes.endIndex ? end + 1 : end
            if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            defer { start = next }
            // The marker, anywhere in the line (a crash reporter puts its own prefix first).
            var at = start
            var fields = -1
            while let x = bytes[at..<end].firstIndex(of: UInt8(ascii: "x")) {
                if end - x >= marker.count, bytes[x..<(x + marker.count)].elementsEqual(marker) {
                    fields = x + marker.count
                    break
                }
                at = x + 1
            }
            guard fields >= 0 else { continue }
            // N OUTCOME LINK
            var index = fields
            var sequence: UInt64 = 0
            while index < end, let digit = bytes[index].asciiDigit {
                let (times, overflow) = sequence.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
                guard !overflow, !carry else {
                    index = end
                    break
                }
                sequence = sum
                index += 1
            }
            guard index > fields, index < end, bytes[index] == UInt8(ascii: " ") else { continue }
            while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let wordStart = index
            while index < end, bytes[index] != UInt8(ascii: " ") { index += 1 }
            guard outcomes.contains(where: { $0.elementsEqual(bytes[wordStart..<index]) }), index < end else {
                continue
            }
            while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let rest = bytes[index..<end]
            if rest.count >= truncated.count, rest.suffix(truncated.count).elementsEqual(truncated) {
                cut += 1
                continue
            }
            guard !rest.isEmpty, !rest.contains(UInt8(ascii: " ")) else { continue }
            found.append((sequence, String(decoding: rest, as: UTF8.self)))
        }
        found.sort { $0.sequence < $1.sequence }
        var seen = Set<UInt64>()
        return (found.filter { seen.insert($0.sequence).inserted }.map(\.link), cut)
    }
}

/// Why bytes are not a flight record.
public struct FlightRecordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension UInt8 {
    /// The value of an ASCII digit.
    fileprivate var asciiDigit: UInt8? {
        self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") ? self - UInt8(ascii: "0") : nil
    }
}

import Foundation
import XTreeRecorder

/// libFuzzer entry point: arbitrary bytes as a flight recorder's file, as `xtree-cli crash`
/// and `FlightRecorder.lastRun` read it.
///
/// Besides "no crash", it checks that a record read holds its links in increasing order, once
/// each, and that the breadcrumb lines made of them are one line each and read back as the
/// same links (those of printable ASCII, not cut); and that a rejection has a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func flightRecordFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let record = try FlightRecord(bytes: data)
        let sequences = record.links.map(\.sequence)
        guard sequences == sequences.sorted(), Set(sequences).count == sequences.count else {
            fatalError("links out of order or twice")
        }
        let lines = record.breadcrumbs
        guard lines.allSatisfy({ !$0.contains("\n") && !$0.contains("\r") }) else {
            fatalError("a breadcrumb of more than one line")
        }
        let plain = record.links.filter { link in
            !link.truncated && !link.link.isEmpty && link.link.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }
        let read = RecordedLink.links(
            inBreadcrumbs: record.links.filter { plain.contains($0) }.map(\.breadcrumb).joined(separator: "\n"))
        guard read.links == plain.map(\.link) else { fatalError("breadcrumbs do not read back as their links") }
    } catch {
        if error.description.isEmpty { fatalError("rejection without a message") }
    }
    return 0
}

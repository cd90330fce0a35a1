import Foundation
import XTreeInspector

/// libFuzzer entry point: arbitrary bytes as one line of the inspector protocol, read by the
/// app (a request) and by a client (a reply or event).
///
/// Besides "no crash", it checks that an accepted request encodes to one line that reads
/// back as the same request, and that a rejected reply says why.
@_cdecl("LLVMFuzzerTestOneInput")
public func inspectorFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let line = Array(UnsafeRawBufferPointer(start: start, count: count))
    if let request = InspectorRequest(line: line) {
        let encoded = request.line
        if encoded.dropLast().contains(UInt8(ascii: "\n")) { fatalError("an encoded request spans lines") }
        guard InspectorRequest(line: Array(encoded.dropLast())) == request else {
            fatalError("an accepted request does not round-trip")
        }
    }
    do {
        _ = try InspectorReply(line: line)
    } catch {
        if error.description.isEmpty { fatalError("rejection without a message") }
    }
    return 0
}

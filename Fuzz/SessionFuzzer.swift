import Foundation
import XTree
import XTreeJournal

/// libFuzzer entry point: arbitrary bytes as a session file, as `replay` and `export-test`
/// read it.
///
/// Besides "no crash", it checks that a session read is consistent (events in increasing
/// order after the start, every path reached present in its tree), that writing it and
/// reading it again gives the same session, and that a rejection has a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let session = try RecordedSession(data: data)
        var last = session.startSequence
        for step in session.steps {
            guard step.event.sequence > last, step.event.problem == nil else { fatalError("read an invalid event") }
            for reached in step.event.link?.reached ?? [] {
                guard step.tree.nodes.indices.contains(reached.order), step.tree.nodes[reached.order].id == reached.id
                else { fatalError("read a path its tree does not have") }
            }
            last = step.event.sequence
        }
        guard let again = try? RecordedSession(data: session.encoded), again == session else {
            fatalError("a session read does not round-trip")
        }
    } catch {
        if error.description.isEmpty { fatalError("rejection without a message") }
    }
    return 0
}

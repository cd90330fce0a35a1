import Foundation
import XTree
import XTreeJournal

/// libFuzzer entry point: arbitrary bytes as a session file, as `replay` and `export-test`
/// read it.
///
/// Besides "no crash", it checks that a session read is consistent (events in increasing
/// order after the start, each edit fitting the tree before it, every path reached present
/// in the tree after it), that writing it and reading it again gives the same session, and
/// that a rejection has a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func sessionFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let session = try RecordedSession(data: data)
        var last = session.startSequence
        guard let steps = try? session.steps() else { fatalError("read a session whose edits do not fit") }
        for step in steps {
            guard step.event.sequence > last, step.event.problem == nil else { fatalError("read an invalid event") }
            let ids = Set(step.tree.nodes.map(\.id))
            for reached in step.event.link?.reached ?? [] where !ids.contains(reached.id) {
                fatalError("read a path its tree does not have")
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

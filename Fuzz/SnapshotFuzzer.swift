import Foundation
import XTree

/// libFuzzer entry point: arbitrary bytes as a snapshot file.
///
/// Besides "no crash", it checks that an accepted snapshot renders to JSON that reads back as
/// the same snapshot, and to text in which no character a terminal obeys survives (the
/// escaping policy), and that a rejection is a `TreeSnapshotError` with a message.
@_cdecl("LLVMFuzzerTestOneInput")
public func snapshotFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let snapshot = try TreeSnapshot(json: data)
        let json = JSONRenderer().rendered(snapshot)
        guard let again = try? TreeSnapshot(json: Data(json.utf8)), again == snapshot else {
            fatalError("an accepted snapshot does not round-trip")
        }
        let text = TextRenderer().rendered(snapshot) + TreeDiff(from: snapshot, to: snapshot).description
        if text.unicodeScalars.contains(where: { $0 != "\n" && TerminalText.isUnsafe($0) }) {
            fatalError("text output holds an unescaped control character")
        }
    } catch {
        if error.description.isEmpty { fatalError("rejection without a message") }
    }
    return 0
}

import Foundation
import XTree
import XTreeSupport

/// libFuzzer entry point: arbitrary bytes as a snapshot file.
///
/// Besides "no crash", it checks that an accepted snapshot renders to JSON that reads back as
/// the same snapshot, and to text in which no character a terminal obeys survives (the
/// escaping policy), and that a rejection is a `TreeSnapshotError` with a message. And that
/// reading stops early only where the whole input would be refused, for the same reason: the
/// prefix up to the first impossible byte (found in two pieces, split anywhere) has the same
/// strict problem as the whole.
@_cdecl("LLVMFuzzerTestOneInput")
public func snapshotFuzzTarget(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    let split = count == 0 ? 0 : Int(bytes[0]) % (count + 1)
    var screen = JSONInput.Screen()
    let impossible =
        screen.firstImpossible(in: UnsafeBufferPointer(rebasing: bytes[..<split]))
        ?? screen.firstImpossible(in: UnsafeBufferPointer(rebasing: bytes[split...])).map { $0 + split }
    if let impossible {
        let whole = DecodingProblem.strictProblem(in: data)?.description
        let prefix = DecodingProblem.strictProblem(in: data.prefix(impossible + 1))?.description
        guard let whole, whole == prefix else {
            fatalError(
                "stopping at byte \(impossible) says \(prefix ?? "nothing"), the whole says \(whole ?? "nothing")")
        }
    }
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

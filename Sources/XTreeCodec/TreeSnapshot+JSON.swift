import Foundation
import XTreeSnapshot

extension TreeSnapshot {
    /// Decodes and checks a snapshot from its JSON form, as `JSONRenderer` writes it.
    ///
    /// - Throws: ``TreeSnapshotError`` with the position of malformed JSON, the path of a
    ///   missing or mistyped field, or the first inconsistent node.
    public init(json data: Data) throws(TreeSnapshotError) {
        self = try SnapshotCodec.read(data)
    }
}

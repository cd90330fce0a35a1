import XTree
import XTreeArgumentParser
import XTreeInspector

/// A snapshot any app wrote: it can be printed and searched, not changed.
@MainActor
final class SnapshotTarget: Target {
    let tree: TreeSnapshot

    init(_ tree: TreeSnapshot) {
        self.tree = tree
    }

    var title: String { "a snapshot" }

    func snapshot() -> TreeSnapshot { tree }

    func open(_ link: String, recording: Bool) throws(CLIError) -> LinkResult {
        .failed("a snapshot cannot apply links")
    }

    func find(_ query: FindQuery) -> (trace: SearchTrace, snapshot: TreeSnapshot) {
        (query.search(tree), tree)
    }

    func startWatching() throws(CLIError) {
        throw .failure("a snapshot does not change")
    }

    func changesSinceLastLine() -> [FollowedEvent] { [] }
}

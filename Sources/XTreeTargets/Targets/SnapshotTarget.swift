import XTree
import XTreeArgumentParser
import XTreeInspectorClient

/// A snapshot any app wrote: it can be printed and searched, not changed.
@MainActor
package final class SnapshotTarget: Target {
    package let tree: TreeSnapshot

    package init(_ tree: TreeSnapshot) {
        self.tree = tree
    }

    package var title: String { "a snapshot" }

    package func snapshot() -> TreeSnapshot { tree }

    package func open(_ link: String, recording: Bool) throws(CLIError) -> LinkResult {
        .failed("a snapshot cannot apply links")
    }

    package func startWatching() throws(CLIError) {
        throw .failure("a snapshot does not change")
    }

    package func changesSinceLastLine() -> [FollowedEvent] { [] }
}

import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

extension DeepLinkable {
    /// The text tree of everything reachable from this object, for `po` in the debugger and
    /// for logs.
    ///
    /// ```text
    /// (lldb) po home.treeDescription()
    /// ```
    ///
    /// - Returns: ``TextRenderer``'s rendering of a snapshot taken now, private values redacted.
    /// - Complexity: The cost of a snapshot and its rendering.
    public func treeDescription() -> String {
        TextRenderer().rendered(TreeSnapshot(of: self))
    }
}

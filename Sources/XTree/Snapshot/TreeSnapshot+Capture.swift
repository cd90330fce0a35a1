import XTreeSnapshot

extension TreeSnapshot {
    /// Takes a snapshot of every object reachable from `root`.
    ///
    /// - Parameter root: The object to start from; it becomes node 0.
    /// - Complexity: O(*n* + *e*) for *n* reachable objects and *e* child links, plus the
    ///   cost of their descriptions; constant stack depth.
    @MainActor
    public init(of root: any DeepLinkable) {
        var builder = SnapshotBuilder()
        self.init(validColumns: builder.capture(root))
    }

    /// Takes a snapshot of every object reachable from `root` and finds `object` in it, in the
    /// same walk.
    ///
    /// ```swift
    /// let (snapshot, path) = TreeSnapshot.locating(sheet, from: home)
    /// print(TextRenderer(highlighted: Set(path)).rendered(snapshot))
    /// ```
    ///
    /// - Parameters:
    ///   - object: The object to find, by identity.
    ///   - root: The object to start from; it becomes node 0.
    /// - Returns: The snapshot, and the indices of the nodes from the root to `object`, both
    ///   included; empty if `object` is not reachable.
    /// - Complexity: The cost of ``init(of:)``.
    @MainActor
    public static func locating(_ object: AnyObject, from root: any DeepLinkable) -> (
        snapshot: TreeSnapshot, path: [Int]
    ) {
        var builder = SnapshotBuilder()
        let snapshot = TreeSnapshot(validColumns: builder.capture(root, locating: object))
        return (snapshot, builder.locatedOrder.map { snapshot.path(to: $0) } ?? [])
    }
}

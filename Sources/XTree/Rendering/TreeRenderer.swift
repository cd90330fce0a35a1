/// Something that writes a ``TreeSnapshot`` as text: ``TextRenderer``, ``JSONRenderer``,
/// ``DOTRenderer`` or ``MermaidRenderer``.
///
/// Renderers write line by line to any `TextOutputStream`, so a huge tree never has to be
/// held as one string; ``rendered(_:)`` is there for small ones.
public protocol TreeRenderer: Sendable {
    /// Writes `snapshot` to `output`.
    ///
    /// - Complexity: O(*n* + *e*) for *n* nodes and *e* links.
    func render(_ snapshot: TreeSnapshot, to output: inout some TextOutputStream)
}

extension TreeRenderer {
    /// The whole rendering as a string; for large trees prefer ``render(_:to:)``.
    public func rendered(_ snapshot: TreeSnapshot) -> String {
        var text = ""
        render(snapshot, to: &text)
        return text
    }
}

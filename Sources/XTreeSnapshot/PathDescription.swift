import XTreeEscaping

/// `0 Type > 2 Type > …`: how every output shows a path, from steps of a breadth-first number
/// (left out where unknown) and a type name, escaped for a terminal.
package func pathDescription(_ steps: some Sequence<(order: Int?, type: String)>) -> String {
    steps.map { "\($0.order.map { "\($0) " } ?? "")\(TerminalText.escaped($0.type))" }.joined(separator: " > ")
}

extension TreeSnapshot {
    /// The path of `orders` (breadth-first numbers of this snapshot) as ``pathDescription(_:)``
    /// writes it.
    package func pathDescription(_ orders: [Int]) -> String {
        let columns = columns
        return XTreeSnapshot.pathDescription(orders.lazy.map { (Optional($0), columns.type(of: $0)) })
    }
}

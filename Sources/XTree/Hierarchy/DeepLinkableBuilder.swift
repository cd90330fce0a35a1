import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// Builds a node's `children` from single objects, optionals, arrays, other sequences,
/// conditionals and loops.
///
/// ```swift
/// var children: [any DeepLinkable] {
///     listViewModel              // a single child
///     detailViewModel            // an optional: nil contributes nothing
///     sections                   // an array of children, or nil for none
///     screensByID.values         // any sequence of children
///     [stack.first, stack.last]  // a sequence of optionals: the nils contribute nothing
///     if showsSettings { settings }
///     for tab in tabs { tab }
/// }
/// ```
@resultBuilder
public enum DeepLinkableBuilder {
    /// One child.
    public static func buildExpression(_ expression: any DeepLinkable) -> [any DeepLinkable] {
        [expression]
    }

    /// An optional child: `nil` contributes nothing.
    public static func buildExpression(_ expression: (any DeepLinkable)?) -> [any DeepLinkable] {
        expression.map { [$0] } ?? []
    }

    /// An array of children, in order.
    public static func buildExpression(_ expression: [any DeepLinkable]) -> [any DeepLinkable] {
        expression
    }

    /// An array of concrete children, in order.
    public static func buildExpression<Child: DeepLinkable>(_ expression: [Child]) -> [any DeepLinkable] {
        expression
    }

    /// An optional array of children: `nil` contributes nothing.
    public static func buildExpression<Child: DeepLinkable>(_ expression: [Child]?) -> [any DeepLinkable] {
        expression ?? []
    }

    /// An optional array of children of any type: `nil` contributes nothing.
    public static func buildExpression(_ expression: [any DeepLinkable]?) -> [any DeepLinkable] {
        expression ?? []
    }

    /// Any other sequence of children, such as a dictionary's `values`, in its order.
    public static func buildExpression<Children: Sequence>(_ expression: Children) -> [any DeepLinkable]
    where Children.Element: DeepLinkable {
        Array(expression)
    }

    /// A sequence of optional children, such as `[stack.first, stack.last]`: the `nil`s
    /// contribute nothing.
    public static func buildExpression<Child: DeepLinkable>(_ expression: [Child?]) -> [any DeepLinkable] {
        expression.compactMap { $0 }
    }

    /// A sequence of optional children of any type: the `nil`s contribute nothing.
    public static func buildExpression(_ expression: [(any DeepLinkable)?]) -> [any DeepLinkable] {
        expression.compactMap { $0 }
    }

    /// The children of a block's first statement, passed through without copying, so that
    /// `children { kids }` costs nothing beyond reading `kids`.
    public static func buildPartialBlock(first: [any DeepLinkable]) -> [any DeepLinkable] {
        first
    }

    /// The children of the statements so far, then those of the next.
    public static func buildPartialBlock(
        accumulated: [any DeepLinkable],
        next: [any DeepLinkable]
    ) -> [any DeepLinkable] {
        accumulated + next
    }

    /// No children, for an empty block.
    public static func buildBlock() -> [any DeepLinkable] {
        []
    }

    /// The children of an `if` without `else`, or none.
    public static func buildOptional(_ component: [any DeepLinkable]?) -> [any DeepLinkable] {
        component ?? []
    }

    /// The children of the first branch of an `if`/`else` or `switch`.
    public static func buildEither(first component: [any DeepLinkable]) -> [any DeepLinkable] {
        component
    }

    /// The children of the second branch of an `if`/`else` or `switch`.
    public static func buildEither(second component: [any DeepLinkable]) -> [any DeepLinkable] {
        component
    }

    /// The children of every iteration of a `for … in` loop.
    public static func buildArray(_ components: [[any DeepLinkable]]) -> [any DeepLinkable] {
        components.flatMap { $0 }
    }

    /// The children of an `if #available` branch.
    public static func buildLimitedAvailability(_ component: [any DeepLinkable]) -> [any DeepLinkable] {
        component
    }
}

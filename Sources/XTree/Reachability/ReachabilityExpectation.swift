import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// What the object a deep link ends on must be.
///
/// ```swift
/// .receiver(CartScreen.self)
/// .receiver((any ProductScreen).self) { $0.sku == "a1" }
/// .custom("the settings tab, selected") { reached, path in
///     (path.first as? Shop)?.tab == .settings ? nil : "the settings tab is not selected"
/// }
/// ```
public struct ReachabilityExpectation: Sendable, CustomStringConvertible {
    /// What the link must reach, as in "expected …".
    public let description: String
    private let problem: @MainActor @Sendable (_ reached: any DeepLinkable, _ path: [any DeepLinkable]) -> String?

    /// The object must be a `Receiver` (a class or a protocol) that `predicate` accepts.
    ///
    /// - Parameters:
    ///   - type: The class or protocol, such as `(any ProductScreen).self`.
    ///   - description: What to call it in reports; by default the type's name, with "matching
    ///     the predicate" when a predicate is given.
    ///   - predicate: What the receiver must satisfy.
    public static func receiver<Receiver>(
        _ type: Receiver.Type,
        _ description: String? = nil,
        where predicate: (@MainActor @Sendable (Receiver) -> Bool)? = nil
    ) -> Self {
        let name = plainName(of: type)
        return Self(
            description: description ?? (predicate == nil ? "a \(name)" : "a \(name) matching the predicate")
        ) { reached, _ in
            guard let receiver = reached as? Receiver else { return "it is not a \(name)" }
            return predicate?(receiver) == false ? "the \(name) does not match the predicate" : nil
        }
    }

    /// The object, and the path from the app's root to it, must pass `check`.
    ///
    /// - Parameters:
    ///   - description: What the link must reach, as in "expected …".
    ///   - check: Returns `nil` when the object is right, or why it is not, in a few words.
    public static func custom(
        _ description: String,
        _ check: @escaping @MainActor @Sendable (_ reached: any DeepLinkable, _ path: [any DeepLinkable]) -> String?
    ) -> Self {
        Self(description: description, problem: check)
    }

    private init(
        description: String,
        problem: @escaping @MainActor @Sendable (_ reached: any DeepLinkable, _ path: [any DeepLinkable]) -> String?
    ) {
        self.description = description
        self.problem = problem
    }

    /// Why `reached` does not meet the expectation, or `nil` if it does.
    @MainActor
    func problem(reaching reached: any DeepLinkable, along path: [any DeepLinkable]) -> String? {
        problem(reached, path)
    }
}

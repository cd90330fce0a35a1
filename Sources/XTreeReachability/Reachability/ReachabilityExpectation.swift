import XTree

/// What the object a deep link ends on must be, or the screen it must make appear.
///
/// A link's handler is often a coordinator that shows a screen, sometimes later, from a task:
/// ``receiver(_:_:where:)`` names what the handler returned, ``appeared(_:_:within:where:)``
/// an object that was not in the tree before the link and is after it.
///
/// ```swift
/// .receiver(CartScreen.self)
/// .receiver((any ProductScreen).self) { $0.sku == "a1" }
/// .appeared(ThreadScreen.self) { $0.threadID == "t9" }
/// .custom("the settings tab, selected") { reached, path in
///     (path.first as? Shop)?.tab == .settings ? nil : "the settings tab is not selected"
/// }
/// ```
public struct ReachabilityExpectation: Sendable, CustomStringConvertible {
    /// What the link must reach, as in "expected …".
    public let description: String
    private let problem: @MainActor @Sendable (_ reached: any DeepLinkable, _ path: [any DeepLinkable]) -> String?
    /// For ``appeared(_:_:within:where:)``: how long to wait, and whether an object that
    /// appeared is the one.
    let appearing: (what: String, within: Double, matches: @MainActor @Sendable (any DeepLinkable) -> Bool)?

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
        let aName = "\(article(name)) \(name)"
        return Self(
            description: description ?? (predicate == nil ? aName : "\(aName) matching the predicate")
        ) { reached, path in
            let problem: String
            if let receiver = reached as? Receiver {
                guard predicate?(receiver) == false else { return nil }
                problem = "the \(name) does not match the predicate"
            } else {
                problem = "it is not \(aName)"
            }
            return problem + nearest(Receiver.self, name, in: path.first, except: reached, predicate)
        }
    }

    /// An object that appeared: after the link, the tree must hold a `Screen` (a class or a
    /// protocol) that `predicate` accepts and that was not in the tree before it, whatever the
    /// handler returned. A screen shown later, from a task, is waited for: the tree is looked at
    /// every 10 ms, for at most `within` seconds.
    ///
    /// - Parameters:
    ///   - type: The class or protocol, such as `(any ThreadScreen).self`.
    ///   - description: What to call it in reports; by default "a NAME that appeared", with
    ///     "matching the predicate" when a predicate is given.
    ///   - within: How long, in seconds, the screen may take to appear (2 by default; at most a
    ///     day).
    ///   - predicate: What the screen must satisfy.
    public static func appeared<Screen>(
        _ type: Screen.Type,
        _ description: String? = nil,
        within: Double = 2,
        where predicate: (@MainActor @Sendable (Screen) -> Bool)? = nil
    ) -> Self {
        precondition(within.isFinite && within >= 0, "a wait is a number of seconds, 0 or more")
        // At most a day: the wait is counted in nanoseconds and printed in whole seconds.
        let within = min(within, 86_400)
        let name = plainName(of: type)
        let aName = "\(article(name)) \(name) that appeared"
        return Self(
            description: description ?? (predicate == nil ? aName : "\(aName) matching the predicate"),
            problem: { _, _ in nil },
            appearing: (
                predicate == nil ? name : "\(name) matching the predicate", within,
                { node in
                    guard let screen = node as? Screen else { return false }
                    return predicate?(screen) ?? true
                }
            ))
    }

    /// Why no object that appeared met an ``appeared(_:_:within:where:)`` expectation:
    /// `no ThreadScreen appeared within 2 s; what appeared: TabCoordinator, WebViewModel`.
    @MainActor
    func missing(_ appeared: [any DeepLinkable]) -> String {
        guard let appearing else { return "" }
        let within = appearing.within == appearing.within.rounded() ? "\(Int(appearing.within))" : "\(appearing.within)"
        let what = appeared.prefix(3).map { NodeReference($0).description }.joined(separator: ", ")
        let more = appeared.count > 3 ? " and \(appeared.count - 3) more" : ""
        return "no \(appearing.what) appeared within \(within) s; "
            + (appeared.isEmpty ? "nothing appeared" : "what appeared: \(what)\(more)")
    }

    /// Where the tree holds objects of the right type, to say why a link missed them:
    /// `; nearest: DefaultRecipeViewModel "Irish Stew" (does not match the predicate)`.
    @MainActor
    private static func nearest<Receiver>(
        _ type: Receiver.Type, _ name: String, in root: (any DeepLinkable)?, except reached: any DeepLinkable,
        _ predicate: ((Receiver) -> Bool)?
    ) -> String {
        guard let root else { return "" }
        let candidates = root.receivers(as: Receiver.self).compactMap { receiver -> (Receiver, any DeepLinkable)? in
            guard let node = receiver as? any DeepLinkable, node !== reached else { return nil }
            return (receiver, node)
        }
        guard !candidates.isEmpty else {
            return reached is Receiver
                ? "; it is the only \(name) in the app's tree" : "; the app's tree holds no \(name) at all"
        }
        let described = candidates.prefix(3).map { receiver, node -> String in
            let reference = NodeReference(node).description
            guard let predicate else { return reference }
            return reference
                + (predicate(receiver) ? " (matches: the link should end there)" : " (does not match the predicate)")
        }
        let more = candidates.count > 3 ? " and \(candidates.count - 3) more" : ""
        return "; nearest: " + described.joined(separator: ", ") + more
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
        problem: @escaping @MainActor @Sendable (_ reached: any DeepLinkable, _ path: [any DeepLinkable]) -> String?,
        appearing: (what: String, within: Double, matches: @MainActor @Sendable (any DeepLinkable) -> Bool)? = nil
    ) {
        self.description = description
        self.problem = problem
        self.appearing = appearing
    }

    /// `a` or `an`, as the name is said.
    private static func article(_ name: String) -> String {
        guard let first = name.first else { return "a" }
        return "AEIOUaeiou".contains(first) ? "an" : "a"
    }

    /// Why `reached` does not meet the expectation, or `nil` if it does.
    @MainActor
    func problem(reaching reached: any DeepLinkable, along path: [any DeepLinkable]) -> String? {
        problem(reached, path)
    }
}

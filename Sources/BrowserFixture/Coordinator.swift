import Foundation
import XTree

/// The fixture's own coordinator protocol, shaped as large UIKit apps shape theirs: not a tree
/// protocol of any library. A coordinator says whether it can handle a route now, over its
/// state, and handles it.
@MainActor
public protocol Coordinator: AnyObject {
    var childCoordinators: [any Coordinator] { get }
    /// Whether it can handle `route` now.
    func canHandle(_ route: Route) -> Bool
    /// Handles `route`; whether it did.
    func handle(_ route: Route) -> Bool
}

/// Every coordinator's base class: an `NSObject`, holding its children and the screens it shows.
@MainActor
open class BaseCoordinator: NSObject, Coordinator {
    /// The coordinators it started, in order.
    public private(set) var childCoordinators: [any Coordinator] = []
    /// The screens it shows, oldest first.
    public var screens: [Screen] = []

    /// Starts `child` under it.
    public func add(child: any Coordinator) { childCoordinators.append(child) }
    /// Ends `child`.
    public func remove(child: any Coordinator) { childCoordinators.removeAll { $0 === child } }

    open func canHandle(_ route: Route) -> Bool { false }
    open func handle(_ route: Route) -> Bool { false }

    /// The first coordinator that can handle `route`, depth first, pre-order: itself, then each
    /// child's subtree in order. Through XTree's search in that order, so that tools count,
    /// trace and explain it (the one line the adoption changed in the router).
    public func find(_ route: Route) -> (any Coordinator)? {
        firstReceiver(as: BaseCoordinator.self, order: .depthFirst) { $0.canHandle(route) }
    }

    /// Finds the coordinator for `route`, dismisses what it shows above its first screen (a
    /// side effect of the search, as the app's router does), and has it handle the route.
    public func findAndHandle(_ route: Route) -> (any Coordinator)? {
        guard let match = find(route) else { return nil }
        if let base = match as? BaseCoordinator, base.screens.count > 1 {
            base.screens.removeLast(base.screens.count - 1)
        }
        return match.handle(route) ? match : nil
    }
}

/// A screen a coordinator shows.
@MainActor
public final class Screen: NSObject {
    /// What the screen is.
    public let title: String
    /// What it shows.
    public let detail: String

    /// A screen of `title` showing `detail`.
    public init(_ title: String, _ detail: String = "") {
        self.title = title
        self.detail = detail
    }
}

import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// An object in an app's tree of coordinators and view models that deep links can search.
///
/// Conform coordinators and view models and list the objects they own, in the order a
/// reader expects to see them, as `children`:
///
/// ```swift
/// @MainActor final class ListCoordinator: DeepLinkable {
///     let title: String
///     init(title: String) { self.title = title }
///     var nodeLabel: String { title }
/// }
///
/// @MainActor final class SettingsScreen: DeepLinkable {}
///
/// @MainActor final class HomeCoordinator: DeepLinkable {
///     let veggie = ListCoordinator(title: "Vegetarian")
///     let meat = ListCoordinator(title: "Meat")
///     var settings: SettingsScreen?
///
///     var children: [any DeepLinkable] {
///         veggie
///         meat
///         settings
///     }
/// }
/// ```
///
/// The builder applies wherever the protocol's requirement is witnessed. A subclass that
/// overrides `children` declares a new property, so it names the builder again, or returns
/// an array:
///
/// ```swift
/// @MainActor final class RootCoordinator: BaseCoordinator {
///     @DeepLinkableBuilder override var children: [any DeepLinkable] {
///         super.children
///         settings
///     }
/// }
/// ```
///
/// Classes that return the objects they hold by reflection, as XUI found them, can say so
/// explicitly: `var children: [any DeepLinkable] { reflectedChildren }`.
///
/// ## Isolation
/// The protocol is isolated to the main actor. Coordinators and view models drive UI, so
/// in SwiftUI apps they already live on the main actor; isolating the protocol lets a
/// `@MainActor final class` conform without `nonisolated` escapes, and makes every search
/// of the live tree a synchronous main-actor call that cannot race with navigation.
/// Values that leave the tree (``TreeSnapshot``, search traces' summaries, errors) are
/// `Sendable` and can be handed to any isolation domain. So are the objects themselves, as
/// every main-actor object is: a deep link's outcome can name the object it reached.
@MainActor
public protocol DeepLinkable: NodeDescribing, Sendable {
    /// The objects this node owns, in declaration order.
    ///
    /// Searches visit them in this order. A child may appear under several parents, or
    /// point back to an ancestor: searches and snapshots visit every object once.
    @DeepLinkableBuilder var children: [any DeepLinkable] { get }
}

extension DeepLinkable {
    /// No children: a leaf such as a screen's view model.
    public var children: [any DeepLinkable] { [] }
}

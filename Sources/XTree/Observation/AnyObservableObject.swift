/// An object that announces changes before they happen, with no associated type.
///
/// Combine's `ObservableObject` has an associated publisher type, which made protocols
/// refining it awkward to use as existentials before Swift 5.7 and still forces generics
/// on code that only wants to observe. Refine this protocol instead, and a view-model
/// protocol stays usable as `any RecipeViewModel` while remaining observable:
///
/// ```swift
/// @MainActor protocol RecipeViewModel: ViewModel {
///     var recipe: Recipe { get }
/// }
///
/// @MainActor final class DefaultRecipeViewModel: RecipeViewModel {
///     let objectWillChange = ObservableObjectPublisher()
///     @Published var recipe: Recipe
///     …
/// }
/// ```
///
/// The requirement is not isolated, as Combine's is not: the publisher is `Sendable` and
/// can be subscribed to from any thread. A main-actor class satisfies it with a `let`.
public protocol AnyObservableObject: AnyObject {
    /// Fires before any of the object's observable state changes.
    var objectWillChange: ObservableObjectPublisher { get }
}

/// A coordinator or view model: observable, and part of the searchable tree.
///
/// ```swift
/// @MainActor final class SettingsViewModel: ViewModel {
///     let objectWillChange = ObservableObjectPublisher()
///     @Published var units = "metric"
/// }
/// ```
@MainActor
public protocol ViewModel: AnyObservableObject, DeepLinkable {}

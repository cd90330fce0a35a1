#if canImport(Combine)
    import Combine
#endif

/// An `ObservableObject` whose publisher is the standard one, usable as an existential.
///
/// A view-model protocol that refines it stays usable as `any RecipeViewModel` while every
/// conforming class is an ordinary `ObservableObject` (Combine's, where Combine exists), so
/// SwiftUI, ``Store`` and the inspector all observe it. Conform the way SwiftUI code always
/// does, with `@Published` properties and no hand-written publisher:
///
/// ```swift
/// @MainActor protocol CounterModel: ViewModel {
///     var count: Int { get set }
/// }
///
/// @MainActor final class DefaultCounter: ObservableObject, CounterModel {
///     @Published var count = 0
/// }
/// ```
///
/// The synthesised `objectWillChange` is not isolated, as Combine's requirement is not, so a
/// main-actor class conforms without `nonisolated` escapes. A class that declares its own
/// `objectWillChange` must send it itself: `@Published` fires only the synthesised one, on
/// every platform.
public protocol AnyObservableObject: ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {}

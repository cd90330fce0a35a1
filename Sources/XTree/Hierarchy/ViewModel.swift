import XTreeEscaping
import XTreeObservation
import XTreeRendering
import XTreeSnapshot

/// A coordinator or view model: observable, and part of the searchable tree.
///
/// For classes observed through `objectWillChange`. An `@Observable` class is observed by the
/// Observation framework instead; it conforms to ``DeepLinkable`` alone.
///
/// ```swift
/// @MainActor final class SettingsViewModel: ViewModel {
///     @Published var units = "metric"
/// }
/// ```
@MainActor
public protocol ViewModel: AnyObservableObject, DeepLinkable {}

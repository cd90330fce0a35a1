import Observation
import XTree

/// Units in which quantities are shown.
public enum MeasurementUnits: String, Codable, Hashable, Sendable, CaseIterable {
    /// Grams and litres.
    case metric
    /// Ounces and pints, as the old recipes have them.
    case imperial
}

/// The settings screen.
///
/// Not a `ViewModel`: the app's settings screen is an `@Observable` class, which SwiftUI
/// and XTree's `TreeChangeMonitor` observe through the Observation framework, so one tree
/// holds both kinds of object.
@MainActor
public protocol SettingsViewModel: DeepLinkable {
    /// The units quantities are shown in.
    var units: MeasurementUnits { get set }
}

/// The app's ``SettingsViewModel``, observed through the Observation framework.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class DefaultSettingsViewModel: SettingsViewModel {
    /// The units quantities are shown in.
    public var units = MeasurementUnits.imperial

    /// Creates the screen with imperial units, as the catalog's recipes are written.
    public init() {}

    /// `Settings`.
    public var nodeLabel: String { "Settings" }

    /// The units. Read through the property, so that observing the description sees changes.
    public var nodeAttributes: [(key: String, value: String)] { [("units", units.rawValue)] }
}

/// The ``SettingsViewModel`` on systems without the Observation framework (before iOS 17
/// and macOS 14): an `ObservableObject`, described by its `@Published` state.
@MainActor
public final class PublishedSettingsViewModel: ObservableObject, SettingsViewModel {
    /// The units quantities are shown in.
    @Published public var units = MeasurementUnits.imperial

    /// Creates the screen with imperial units, as the catalog's recipes are written.
    public init() {}

    /// `Settings`.
    public var nodeLabel: String { "Settings" }
}

/// The settings screen this system supports best: ``DefaultSettingsViewModel`` where the
/// Observation framework exists, ``PublishedSettingsViewModel`` before it.
@MainActor
public func makeSettingsViewModel() -> any SettingsViewModel {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) {
        return DefaultSettingsViewModel()
    }
    return PublishedSettingsViewModel()
}

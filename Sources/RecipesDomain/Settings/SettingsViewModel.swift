import XTree

/// Units in which quantities are shown.
public enum MeasurementUnits: String, Codable, Hashable, Sendable, CaseIterable {
    /// Grams and litres.
    case metric
    /// Ounces and pints, as the old recipes have them.
    case imperial
}

/// The settings screen.
@MainActor
public protocol SettingsViewModel: ViewModel {
    /// The units quantities are shown in.
    var units: MeasurementUnits { get set }
}

/// The app's ``SettingsViewModel``.
@MainActor
public final class DefaultSettingsViewModel: ObservableObject, SettingsViewModel {
    /// The units quantities are shown in.
    @Published public var units = MeasurementUnits.imperial

    /// Creates the screen with imperial units, as the catalog's recipes are written.
    public init() {}

    /// `Settings`.
    public var nodeLabel: String { "Settings" }
}

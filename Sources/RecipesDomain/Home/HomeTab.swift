/// The tabs of the app's home screen.
public enum HomeTab: String, Codable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Recipes with meat; the tab the app starts on.
    case meat
    /// Vegetarian recipes.
    case veggie
    /// Settings.
    case settings

    /// The raw value, as used in links: `meat`, `veggie`, `settings`.
    public var description: String { rawValue }
}

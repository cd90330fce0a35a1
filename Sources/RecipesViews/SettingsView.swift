#if canImport(SwiftUI)
    import RecipesDomain
    import SwiftUI
    import XTree

    /// The settings: metric or imperial units. The settings model is `@Observable`, which
    /// SwiftUI observes by itself.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public struct SettingsView: View {
        private let settings: any SettingsViewModel

        /// Creates the view of `settings`.
        public init(settings: any SettingsViewModel) {
            self.settings = settings
        }

        /// A toggle between metric and imperial units.
        public var body: some View {
            Toggle(
                "Metric units",
                isOn: Binding(
                    get: { @MainActor in settings.units == .metric },
                    set: { @MainActor in settings.units = $0 ? .metric : .imperial }))
        }
    }
#endif

#if canImport(SwiftUI)
    import RecipesDomain
    import SwiftUI
    import XTree

    /// The app's root: a tab for each list and one for the settings, selected by the home
    /// coordinator's ``HomeTab``, so a deep link that changes the tab changes the screen.
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    public struct HomeView: View {
        @Store private var home: any HomeCoordinator

        /// Creates the root view of `home`, the coordinator the deep links drive too.
        public init(home: any HomeCoordinator) {
            _home = Store(wrappedValue: home)
        }

        /// The tabs.
        public var body: some View {
            TabView(selection: $home.tab) {
                RecipeListView(coordinator: home.veggie)
                    .tabItem { Text("Vegetarian") }
                    .tag(HomeTab.veggie)
                RecipeListView(coordinator: home.meat)
                    .tabItem { Text("Meat") }
                    .tag(HomeTab.meat)
                SettingsView(settings: home.settings)
                    .tabItem { Text("Settings") }
                    .tag(HomeTab.settings)
            }
        }
    }
#endif

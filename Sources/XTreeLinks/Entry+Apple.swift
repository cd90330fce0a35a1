#if canImport(SwiftUI)
    import SwiftUI

    extension Entry {
        /// The entry a user activity is (Handoff, Spotlight, a universal link as it arrives):
        /// its type, web page and user info (see ``Entry/values(of:)`` for what of user info is
        /// kept).
        ///
        /// ```swift
        /// .onContinueUserActivity("org.example.browsing") { activity in open(Entry(activity)) }
        /// ```
        public init(_ activity: NSUserActivity) {
            self = .activity(
                type: activity.activityType, url: activity.webpageURL?.absoluteString,
                info: Entry.values(of: activity.userInfo).values)
        }
    }

    #if os(iOS) || os(visionOS) || os(Linux)
        @available(iOS 9.0, macCatalyst 13.1, *)
        @available(macOS, unavailable)
        @available(tvOS, unavailable)
        @available(watchOS, unavailable)
        extension Entry {
            /// The entry a home-screen quick action is: its type and user info.
            ///
            /// ```swift
            /// func windowScene(_ scene: UIWindowScene, performActionFor item: UIApplicationShortcutItem) async -> Bool {
            ///     (try? await BrowserApp.open(Entry(item).description, in: root)) != nil
            /// }
            /// ```
            @MainActor
            public init(_ shortcut: UIApplicationShortcutItem) {
                var info: [AnyHashable: Any] = [:]
                for (key, value) in shortcut.userInfo ?? [:] { info[key] = value }
                self = .shortcut(type: shortcut.type, info: Entry.values(of: info).values)
            }
        }
    #endif
#endif

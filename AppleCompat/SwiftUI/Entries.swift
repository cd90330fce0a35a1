// The types an app receives its entries in, as Apple documents them, for the compile-only stub
// of `../shared/apple-compat/check`: Foundation's `NSUserActivity` and UIKit's
// `UIApplicationShortcutItem`, which `import SwiftUI` gives on Apple's systems (SwiftUI exports
// Foundation, and UIKit where there is one). A test fixture, not part of the package: every
// declaration quotes Apple's, every body traps.
import Foundation

/// docs: `class NSUserActivity : NSObject` (Foundation; iOS 8, macOS 10.10, tvOS 9, watchOS 2, visionOS 1)
open class NSUserActivity: NSObject {
    /// docs: `init(activityType: String)`
    public init(activityType: String) { fatalError() }

    /// docs: `var activityType: String { get }`
    open var activityType: String { fatalError() }

    /// docs: `var webpageURL: URL? { get set }`
    open var webpageURL: URL? {
        get { fatalError() }
        set { fatalError() }
    }

    /// docs: `var userInfo: [AnyHashable : Any]? { get set }`
    open var userInfo: [AnyHashable: Any]? {
        get { fatalError() }
        set { fatalError() }
    }
}

/// docs: `class UIApplicationShortcutItem : NSObject` (UIKit; iOS 9, Mac Catalyst 13.1, visionOS 1)
@available(iOS 9.0, macCatalyst 13.1, *)
@available(macOS, unavailable)
@available(tvOS, unavailable)
@available(watchOS, unavailable)
open class UIApplicationShortcutItem: NSObject {
    /// docs: `var type: String { get }`
    open var type: String { fatalError() }

    /// docs: `var userInfo: [String : any NSSecureCoding]? { get }`
    open var userInfo: [String: any NSSecureCoding]? { fatalError() }
}

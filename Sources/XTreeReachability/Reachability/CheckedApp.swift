import Foundation
import XTree
import XTreeSupport

/// A `DeepLinkableApp` that declares its reachability check: its inspector runs the check
/// inside the app when `xtree-cli check --launch` or `--attach` asks, fresh roots made by the
/// check and live objects judged by its expectations, and sends each row as it completes.
/// An app that declares none is checked by its link examples instead.
///
/// ```swift
/// extension ShopApp: CheckedApp {
///     public static var reachabilityCheck: ReachabilityCheck<ShopCoordinator, String> {
///         ShopCoordinator.reachabilityCheck(products: Product.standard)
///     }
/// }
/// ```
public protocol CheckedApp: DeepLinkableApp, SelfCheckingApp {
    /// The check's link type.
    associatedtype CheckedLink: Sendable & CustomStringConvertible
    /// Every link the app's data allows, with what each must reach, from fresh roots.
    @MainActor static var reachabilityCheck: ReachabilityCheck<Root, CheckedLink> { get }
}

extension CheckedApp {
    /// ``reachabilityCheck``, as the app's inspector runs it, covering the forms of the
    /// app's link examples.
    @MainActor public static var selfCheck: SelfCheck {
        var seen = Set<String>()
        return SelfCheck(forms: linkExamples.map(\.form).filter { seen.insert($0).inserted }) { reachabilityCheck }
    }
}

extension SelfCheck {
    /// The check `make` makes, each time it runs, as an inspector runs it; its report's first
    /// part names `forms`, the link forms it covers (for `check --coverage`).
    package init<App, Link>(forms: [String], _ make: @escaping @MainActor @Sendable () -> ReachabilityCheck<App, Link>)
    {
        self.init { stopped, progress in
            var check = make()
            check.stopped = stopped
            let report = await check.run { progress(Self.progress(of: $0, forms: forms)) }
            return Self.progress(of: report, forms: forms)
        }
    }

    private static func progress(of report: ReachabilityReport, forms: [String]) -> Progress {
        Progress(count: report.results.count) { after, ended in
            let part = report.part(after: after, forms: forms, ended: ended)
            // Strings, numbers and arrays of them: encoding cannot fail, nor reading it back.
            guard let data = try? JSONEncoder().encode(part),
                let value = try? JSONDecoder().decode(JSONValue.self, from: data)
            else { return .null }
            return value
        }
    }
}

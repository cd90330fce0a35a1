import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeReachability

/// An example app `xtree-cli` carries: how to make it, how it applies a link, which links
/// `check` covers, the options it adds, and the app's own ``DeepLinkableApp`` type. Only
/// `serve` runs it in its own process; every other command serves it in a child of the tool's
/// own executable (`serve NAME --as-launched`), as a user's app is launched, and uses
/// this adapter only for what the tool knows before the child runs (its title, its check of a
/// link, its applier's name). Each conformance is one file, listed in ``EmbeddedApps``.
@MainActor
package protocol EmbeddedApp: AnyObject {
    associatedtype Root: DeepLinkable
    /// The app's type as tools rebuild it, in the app's own module: what a session recorded
    /// from `serve` names, for `export-test`.
    associatedtype Definition: DeepLinkableApp where Definition.Root == Root
    /// The app's own options. Each names its ``AppRole``: a command offers the options of
    /// the roles it has (`--catalog` to every command that starts the app).
    associatedtype Options: ParsableArguments

    /// The app's name: what `serve` serves it under by default, and `check`'s suite name.
    static var name: String { get }
    /// How messages speak of it: `the recipes app`.
    static var title: String { get }
    /// The forms of the links it takes, for help.
    static var linkForms: [String] { get }

    /// The adapter over the app's options; what they name is read through `context`.
    init(options: Options, context: Context) throws(CLIError)

    /// Whether the options leave the app as ``Definition`` makes it: only then does `serve`
    /// name that type to its inspector, since a test rebuilds the app as at launch.
    var startsAsDefined: Bool { get }
    /// A fresh app, as at launch.
    func makeRoot() -> Root
    /// A function that applies links to `root`, one after another, in the order given.
    func linkApplier(for root: Root) -> LinkApplier
    /// Checks a link without applying it, so that a bad link fails before any is applied.
    func check(link: String) throws(CLIError)
    /// How links are applied, as `open` prints it: `search`.
    var applierName: String { get }
    /// Why the applier's searches cannot be traced (it makes none), or `nil`.
    var untraceableReason: String? { get }
    /// Readies a fresh app before links are applied (restoring a saved state).
    func prepare(_ root: Root) async throws(CLIError)
    /// Finishes after the links (saving the state).
    func finish(_ root: Root) throws(CLIError)
    /// Every link the app's data allows, with what each must reach.
    func reachabilityCheck() -> ReachabilityCheck<Root, String>
    /// How `serve` lets `restore` return the app to an earlier state; `nil` if it cannot.
    func restoration(for root: Root) -> Inspector.Restoration?
}

extension EmbeddedApp {
    package var untraceableReason: String? { nil }
    package func prepare(_ root: Root) async throws(CLIError) {}
    package func finish(_ root: Root) throws(CLIError) {}
    package func restoration(for root: Root) -> Inspector.Restoration? { nil }
}

/// Applies one link and says where it ended; the thrown error's description is the reason.
package typealias LinkApplier = @MainActor (_ link: String) async throws -> AppliedLink

/// What applying a link did: the link as the app writes it, and the object it ended on.
package struct AppliedLink {
    package let link: String
    package let reached: any DeepLinkable
}

/// An example app's type as the CLI lists it: its names, and how to make its options and
/// start it.
@MainActor
package struct EmbeddedAppType {
    package let name: String
    package let title: String
    package let linkForms: [String]
    package let makeOptions: @MainActor () -> any ParsableArguments
    package let start: @MainActor (any ParsableArguments, Context) throws(CLIError) -> any EmbeddedApp

    package init<App: EmbeddedApp>(_: App.Type) {
        name = App.name
        title = App.title
        linkForms = App.linkForms
        makeOptions = { App.Options() }
        start = { options, context throws(CLIError) in
            guard let options = options as? App.Options else { preconditionFailure("options of another app") }
            return try App(options: options, context: context)
        }
    }
}

/// An example app's type and the options the command line gave it.
@MainActor
package struct AppEntry {
    package let type: EmbeddedAppType
    package let options: any ParsableArguments

    package init(_ type: EmbeddedAppType) {
        self.type = type
        options = type.makeOptions()
    }

    package func start(_ context: Context) throws(CLIError) -> any EmbeddedApp {
        try type.start(options, context)
    }
}

import Foundation
import RecipesDomain
import XTree
import XTreeArgumentParser
import XTreeInspector
import XTreeReachability
import XTreeSupport

/// The recipes app, embedded: the one file of the CLI that knows RecipesDomain.
@MainActor
package final class EmbeddedRecipes: EmbeddedApp {
    package typealias Definition = RecipesApp

    package struct Options: ParsableArguments {
        package init() {}
        @Option(
            name: "catalog", value: "FILE",
            help: "The recipes example app only: load its recipes from FILE, not the built-in catalog.",
            role: .starting)
        var catalog: RawPath?
        @Option(
            name: "approach", help: "The recipes example app only: how links find their objects (default search).",
            role: .applyingLinks)
        var approach: DeepLinkApproach = .search
        @Option(
            name: "restore", value: "STATE.json",
            help: "The recipes example app only: restore a saved navigation state first.",
            role: .savingState)
        var restore: RawPath?
        @Option(
            name: "save-state", value: "STATE.json",
            help: "The recipes example app only: save the navigation state at the end.",
            role: .savingState)
        var saveState: RawPath?
    }

    package static let name = "Recipes"
    package static let title = "the recipes app"
    package static let linkForms = DeepLink.acceptedForms
    private let options: Options
    private let context: Context
    private let catalog: RecipeCatalog

    package init(options: Options, context: Context) throws(CLIError) {
        self.options = options
        self.context = context
        guard let path = options.catalog else {
            catalog = .default
            return
        }
        let data = try context.read(path, what: "catalog")
        do {
            catalog = try RecipeCatalog(json: data)
        } catch {
            throw .failure("cannot load \(path): \(error.description)")
        }
    }

    /// Only with the built-in catalog and no saved state is the app the one ``RecipesApp``
    /// makes.
    package var startsAsDefined: Bool { options.catalog == nil && options.restore == nil }

    package func makeRoot() -> DefaultHomeCoordinator {
        DefaultHomeCoordinator(service: InMemoryRecipeService(catalog: catalog), recipes: catalog.recipes)
    }

    package func linkApplier(for root: DefaultHomeCoordinator) -> LinkApplier {
        let queue = NavigationQueue(home: root, approach: options.approach)
        return { text in
            let outcome = try await queue.enqueue(try DeepLink(string: text)).value
            return AppliedLink(link: outcome.link.description, reached: outcome.reached)
        }
    }

    package func check(link: String) throws(CLIError) {
        do {
            _ = try DeepLink(string: link)
        } catch {
            guard case .wrongScheme(let scheme?) = error.reason else { throw .failure(error.description) }
            // Most likely a link of the user's own app, given to the example one.
            throw .failure(
                error.description + "; to apply a \(TerminalText.shortened(scheme)): link, attach to the app that "
                    + "takes it: --attach NAME (see 'xtree-cli list')")
        }
    }

    package var applierName: String { options.approach.rawValue }

    package var untraceableReason: String? { options.approach == .explicit ? "the explicit approach makes none" : nil }

    package func prepare(_ root: DefaultHomeCoordinator) async throws(CLIError) {
        guard let path = options.restore else { return }
        let data = try context.read(path, what: "state")
        if let problem = DecodingProblem.strictProblem(in: data) {
            throw .failure("invalid state \(path): \(problem)")
        }
        let state: NavigationState
        do {
            state = try JSONDecoder().decode(NavigationState.self, from: data)
        } catch let error as DecodingError {
            throw .failure("invalid state \(path): \(DecodingProblem(error, in: data))")
        } catch {
            throw .failure("invalid state \(path): \(error)")
        }
        do {
            try await root.restore(state)
        } catch {
            throw .failure("cannot restore \(path): \(error)")
        }
    }

    package func finish(_ root: DefaultHomeCoordinator) throws(CLIError) {
        guard let path = options.saveState else { return }
        let encoder = JSONOutput.encoder(pretty: true)
        let data: Data
        do {
            data = try encoder.encode(NavigationState(of: root))
        } catch {
            throw .failure("cannot encode state: \(error)")
        }
        try context.write(data, to: path, what: "state")
    }

    /// The app's state restoration: the tab, and each list's open recipe and ratings sheet.
    package func restoration(for root: DefaultHomeCoordinator) -> Inspector.Restoration? {
        Inspector.Restoration(capture: { NavigationState(of: root) }, restore: { try await root.restore($0) })
    }

    package func reachabilityCheck() -> ReachabilityCheck<DefaultHomeCoordinator, String> {
        DefaultHomeCoordinator.reachabilityCheck(catalog: catalog)
    }
}

import Foundation
import RecipesDomain
import XTree
import XTreeSupport

/// What every command shares: the console, the colour decision and the catalog.
@MainActor
struct Context {
    let console: Console
    private(set) var catalogPath: RawPath?
    /// The most bytes one input may hold (``InputLimit``).
    private(set) var inputLimit = InputLimit.defaultBytes

    init(console: Console) {
        self.console = console
    }

    enum ColorChoice: String, CaseIterable { case auto, always, never }

    /// Reads the options every command takes.
    mutating func configure(with arguments: ParsedArguments) throws(CLIError) {
        catalogPath = arguments.path("catalog")
        switch InputLimit.fromEnvironment() {
        case .success(let limit): inputLimit = limit
        case .failure(let problem): throw .usage(problem.description, command: arguments.command)
        }
        switch try arguments.choice("color", as: ColorChoice.self) ?? .auto {
        case .always: console.colors = true
        case .never: console.colors = false
        case .auto:
            let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
            console.colors = console.isTerminal && !noColor
        }
    }

    /// The catalog the app runs on: the built-in one, or `--catalog FILE` checked whole.
    func catalog() throws(CLIError) -> RecipeCatalog {
        guard let catalogPath else { return .default }
        let data = try read(catalogPath, what: "catalog")
        do {
            return try RecipeCatalog(json: data)
        } catch {
            throw .failure("cannot load \(catalogPath): \(error.description)")
        }
    }

    /// A navigation state saved by `--save-state`, read strictly.
    func state(from path: RawPath) throws(CLIError) -> NavigationState {
        let data = try read(path, what: "state")
        if let problem = DecodingProblem.strictProblem(in: data) {
            throw .failure("invalid state \(path): \(problem)")
        }
        do {
            return try JSONDecoder().decode(NavigationState.self, from: data)
        } catch let error as DecodingError {
            throw .failure("invalid state \(path): \(DecodingProblem(error, in: data))")
        } catch {
            throw .failure("invalid state \(path): \(error)")
        }
    }

    /// Starts the recipes app over the catalog.
    func startApp(catalog: RecipeCatalog) -> DefaultHomeCoordinator {
        DefaultHomeCoordinator(service: InMemoryRecipeService(catalog: catalog), recipes: catalog.recipes)
    }

    /// Parses deep links given on the command line.
    func links(_ texts: [String]) throws(CLIError) -> [DeepLink] {
        var links: [DeepLink] = []
        for text in texts {
            do {
                links.append(try DeepLink(string: text))
            } catch {
                throw .failure(error.description)
            }
        }
        return links
    }

    /// Writes a file the user named, by ``OutputFile``'s rule, with errors that name it.
    func write(_ data: Data, to path: RawPath, what: String) throws(CLIError) {
        do {
            try OutputFile.write(Array(data), to: path)
        } catch {
            throw .failure("cannot write \(what) \(path): \(error)")
        }
    }
}

/// The output formats of trees.
enum Format: String, CaseIterable {
    case text, json, dot, mermaid
}

extension Context {
    /// Writes a snapshot in a format, with a highlighted path and, for text, limits.
    func render(
        _ snapshot: TreeSnapshot,
        format: Format,
        highlighted: [Int] = [],
        maxDepth: Int? = nil,
        maxNodes: Int? = nil
    ) {
        let renderer: any TreeRenderer =
            switch format {
            case .text:
                TextRenderer(
                    maxDepth: maxDepth, maxNodes: maxNodes, highlighted: Set(highlighted), colors: console.colors)
            case .json: JSONRenderer()
            case .dot: DOTRenderer(highlighted: Set(highlighted))
            case .mermaid: MermaidRenderer(highlighted: Set(highlighted))
            }
        renderer.render(snapshot) { console.out($0) }
    }

    /// The snapshot of `home` with the path to the object a link reached.
    func located(_ outcome: DeepLinkOutcome?, in home: DefaultHomeCoordinator) -> (snapshot: TreeSnapshot, path: [Int])
    {
        guard let outcome else { return (TreeSnapshot(of: home), []) }
        return TreeSnapshot.locating(outcome.reached, from: home)
    }

    /// `0 Type > 1 Type > …` for a path of breadth-first numbers in `snapshot`.
    func describePath(_ path: [Int], in snapshot: TreeSnapshot) -> String {
        snapshot.pathDescription(path)
    }
}

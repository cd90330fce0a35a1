/// Your app as tools rebuild it: made as at launch, and driven by its links.
///
/// Conform one type of your app's module to it and give it to your app's `Inspector`
/// (`Inspector(name:app:root:)`). Then `xtree-cli record` writes the type's module and name into
/// the session, never any code; `xtree-cli export-test` writes a test that imports that module
/// and calls the type through this protocol; and `xtree-cli links --aasa` asks it which web
/// addresses the app takes.
///
/// ```swift
/// public enum BankApp: DeepLinkableApp {
///     public static func makeRoot() -> AppCoordinator { AppCoordinator(accounts: .preview) }
///
///     public static func open(_ link: String, in root: AppCoordinator) async throws -> any DeepLinkable {
///         try await root.open(BankLink(string: link))
///     }
///
///     public static let linkExamples = [
///         LinkExample(form: "bank://accounts/<id>", link: "bank://accounts/main"),
///         LinkExample(form: "https://bank.example/accounts/<id>", link: "https://bank.example/accounts/main"),
///     ]
///     public static let sampleValues = ["main", "savings"]
/// }
/// ```
///
/// The type must be public and declared at the top level of its module, named by a plain
/// identifier, so that a generated test can name it. A link that arrives before the app can
/// handle it is held with a ``LinkHolder``.
@MainActor
public protocol DeepLinkableApp {
    /// The app's root coordinator.
    associatedtype Root: DeepLinkable

    /// A fresh app, as at launch: what a generated test starts from. It should not depend on
    /// anything a test cannot rebuild (a network, saved state).
    static func makeRoot() -> Root

    /// Applies `link`, as the app receives it (its own scheme, or an `https` address it takes
    /// as a universal link), to the app under `root`, with the app's own handler.
    ///
    /// - Returns: The object the link ended on.
    /// - Throws: Why the link was refused or failed.
    static func open(_ link: String, in root: Root) async throws -> any DeepLinkable

    /// When a link ``open(_:in:)`` took has landed: when it returns (the default), or, for an
    /// app that navigates later from a task, when the tree is quiet (``LinkLanding``).
    static var linkLanding: LinkLanding { get }

    /// One example of each form of link the app takes: what tools try, and what they say is
    /// missing from a website's association file; with the type each must reach, where it is
    /// given, what `xtree-cli check --launch` holds it to. Empty by default.
    static var linkExamples: [LinkExample] { get }

    /// Values that make real links in a pattern's wildcards (ids of the app's data): tools try
    /// these for each `*` of an association file's pattern. Empty by default.
    static var sampleValues: [String] { get }

    /// Links of each form with its own sample values (a form of two values with each
    /// combination of them), with what each must reach: `xtree-cli check` on a running app
    /// checks these besides the examples, and `fuzz` starts from both instead of putting every
    /// form's samples in every link. Empty by default.
    static var sampleLinks: [LinkExample] { get }

    /// Where the app's own router would send `link` now, without applying it: the app's parse
    /// of the link and the handler it would choose (a side-effect-free `canHandle`, searched
    /// in the app's order, ``DeepLinkable/firstReceiver(as:order:where:)``), or who would hold
    /// it. `xtree-cli why` answers with it on a running app, so that it never contradicts
    /// `open`. By default ``LinkRoute/notGiven``: `why` reads a route table (`RoutedApp`).
    static func route(_ link: String, in root: Root) -> LinkRoute

    /// What a person does to the app besides its links, which tools offer by name: `back` in
    /// `xtree-cli watch`. Empty by default.
    static var actions: [AppAction<Root>] { get }
}

extension DeepLinkableApp {
    /// A link has landed when `open` returns.
    public static var linkLanding: LinkLanding { .whenOpenReturns }
    /// None: tools know no link of the app's but those they are given.
    public static var linkExamples: [LinkExample] { [] }
    /// None: a pattern's wildcards are tried with the values in its examples only.
    public static var sampleValues: [String] { [] }
    /// None: fuzzing puts the sample values in the examples.
    public static var sampleLinks: [LinkExample] { [] }
    /// Not given: tools read the app's route table, if it declares one.
    public static func route(_ link: String, in root: Root) -> LinkRoute { .notGiven }
    /// None: tools offer links only.
    public static var actions: [AppAction<Root>] { [] }
}

/// Something a person does to the app that is not a link (closing a sheet, going back),
/// which tools offer by name (``DeepLinkableApp/actions``).
public struct AppAction<Root>: Sendable {
    /// One word, as a tool's user types it: `back`.
    public let name: String
    /// What it does, in a few words, for help.
    public let help: String
    /// Does it to the app under the root; returns what to tell the user when there was
    /// nothing to do, else `nil`.
    public let run: @MainActor @Sendable (Root) -> String?

    /// Names an action and what it does.
    public init(_ name: String, help: String, run: @escaping @MainActor @Sendable (Root) -> String?) {
        self.name = name
        self.help = help
        self.run = run
    }
}

/// Where an app's own router would send a link now (``DeepLinkableApp/route(_:in:)``).
public enum LinkRoute: Sendable {
    /// The app does not say.
    case notGiven
    /// The app's parser makes `route` of the link (its own words for it), and `handler` would
    /// handle it now.
    case handled(route: String, by: any DeepLinkable)
    /// The app would hold the link (its `route`) until it can handle it, in the holder named.
    case held(route: String, by: String)
    /// The app makes `route` of the link, and nothing can handle it now.
    case unhandled(route: String)
    /// The app makes no route of the link: why, in its words.
    case refused(String)
}

/// How a tool names a ``DeepLinkableApp`` type in a file: its module and its name, each as
/// Swift spells it. Never code: a generated test checks both are plain identifiers before
/// writing them.
public struct AppTypeName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The module to import.
    public var module: String
    /// The type, at the top level of `module`.
    public var type: String

    /// Names a type.
    public init(module: String, type: String) {
        self.module = module
        self.type = type
    }

    /// The name of `app`, read from the type itself: `nil` if it is not a top-level type
    /// (nested, generic or local types cannot be named by a generated test).
    public init?<App: DeepLinkableApp>(of app: App.Type) {
        let parts = String(reflecting: app).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isIdentifier(parts[0]), Self.isIdentifier(parts[1]) else { return nil }
        self.init(module: String(parts[0]), type: String(parts[1]))
    }

    /// The name `text` is, as ``description`` writes it: `Module.Type` (a nested type's
    /// `Module.Outer.Inner` keeps `Outer.Inner` as its type, which ``problem`` then names);
    /// `nil` without a module and a type.
    public init?(_ text: String) {
        guard let dot = text.firstIndex(of: "."), dot != text.startIndex, text.index(after: dot) != text.endIndex
        else { return nil }
        self.init(module: String(text[..<dot]), type: String(text[text.index(after: dot)...]))
    }

    /// `Module.Type`.
    public var description: String { "\(module).\(type)" }

    /// Why these names cannot be written into Swift source, or `nil` if both can.
    public var problem: String? {
        for (what, name) in [("module", module), ("type", type)] where !Self.isIdentifier(Substring(name)) {
            return "the \(what) name is not a plain Swift identifier (ASCII letters, digits and '_', not "
                + "starting with a digit, and not a keyword)"
        }
        return nil
    }

    /// Whether `name` is an identifier Swift takes without backquotes: ASCII letters, digits
    /// and `_`, not starting with a digit, not a keyword, and at most 128 bytes.
    public static func isIdentifier(_ name: Substring) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        guard let first = name.utf8.first, name.utf8.count <= 128, !digits.contains(first) else { return false }
        let word = name.utf8.allSatisfy { byte in
            byte == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || digits.contains(byte)
        }
        return word && name != "_" && !keywords.contains(String(name))
    }

    /// Swift's reserved words, which a name may not be without backquotes.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
        "Type", "Protocol",
    ]
}

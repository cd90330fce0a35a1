/// Why a deep link was rejected or could not be applied; the tree is unchanged either way.
///
/// ```swift
/// do {
///     try await home.open(try DeepLink(string: "recipes://recipes/duk/ratings"))
/// } catch {
///     print(error)
///     // unknown recipe 'duk' in recipes://recipes/duk/ratings; close matches: roasted-wild-duck
/// }
/// ```
public struct DeepLinkError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// Longer than ``DeepLink/maximumLength`` bytes.
        case tooLong(bytes: Int)
        /// Not parseable as a URL.
        case notAURL
        /// The scheme is not `recipes`.
        case wrongScheme(String?)
        /// The URL has a part links never have: user, password, port or fragment.
        case unexpectedPart(String)
        /// The host and path are not one of the accepted forms.
        case unknownPath
        /// `recipes://tab/` without a tab.
        case missingTab
        /// A tab that does not exist.
        case unknownTab(String)
        /// A recipe link without a recipe id.
        case missingRecipeID
        /// A recipe id that is not a valid slug.
        case malformedRecipeID(String)
        /// Query items the form does not take.
        case strayQueryItems([String])
        /// No recipe has this id; `closeMatches` are ids that look alike.
        case unknownRecipe(Recipe.ID, closeMatches: [Recipe.ID])
        /// A state to restore names a list the app does not have.
        case unknownList(HomeTab)
        /// A recipe does not belong in the list a state puts it in.
        case recipeNotInList(Recipe.ID, HomeTab)
        /// A state to restore is one that no sequence of links can reach.
        case unreachableState(String)
        /// A step found no object to carry it out.
        case noReceiver(step: DeepLinkStep, receiver: String)
        /// The recipe service failed during a step.
        case serviceFailed(step: DeepLinkStep, message: String)
        /// The link was cancelled before it was applied.
        case cancelled
    }

    /// What went wrong.
    public var reason: Reason
    /// The link as given, shortened to 200 characters for messages.
    public var link: String

    /// Creates an error about `link`.
    public init(_ reason: Reason, in link: String) {
        self.reason = reason
        self.link = link.count > 200 ? link.prefix(200) + "…" : link
    }

    /// Whether the link itself is malformed (rather than valid but not applicable).
    public var isMalformed: Bool {
        switch reason {
        case .tooLong, .notAURL, .wrongScheme, .unexpectedPart, .unknownPath, .missingTab, .unknownTab,
            .missingRecipeID, .malformedRecipeID, .strayQueryItems:
            true
        case .unknownRecipe, .unknownList, .recipeNotInList, .unreachableState, .noReceiver, .serviceFailed,
            .cancelled:
            false
        }
    }

    /// A sentence saying what was wrong, where, and what is accepted.
    public var description: String {
        let accepted = "; accepted links: " + DeepLink.acceptedForms.joined(separator: ", ")
        let quotedLink = link.isEmpty ? "an empty link" : link
        switch reason {
        case .tooLong(let bytes):
            return "link is \(bytes) bytes long; links are at most \(DeepLink.maximumLength) bytes"
        case .notAURL:
            return "'\(quotedLink)' is not a URL" + accepted
        case .wrongScheme(nil):
            return "missing scheme in '\(quotedLink)'; the scheme is \(DeepLink.scheme)" + accepted
        case .wrongScheme(let scheme?):
            return "wrong scheme '\(scheme)' in \(quotedLink); the scheme is \(DeepLink.scheme)" + accepted
        case .unexpectedPart(let part):
            return "unexpected \(part) in \(quotedLink)" + accepted
        case .unknownPath:
            return "unknown path in \(quotedLink)" + accepted
        case .missingTab:
            return "missing tab in \(quotedLink); tabs: " + HomeTab.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownTab(let tab):
            return "unknown tab '\(tab)' in \(quotedLink); tabs: "
                + HomeTab.allCases.map(\.rawValue).joined(separator: ", ")
        case .missingRecipeID:
            return "missing recipe id in \(quotedLink)" + accepted
        case .malformedRecipeID(let text):
            return "malformed recipe id in \(quotedLink): " + Recipe.ID.rule(for: text)
        case .strayQueryItems(let items):
            return "unexpected query items \(items.joined(separator: "&")) in \(quotedLink)" + accepted
        case .unknownRecipe(let id, let matches):
            let hint =
                matches.isEmpty
                ? "no recipe has a similar id" : "close matches: \(matches.map(\.rawValue).joined(separator: ", "))"
            return "unknown recipe '\(id)' in \(quotedLink); \(hint)"
        case .unknownList(let tab):
            return "no recipe list for tab '\(tab)' in \(quotedLink)"
        case .recipeNotInList(let id, let tab):
            return "recipe '\(id)' does not belong in the \(tab) list in \(quotedLink)"
        case .unreachableState(let problem):
            return "\(quotedLink) cannot be reached by any links: \(problem); the tree is unchanged"
        case .noReceiver(let step, let receiver):
            return "\(quotedLink) failed at step '\(step.rawValue)': no \(receiver) accepted it; the tree is unchanged"
        case .serviceFailed(let step, let message):
            return "\(quotedLink) failed at step '\(step.rawValue)': \(message); the tree is unchanged"
        case .cancelled:
            return "\(quotedLink) was cancelled before it was applied; the tree is unchanged"
        }
    }
}

/// The steps of applying a link, named in errors.
public enum DeepLinkStep: String, Hashable, Sendable, Codable {
    /// Fetching the recipe from the service.
    case fetchRecipe = "fetch recipe"
    /// Fetching the recipe's ratings from the service.
    case fetchRatings = "fetch ratings"
    /// Finding the list coordinator that shows the recipe.
    case findList = "find list"
    /// Finding the recipe's detail screen after opening it.
    case findRecipeScreen = "find recipe screen"
    /// Presenting the ratings sheet.
    case presentRatings = "present ratings"
    /// Starting the rating flow and finding its first step.
    case startRating = "start rating"
}

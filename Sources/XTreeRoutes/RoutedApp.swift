import Foundation
import XTree
import XTreeSnapshot

/// A `DeepLinkableApp` whose links are declared in a ``RouteTable``: its link examples, sample
/// values and sample links come from the table, so that tools try every form, hold each to the type it
/// must reach, and find the forms a website's file leaves out, with nothing written twice.
///
/// ```swift
/// extension ShopApp: RoutedApp {
///     public static var routes: RouteTable<ShopLink> { ShopLink.routes }
/// }
/// ```
public protocol RoutedApp: DeepLinkableApp {
    /// The app's link value.
    associatedtype Link: Sendable
    /// The app's forms of link.
    static var routes: RouteTable<Link> { get }
}

extension RoutedApp {
    /// One example of each form of the table, under each scheme and host.
    public static var linkExamples: [LinkExample] { routes.examples }
    /// The table's sample values.
    public static var sampleValues: [String] { routes.sampleValues }
    /// Every sample of every form of the table, each form's own, under the custom scheme.
    public static var sampleLinks: [LinkExample] { routes.sampleLinks }
}

/// Where a link would end, found without applying it: the form it is of, the search for its
/// receiver, and that search's trace on a tree.
public struct LinkExplanation: Sendable {
    /// The link as given.
    public let link: String
    /// Its form: `shop://product/<sku>`.
    public let form: String
    /// The type it must end on.
    public let receiver: String
    /// What the receiver must satisfy: its attribute equal to the link's value, where the form
    /// says which.
    public let conditions: [NodeCondition]
    /// The breadth-first search for the receiver on the tree, as `find` makes it.
    public let trace: SearchTrace
}

extension RouteTable {
    /// Where `link` would end on `snapshot`'s tree, without applying it: no handler runs, so
    /// nothing in the app changes. The link is parsed to its form; the form's receiver, with
    /// the attribute the form names equal to the link's value, is searched for breadth first.
    /// The trace says which node answers, or which came near and why not.
    ///
    /// - Throws: ``RouteError`` if the link is of no form.
    public func why(_ link: String, in snapshot: TreeSnapshot) throws(RouteError) -> LinkExplanation {
        let (form, receiver, conditions) = try ending(of: link)
        let trace = snapshot.search(forName: receiver) { node in conditions.allSatisfy { $0.matches(node) } }
        return LinkExplanation(link: link, form: form, receiver: receiver, conditions: conditions, trace: trace)
    }

    /// The form `link` is of, the type it ends on and what that must satisfy: what ``why(_:in:)``
    /// searches for, read from the link alone.
    package func ending(of link: String) throws(RouteError) -> (
        form: String, receiver: String, conditions: [NodeCondition]
    ) {
        let (_, route, values) = try match(link)
        let conditions = route.condition(forValues: values).map { [NodeCondition(key: $0.key, value: $0.value)] } ?? []
        // A link that matched under https is on a universal host or one of the class of `hosts`.
        var prefix = "\(scheme)://"
        if link.lowercased().hasPrefix("https:"),
            let host = URLComponents(string: LinkNormalization.normalized(link))?.host?.lowercased()
        {
            prefix =
                universalHosts.contains(host) ? "https://\(host)/" : hosts.map { "https://<\($0.name)>/" } ?? prefix
        }
        return (route.form(after: prefix), route.receiver(forValues: values), conditions)
    }
}

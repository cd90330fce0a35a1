import XTree
import XTreeRoutes
import XTreeSnapshot

extension ReachabilityCheck where Link == String {
    /// Expects every form of `routes`, with each of its sample values, under the table's custom
    /// scheme, to reach the form's receiver (by its name, or a name it answers to in searches),
    /// with the attribute the form names equal to the value: the expectations written once, in
    /// the table. `samples` gives other values for the forms it names by pattern (a shop that
    /// sells fewer products than its table's samples).
    ///
    /// ```swift
    /// var check = ReachabilityCheck<ShopCoordinator, String>(
    ///     "Shop", makeApp: { ShopCoordinator() }, apply: { shop, text in try shop.open(try ShopLink(string: text)) })
    /// check.expectEveryRoute(of: ShopLink.routes)
    /// ```
    public mutating func expectEveryRoute<RouteLink>(
        of routes: RouteTable<RouteLink>, samples: [String: [String]] = [:]
    ) {
        for route in routes.routes {
            for values in samples[route.pattern].map({ $0.map { [$0] } }) ?? route.samples {
                // The form's own link, not the table's printing of its value: a link two forms
                // read alike (`app://item/1/notes`, `app://notes?item=1`) is expected in each.
                guard route.make(values) != nil else { continue }
                let url = "\(routes.scheme)://" + route.path(with: values)
                let receiver = route.receiver(forValues: values)
                let condition = route.condition(forValues: values).map { NodeCondition(key: $0.key, value: $0.value) }
                let description = "a \(receiver)" + (condition.map { " with \($0)" } ?? "")
                expect(
                    url,
                    reaches: .custom(description) { reached, _ in
                        let names = SnapshotBuilder.facts(of: reached).searchNames
                        guard names.contains(where: { typeName(receiver, matches: $0) }) else {
                            return "it is not a \(receiver)"
                        }
                        guard let condition else { return nil }
                        // As a snapshot shows it, so that `why` and `find` read the same.
                        let node = TreeSnapshot(of: reached).nodes[0]
                        let value = node.attributes.first { $0.key == condition.key }?.value
                        return value == condition.value
                            ? nil
                            : "its \(condition.key) is \(value.map { "'\($0)'" } ?? "missing"), not '\(condition.value)'"
                    })
            }
        }
    }
}

import XTreeEscaping

/// `Module.Name` of a type, without the `any ` of an existential.
///
/// Private and local types are named without their `(unknown context at $…)` part, which
/// holds an address that changes from run to run: ids and names derived from it must not.
package func qualifiedName(of type: Any.Type) -> String {
    var name = withoutAny(String(reflecting: type))
    while let start = name.range(of: "(unknown context at $"), let end = name[start.upperBound...].firstIndex(of: ")") {
        let next = name.index(after: end)
        name.removeSubrange(
            start.lowerBound..<(next < name.endIndex && name[next] == "." ? name.index(after: next) : next))
    }
    return name
}

/// The name of a type as written in its module, without the `any ` of an existential:
/// `RecipeViewModel` for `(any RecipeViewModel).self`.
package func plainName(of type: Any.Type) -> String {
    withoutAny(String(describing: type))
}

private func withoutAny(_ name: String) -> String {
    name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
}

/// Whether `name` as a user types it (`RecipeViewModel`, `RecipesDomain.RecipeViewModel`, a
/// nested type without its module such as `Route.status`, or a generic type's base name) names
/// the type whose qualified name is `qualified`.
package func typeName(_ name: String, matches qualified: String) -> Bool {
    if name == qualified { return true }
    let base = qualified.split(separator: "<", maxSplits: 1).first.map(String.init) ?? qualified
    if name == base { return true }
    guard !name.contains(".") else { return base.hasSuffix("." + name) }
    let last = base.split(separator: ".").last.map(String.init) ?? base
    return name == last || name == qualified.split(separator: ".").last.map(String.init)
}

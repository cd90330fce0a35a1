/// The apps `xtree-cli` can start in its own process. The first is the default; with more
/// than one, `--app NAME` picks another.
@MainActor
package enum EmbeddedApps {
    package static var all: [EmbeddedAppType] {
        var apps = [EmbeddedAppType(EmbeddedRecipes.self)]
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { apps.append(EmbeddedAppType(EmbeddedShop.self)) }
        return apps
    }
}

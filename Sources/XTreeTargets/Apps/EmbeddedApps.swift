/// The apps `xtree-cli` carries. The first is the default; `--launch NAME` picks another
/// (`serve NAME` for the one `serve` runs).
@MainActor
package enum EmbeddedApps {
    package static var all: [EmbeddedAppType] {
        var apps = [EmbeddedAppType(EmbeddedRecipes.self)]
        if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) { apps.append(EmbeddedAppType(EmbeddedShop.self)) }
        return apps
    }
}

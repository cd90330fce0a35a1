/// The apps `xtree-cli` can start in its own process. The first is the default; with more
/// than one, `--app NAME` picks another.
@MainActor
enum EmbeddedApps {
    static let all = [EmbeddedAppType(RecipesApp.self)]
}

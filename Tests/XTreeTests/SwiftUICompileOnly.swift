#if canImport(SwiftUI)
    import SwiftUI
    import XTree

    // Compile-only: where SwiftUI exists, a view holds a protocol-typed model in `@Store` and
    // passes a binding to one of its properties to a control. Nothing here runs (the SwiftUI
    // that `../shared/apple-compat/check` compiles against traps in every body).

    @MainActor protocol TitledModel: ViewModel {
        var title: String { get set }
        var isDone: Bool { get set }
    }

    @MainActor final class DefaultTitledModel: ObservableObject, TitledModel {
        @Published var title = ""
        @Published var isDone = false
    }

    struct TitleEditorCompilesAgainstSwiftUI: View {
        @Store var model: any TitledModel

        var body: some View {
            TextField("Title", text: $model.title)
        }
    }

    struct ToggleOfAnObservedModelCompilesAgainstSwiftUI: View {
        @ObservedObject var model: DefaultTitledModel

        var body: some View {
            Toggle("Done", isOn: $model.isDone)
        }
    }
#endif

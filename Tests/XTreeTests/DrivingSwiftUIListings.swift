#if canImport(SwiftUI)
    import Observation
    import SwiftUI
    import XTree

    // The listings of "Driving SwiftUI from coordinators", compiled where SwiftUI exists
    // (`../shared/apple-compat/check` compiles them against its SwiftUI stub). What they rely
    // on that is not a view (identity, write-back, the stack's path) is tested on Linux in
    // PresentationTests.

    @MainActor protocol NoteViewModel: ViewModel {
        var text: String { get set }
    }

    @MainActor final class DefaultNote: ObservableObject, NoteViewModel {
        @Published var text = ""
    }

    struct NoteView: View {
        @Store var model: any NoteViewModel

        var body: some View {
            TextField("Note", text: $model.text)
        }
    }

    @MainActor final class NotesCoordinator: ObservableObject {
        @Published var editing: (any NoteViewModel)?  // a sheet
        @Published var peeking: (any NoteViewModel)?  // a popover
        @Published var reading: (any NoteViewModel)?  // a pushed screen
        @Published var focused: (any NoteViewModel)?  // a full-screen cover
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct NotesView: View {
        @ObservedObject var coordinator: NotesCoordinator

        var body: some View {
            NavigationStack {
                Text("Notes")
                    .sheet(model: $coordinator.editing) { note in
                        NoteView(model: note)
                    }
                    .navigationDestination(model: $coordinator.reading) { note in
                        NoteView(model: note)
                    }
            }
        }
    }

    @available(iOS 17.0, *)
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    @available(watchOS, unavailable)
    struct NotesOnPhoneView: View {
        @ObservedObject var coordinator: NotesCoordinator

        var body: some View {
            Text("Notes")
                .popover(model: $coordinator.peeking) { note in
                    NoteView(model: note)
                }
                .fullScreenCover(model: $coordinator.focused) { note in
                    NoteView(model: note)
                }
        }
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    @MainActor @Observable final class ObservedNotesCoordinator {
        var editing: (any NoteViewModel)?
        var reading: (any NoteViewModel)?
    }

    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
    struct ObservedNotesView: View {
        @Bindable var coordinator: ObservedNotesCoordinator

        var body: some View {
            NavigationStack {
                Text("Notes")
                    .sheet(model: $coordinator.editing) { note in
                        NoteView(model: note)
                    }
                    .navigationDestination(model: $coordinator.reading) { note in
                        NoteView(model: note)
                    }
            }
        }
    }

    @MainActor final class NotebookCoordinator: ObservableObject {
        @Published var pages: [any NoteViewModel] = []  // pushed screens, the first at the bottom

        func open(_ page: any NoteViewModel) {
            pages.append(page)  // a deep link or a button pushes
        }
    }

    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
    struct NotebookView: View {
        @ObservedObject var coordinator: NotebookCoordinator

        var body: some View {
            ModelNavigationStack(path: $coordinator.pages) {
                Button("New page") { coordinator.open(DefaultNote()) }
            } destination: { page in
                NoteView(model: page)
            }
        }
    }
#endif
